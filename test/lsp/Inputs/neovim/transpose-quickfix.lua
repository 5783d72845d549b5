-- Neovim opens a transpose with a 32x32 tile read by columns, gets the
-- 32-way bank conflict from smem-lint, applies the padding quick fix through
-- vim.lsp.buf.code_action(), and sees the diagnostics clear.
local h = dofile(os.getenv("HARNESS"))

h.run(function()
  local root = os.getenv("TEST_DIR")
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/src/transpose.cu"))
  local bufnr = vim.api.nvim_get_current_buf()
  h.check(vim.bo[bufnr].filetype == "cuda", "the buffer's filetype is cuda")
  local client = h.start(bufnr, root)

  local diagnostics = h.diagnostics_for_current_text(bufnr)
  h.check(#diagnostics == 1, "one diagnostic, so the compile database defined BLOCK_ROWS (got " .. #diagnostics .. ")")
  local d = diagnostics[1]
  h.say("message: " .. d.message)
  local read_line, read_text = h.find_line(bufnr, "= tile[threadIdx.x]")
  local read_col = read_text:find("tile[", 1, true) - 1
  h.check(d.lnum == read_line - 1 and d.end_lnum == read_line - 1,
    "on line " .. read_line .. ", the column read (got " .. d.lnum + 1 .. ")")
  -- The whole read, as the finding's range says: tile[threadIdx.x][...].
  local read = read_text:match("tile%[threadIdx%.x%]%[[^%]]*%]")
  h.check(d.col == read_col and d.end_col == read_col + #read,
    "the range covers '" .. read .. "' (columns " .. d.col .. "-" .. d.end_col .. ")")
  h.check(d.severity == vim.diagnostic.severity.WARN, "severity warning")
  h.check(d.source == "smem-lint", "source smem-lint")
  h.check(d.code == "smem-bank-conflict", "code smem-bank-conflict")
  local lsp = d.user_data.lsp
  h.check(lsp.codeDescription ~= nil and lsp.codeDescription.href:match("^file://.*/docs/checks/smem%-bank%-conflict%.md$") ~= nil,
    "codeDescription links the check's page")
  local padding_note = false
  for _, related in ipairs(lsp.relatedInformation or {}) do
    padding_note = padding_note or related.message:find("^pad the rows of 'tile' to 33 elements") ~= nil
  end
  h.check(padding_note, "the padding note comes as related information")

  -- The code action menu at the conflict, answered as a user picking the
  -- padding.
  local titles = {}
  vim.ui.select = function(items, _, on_choice)
    local chosen
    for _, item in ipairs(items) do
      table.insert(titles, item[2].title)
      if item[2].title:find("^pad the rows of 'tile'") then
        chosen = item
      end
    end
    on_choice(chosen)
  end
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  vim.lsp.buf.code_action()
  h.wait(function() return #titles > 0 end, "code actions")
  for _, title in ipairs(titles) do
    h.say("code action: " .. title)
  end

  local decl_line = h.find_line(bufnr, "__shared__ float tile")
  h.wait(function()
    return vim.api.nvim_buf_get_lines(bufnr, decl_line - 1, decl_line, false)[1]:find("[32][33]", 1, true) ~= nil
  end, "the padding to be applied")
  h.say("declaration: " .. vim.trim(vim.api.nvim_buf_get_lines(bufnr, decl_line - 1, decl_line, false)[1]))

  local after = h.diagnostics_for_current_text(bufnr)
  h.check(#after == 0, "no diagnostics once the tile is padded (got " .. #after .. ")")
  h.check(not vim.lsp.client_is_stopped(client), "the server is still running")
  h.stop(client)
end)
