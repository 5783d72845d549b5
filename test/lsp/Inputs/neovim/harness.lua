-- Shared by the Neovim client tests: starts `smem-lint --lsp` with Neovim's
-- built-in client (the API of Neovim 0.7, still there in later versions),
-- records what the server publishes, and reports each check on stdout for
-- FileCheck. Any Lua error fails the test instead of leaving Neovim waiting.

local M = {}

local failures = 0
M.publications = {}
M.exit_code = nil

function M.say(text)
  io.stdout:write(text .. "\n")
  io.stdout:flush()
end

function M.check(ok, what)
  if ok then
    M.say("ok: " .. what)
  else
    failures = failures + 1
    M.say("FAIL: " .. what)
  end
  return ok
end

-- Waits up to 60 s for predicate(); the analysis of a small kernel takes
-- well under a second, the rest is margin for a loaded machine.
function M.wait(predicate, what)
  local ok = vim.wait(60000, predicate, 20)
  if not ok then
    error("timed out waiting for " .. what)
  end
end

-- Records what any client publishes, through the default handler: for a
-- client the user's configuration started (the README's snippet). Each
-- publication keeps when it arrived (vim.loop.hrtime(), ns) in received.
function M.record_publications()
  local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    result.received = vim.loop.hrtime()
    table.insert(M.publications, result)
    return default(err, result, ctx, config)
  end
end

-- The id of the client attached to bufnr once there is one.
function M.attached_client(bufnr)
  local id
  M.wait(function()
    for client_id, _ in pairs(vim.lsp.buf_get_clients(bufnr)) do
      id = client_id
    end
    return id ~= nil
  end, "a client attached to the buffer")
  return id
end

-- The last publication for bufnr's current text (diagnostics_for_current_text
-- waits for it).
function M.last_publication(bufnr)
  local uri = vim.uri_from_bufnr(bufnr)
  for i = #M.publications, 1, -1 do
    if M.publications[i].uri == uri then
      return M.publications[i]
    end
  end
end

-- Starts the server named by $SMEM_LINT (the binary and its options, as
-- lit's %smem-lint expands) with --lsp, and attaches it to bufnr.
function M.start(bufnr, root)
  local cmd = vim.split(os.getenv("SMEM_LINT"), " ", { trimempty = true })
  table.insert(cmd, "--lsp")
  local id = vim.lsp.start_client({
    name = "smem-lint",
    cmd = cmd,
    root_dir = root,
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        table.insert(M.publications, result)
        return vim.lsp.handlers["textDocument/publishDiagnostics"](err, result, ctx, config)
      end,
    },
    on_exit = function(code)
      M.exit_code = code
    end,
  })
  assert(id, "vim.lsp.start_client failed")
  assert(vim.lsp.buf_attach_client(bufnr, id), "vim.lsp.buf_attach_client failed")
  return id
end

-- The version the client last sent for bufnr: Neovim 0.7 keeps it in
-- vim.lsp.util.buf_versions (0 for didOpen, then changedtick).
local function sent_version(bufnr)
  local versions = vim.lsp.util.buf_versions
  if versions and versions[bufnr] then
    return versions[bufnr]
  end
  return vim.api.nvim_buf_get_changedtick(bufnr)
end

-- The diagnostics of bufnr's current text, once the server has published
-- them for the version the client last sent.
function M.diagnostics_for_current_text(bufnr)
  local uri = vim.uri_from_bufnr(bufnr)
  M.wait(function()
    for i = #M.publications, 1, -1 do
      local publication = M.publications[i]
      if publication.uri == uri then
        return publication.version == sent_version(bufnr)
      end
    end
    return false
  end, "diagnostics for version " .. tostring(sent_version(bufnr)))
  return vim.diagnostic.get(bufnr)
end

-- 1-based number of the first line of bufnr containing text (plain).
function M.find_line(bufnr, text)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if line:find(text, 1, true) then
      return number, line
    end
  end
  error("no line contains " .. text)
end

function M.stop(id)
  vim.lsp.stop_client(id)
  M.wait(function() return M.exit_code ~= nil end, "the server to exit")
  M.check(M.exit_code == 0, "the server exits with 0 after shutdown (got " .. tostring(M.exit_code) .. ")")
end

-- Runs the test body and quits Neovim with the result.
function M.run(body)
  local ok, err = pcall(body)
  if not ok then
    failures = failures + 1
    M.say("FAIL: " .. tostring(err))
  end
  if failures == 0 then
    M.say("PASS")
    vim.cmd("qall!")
  else
    M.say("FAILED: " .. failures)
    vim.cmd("cquit 1")
  end
end

return M
