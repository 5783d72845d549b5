-- Neovim opens a file with a syntax error: the compile error comes back as
-- an error diagnostic next to the findings of the kernel that still parses,
-- and the server survives worse text (garbage, an unterminated comment, a
-- missing header, NUL bytes) and recovers when the code is fixed.
local h = dofile(os.getenv("HARNESS"))

local function by_severity(diagnostics, severity)
  local found = {}
  for _, d in ipairs(diagnostics) do
    if d.severity == severity then
      table.insert(found, d)
    end
  end
  return found
end

h.run(function()
  local root = os.getenv("TEST_DIR")
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/broken.cu"))
  local bufnr = vim.api.nvim_get_current_buf()
  local client = h.start(bufnr, root)

  local diagnostics = h.diagnostics_for_current_text(bufnr)
  local errors = by_severity(diagnostics, vim.diagnostic.severity.ERROR)
  local warnings = by_severity(diagnostics, vim.diagnostic.severity.WARN)
  h.check(#errors == 1, "one error (got " .. #errors .. ")")
  local bad_line, bad_text = h.find_line(bufnr, "1.0f +;")
  local e = errors[1]
  h.say("error: " .. e.message .. " [" .. tostring(e.code) .. "]")
  h.check(e.lnum == bad_line - 1 and e.col == bad_text:find(";", 1, true) - 1,
    "the error is at the ';' (line " .. e.lnum + 1 .. ", column " .. e.col + 1 .. ")")
  h.check(#warnings == 1 and warnings[1].message:find("32-way bank conflict: read of 's'", 1, true) ~= nil,
    "the kernel that parses is still analysed")

  -- Worse and worse text; each version gets its diagnostics. NUL bytes and
  -- bytes that are not UTF-8 only need to be survived: Clang skips NULs.
  local garbage = {
    { errors = true, lines = { "}}} template <<<< @@@ \"unterminated" } },
    { errors = true, lines = { "/* a comment that never ends", "__global__ void k() {" } },
    { errors = true, lines = { "#include \"no-such-header.cuh\"", "__global__ void k() {}" } },
    { errors = false, lines = { "__global__ void k(float *out) { out[0] = 1.0f\0\0; } // \255\254" } },
  }
  for i, case in ipairs(garbage) do
    vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, case.lines)
    local now = h.diagnostics_for_current_text(bufnr)
    local now_errors = #by_severity(now, vim.diagnostic.severity.ERROR)
    h.check(not case.errors or now_errors >= 1,
      "garbage " .. i .. " is analysed (" .. now_errors .. " errors)")
  end
  h.check(not vim.lsp.client_is_stopped(client), "the server is still running")

  -- Fixed code: the error goes, the conflict stays.
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, {
    "// smem-lint: block_dim(32)",
    "__global__ void fine(float *out) {",
    "  __shared__ float s[32 * 32];",
    "  out[threadIdx.x] = s[threadIdx.x * 32];",
    "}",
  })
  local fixed = h.diagnostics_for_current_text(bufnr)
  h.check(#by_severity(fixed, vim.diagnostic.severity.ERROR) == 0, "no error once the code is fixed")
  h.check(#by_severity(fixed, vim.diagnostic.severity.WARN) == 1, "the conflict is still reported")
  h.stop(client)
end)
