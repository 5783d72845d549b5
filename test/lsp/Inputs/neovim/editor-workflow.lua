-- Neovim configured with the README's snippet as written (init.lua, the
-- client it starts runs `smem-lint` from PATH), on a transpose whose tile is
-- read by columns: the message Neovim shows names the lanes, the bank and
-- the fix; hover over the read shows its lane -> bank map; a NOLINT typed
-- in the buffer, not saved, silences the finding. Prints how long the
-- diagnostics take to come back after opening and after each edit; asserts
-- nothing about the times.
local h = dofile(os.getenv("HARNESS"))

-- The floating windows open now.
local function floats()
  local found = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      table.insert(found, win)
    end
  end
  return found
end

h.run(function()
  h.record_publications()
  local root = os.getenv("TEST_DIR")
  local opened = vim.loop.hrtime()
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/src/transpose.cu"))
  local bufnr = vim.api.nvim_get_current_buf()
  local client = h.attached_client(bufnr)
  h.check(vim.lsp.get_client_by_id(client).name == "smem-lint", "the snippet attached smem-lint")

  local diagnostics = h.diagnostics_for_current_text(bufnr)
  local open_ms = (h.last_publication(bufnr).received - opened) / 1e6
  h.check(#diagnostics == 1, "one diagnostic (got " .. #diagnostics .. ")")
  local d = diagnostics[1]
  -- What Neovim's virtual text and float show: the message, no related
  -- information.
  for line in vim.gsplit(d.message, "\n", true) do
    h.say("shown: " .. line)
  end
  h.check(d.message:find("\nlanes 0-31 of warp 0 need 32 different words from bank 0", 1, true) ~= nil,
    "the message names the lanes and the bank")
  h.check(d.message:find("\npad the rows of 'tile' to 33 elements", 1, true) ~= nil,
    "the message gives the fix")

  -- Hover over the read, as `:lua vim.lsp.buf.hover()` shows it.
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col + 2 })
  vim.lsp.buf.hover()
  h.wait(function() return #floats() > 0 end, "the hover window")
  local shown = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(floats()[1]), 0, -1, false)
  for _, line in ipairs(shown) do
    h.say("hover: " .. line)
  end
  local text = table.concat(shown, "\n")
  h.check(text:find("worst 32 (warp 0), mean 32.0, ideal 1", 1, true) ~= nil, "hover gives the wavefronts")
  h.check(text:find("lanes 24-31:  0  0  0  0  0  0  0  0", 1, true) ~= nil, "hover gives each lane's bank")
  for _, win in ipairs(floats()) do
    vim.api.nvim_win_close(win, true)
  end

  -- A NOLINT typed at the read and not saved.
  local read_line, read_text = h.find_line(bufnr, "= tile[threadIdx.x]")
  vim.api.nvim_buf_set_lines(bufnr, read_line - 1, read_line, false,
    { read_text .. " // NOLINT(smem-bank-conflict)" })
  local silenced = h.diagnostics_for_current_text(bufnr)
  h.check(#silenced == 0 and vim.bo[bufnr].modified,
    "a NOLINT in the unsaved buffer silences the conflict (" .. #silenced .. " left)")
  vim.api.nvim_buf_set_lines(bufnr, read_line - 1, read_line, false, { read_text })
  h.check(#h.diagnostics_for_current_text(bufnr) == 1, "deleted again, the conflict is back")

  -- Edits below the preamble, as typing in a kernel does.
  local edits = {}
  for i = 1, 5 do
    local sent = vim.loop.hrtime()
    vim.api.nvim_buf_set_lines(bufnr, -1, -1, false, { "// edit " .. i })
    h.diagnostics_for_current_text(bufnr)
    table.insert(edits, string.format("%.0f", (h.last_publication(bufnr).received - sent) / 1e6))
  end
  h.say(string.format("latency: open %.0f ms, edits %s ms", open_ms, table.concat(edits, ", ")))

  vim.lsp.stop_client(client)
  h.wait(function() return vim.lsp.client_is_stopped(client) end, "the server to stop")
  h.check(true, "the server stopped")
end)
