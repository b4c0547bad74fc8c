-- The Neovim test: opens the fixture in a real (headless) Neovim with the plugin and checks what
-- a user would see: the filetype, the server attached, the uniqueness diagnostic with its related
-- location, shown in the diagnostic float and the location list, document symbols, `:RunicIr
-- syntax` and its refresh after an edit, `:RunicRun` on it (a compile error) and, on the run
-- fixture, its Run lenses, `:RunicRun` on a dataset, `:RunicIr fused` and `:RunicIr opencl`, and hover and go-to-definition. Exits 0
-- when every check passed.
local fixture = os.getenv('FIXTURE')
local run_fixture = os.getenv('RUN_FIXTURE')
local failures = 0

-- Each line starts with a newline: Neovim's own messages (on stderr) end without one.
local function log(message)
  io.stderr:write('\n' .. message)
end

local function check(name, condition, detail)
  if condition then
    log('ok   ' .. name)
  else
    failures = failures + 1
    log('FAIL ' .. name .. (detail and (': ' .. detail) or ''))
  end
  return condition
end

local function finish()
  log(failures == 0 and 'neovim: all checks passed' or ('neovim: ' .. failures .. ' check(s) failed'))
  io.stderr:write('\n')
  vim.cmd((failures == 0 and 'qall!' or 'cquit! 1'))
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture))
  local source = vim.api.nvim_get_current_buf()
  check('ftdetect: .fut is futhark', vim.bo.filetype == 'futhark', 'filetype is ' .. vim.bo.filetype)
  check('ftplugin: comment string', vim.bo.commentstring == '-- %s', vim.bo.commentstring)

  local runic = require('runic')
  local attached = vim.wait(15000, function()
    local client = runic.client(source)
    return client ~= nil and client.initialized and client.server_capabilities ~= nil
  end, 50)
  if not check('the runic server attaches', attached) then
    return
  end
  local client = runic.client(source)
  check('the server announces the syntax stage', vim.tbl_contains(runic.stages(source), 'syntax'), vim.inspect(runic.stages(source)))

  -- The uniqueness error, with the location that explains it.
  local explanation = '"xs" is not consumable: it is a parameter without a unique type ("*")'
  local got = vim.wait(20000, function()
    return #vim.diagnostic.get(source) > 0
  end, 50)
  if check('a diagnostic arrives', got) then
    local diagnostics = vim.diagnostic.get(source)
    check('exactly one diagnostic', #diagnostics == 1, vim.inspect(diagnostics))
    local d = diagnostics[1]
    local lines = vim.split(d.message, '\n', { plain = true })
    check('its message', lines[1] == 'Consuming variable "xs", which is not consumable.', d.message)
    check('then its related note, with its place', lines[2] == '  3:8: ' .. explanation and #lines == 2, d.message)
    check('its place (line 3, column 30)', d.lnum == 2 and d.col == 29, d.lnum .. ':' .. d.col)
    check('it is an error', d.severity == vim.diagnostic.severity.ERROR)
    local related = d.user_data and d.user_data.lsp and d.user_data.lsp.relatedInformation or {}
    if check('one related location', #related == 1, vim.inspect(related)) then
      local r = related[1]
      check('the related message explains', r.message == explanation, r.message)
      check('the related location is the parameter', r.location.range.start.line == 2 and r.location.range.start.character == 7, vim.inspect(r.location.range))
      check('the related location is in the file', r.location.uri == vim.uri_from_bufnr(source), r.location.uri)
    end
  end

  -- What a user sees: the diagnostic float on the error's line, and the location list.
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  local float_buf, float_win = vim.diagnostic.open_float({ scope = 'line' })
  if check('the diagnostic float opens', float_buf ~= nil and vim.api.nvim_buf_is_valid(float_buf)) then
    local shown = buffer_text(float_buf)
    check('the float shows the error', shown:find('Consuming variable "xs", which is not consumable.', 1, true) ~= nil, shown)
    check('the float shows the explanation and where it is', shown:find('3:8: ' .. explanation, 1, true) ~= nil, shown)
    vim.api.nvim_win_close(float_win, true)
  end
  vim.diagnostic.setloclist({ open = true })
  local list_buf
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    local buf = vim.api.nvim_win_get_buf(win)
    if vim.bo[buf].buftype == 'quickfix' then
      list_buf = buf
    end
  end
  if check('the location list opens', list_buf ~= nil) then
    local shown = buffer_text(list_buf)
    check('the location list shows the error with its explanation', shown:find('not consumable.', 1, true) ~= nil and shown:find('3:8: ' .. explanation, 1, true) ~= nil, shown)
    vim.cmd('lclose')
  end

  -- Document symbols.
  local answers = vim.lsp.buf_request_sync(source, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(source) } }, 10000)
  local names = {}
  for _, answer in pairs(answers or {}) do
    for _, symbol in ipairs(answer.result or {}) do
      table.insert(names, symbol.name)
    end
  end
  table.sort(names)
  check('document symbols f and main', vim.deep_equal(names, { 'f', 'main' }), vim.inspect(names))

  -- :RunicIr syntax on the declaration under the cursor.
  vim.api.nvim_win_set_cursor(0, { 6, 0 })
  vim.cmd('RunicIr syntax')
  local view
  for buf, v in pairs(runic.views) do
    if v.source == source then
      view = buf
    end
  end
  if check(':RunicIr opens a view', view ~= nil) then
    check('the focus stays in the source', vim.api.nvim_get_current_buf() == source)
    local shown = vim.wait(10000, function()
      return buffer_text(view):find('VALUE_DECL', 1, true) ~= nil
    end, 50)
    local text = buffer_text(view)
    check('the view shows the syntax tree of main', shown and text:find('IDENT@%d+%.%.%d+ "main"') ~= nil, text:sub(1, 300))
    check('only the declaration under the cursor', text:find('"ys"', 1, true) == nil)
    check('the view is a read-only scratch buffer', vim.bo[view].buftype == 'nofile' and not vim.bo[view].modifiable)
    check('the view is shown in a window', vim.fn.bufwinid(view) ~= -1)
    -- An edit to main refreshes the view after the debounce delay.
    vim.api.nvim_buf_set_lines(source, 5, 6, false, { 'entry main (xs: []i32) : i32 = reduce (+) 0 xs + 41' })
    local refreshed = vim.wait(10000, function()
      return buffer_text(view):find('"41"', 1, true) ~= nil
    end, 50)
    check('the view follows an edit', refreshed, buffer_text(view):sub(1, 200))
  end

  -- :RunicIr with an unknown stage says so and opens nothing.
  local before = vim.tbl_count(runic.views)
  local _, message = pcall(vim.cmd, 'RunicIr nosuchstage')
  check('an unknown stage opens no view', vim.tbl_count(runic.views) == before)
  check('an unknown stage is reported with the stages there are', tostring(message):find('unknown stage nosuchstage; the server shows: syntax', 1, true) ~= nil, tostring(message))

  check('the Run lens command is registered', type(vim.lsp.commands['runic.run']) == 'function')

  -- :RunicRun sends runic.run for the entry and shows the server's answer.
  vim.cmd('RunicRun main')
  local output
  local ran = vim.wait(20000, function()
    output = vim.fn.bufnr('runic-run://output')
    return output ~= -1 and #vim.api.nvim_buf_get_lines(output, 0, -1, false) > 1
  end, 50)
  if check(':RunicRun shows an answer', ran) then
    local lines = vim.api.nvim_buf_get_lines(output, 0, -1, false)
    check('the answer is for main', lines[1] == '▶ main', lines[1])
    local text = table.concat(lines, '\n')
    check('the uniqueness error stops the run', text:find('compile error: Consuming variable "xs"', 1, true) ~= nil, text)
  end

  -- The Run lenses of a program with a test block, and :RunicRun on one of its datasets.
  vim.cmd('edit ' .. vim.fn.fnameescape(run_fixture))
  local run_buf = vim.api.nvim_get_current_buf()
  vim.wait(15000, function()
    return runic.client(run_buf) ~= nil
  end, 50)
  local titles = {}
  local lensed = vim.wait(20000, function()
    vim.lsp.codelens.refresh()
    titles = {}
    for _, lens in ipairs(vim.lsp.codelens.get(run_buf)) do
      table.insert(titles, (lens.range.start.line + 1) .. ': ' .. (lens.command and lens.command.title or '?'))
    end
    return #titles > 0
  end, 200)
  check('the Run lenses arrive', lensed)
  table.sort(titles)
  check('a lens per dataset of main and one for squares', vim.deep_equal(titles, {
    '12: ▶ Run squares',
    '9: ▶ Run main (dataset #0)',
    '9: ▶ Run main (dataset #1)',
  }), vim.inspect(titles))
  vim.cmd('RunicRun main 1')
  local answer = ''
  local ran_dataset = vim.wait(20000, function()
    local buf = vim.fn.bufnr('runic-run://output')
    answer = buf ~= -1 and table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') or ''
    return answer:find('"30i32"', 1, true) ~= nil
  end, 50)
  check(':RunicRun main 1 shows the result of dataset #1', ran_dataset, answer)
  check('the heading names the dataset', answer:find('▶ main (1)', 1, true) == 1, answer)
  check('it passed', answer:find('passed = true', 1, true) ~= nil, answer)
  check('with the timings', answer:find('compile_ms = ', 1, true) ~= nil and answer:find('run_ms = ', 1, true) ~= nil, answer)
  log('     (the server answered: ' .. answer:gsub('%s+', ' ') .. ')')

  -- :RunicIr fused on squares: the core IR after the middle end.
  check('the server announces the fused stage', vim.tbl_contains(runic.stages(run_buf), 'fused'), vim.inspect(runic.stages(run_buf)))
  vim.api.nvim_set_current_buf(run_buf)
  vim.api.nvim_win_set_cursor(0, { 12, 6 })
  vim.cmd('RunicIr fused')
  local fused_view
  for buf, v in pairs(runic.views) do
    if v.source == run_buf then
      fused_view = buf
    end
  end
  if check(':RunicIr fused opens a view', fused_view ~= nil) then
    local shown = vim.wait(10000, function()
      return buffer_text(fused_view):find('entry squares', 1, true) ~= nil
    end, 50)
    local text = buffer_text(fused_view)
    check('the fused view shows the core IR of squares', shown and text:find('screma(', 1, true) ~= nil, text:sub(1, 300))
    check('only the entry point under the cursor', text:find('entry main', 1, true) == nil, text:sub(1, 300))
  end

  -- :RunicIr opencl on squares: the generated kernels ("show generated kernel").
  check('the server announces the opencl stage', vim.tbl_contains(runic.stages(run_buf), 'opencl'), vim.inspect(runic.stages(run_buf)))
  vim.api.nvim_set_current_buf(run_buf)
  vim.api.nvim_win_set_cursor(0, { 12, 6 })
  vim.cmd('RunicIr opencl')
  local kernel_view
  for buf, v in pairs(runic.views) do
    if v.source == run_buf and buf ~= fused_view then
      kernel_view = buf
    end
  end
  if check(':RunicIr opencl opens a view', kernel_view ~= nil) then
    local shown = vim.wait(20000, function()
      return buffer_text(kernel_view):find('__kernel void segmap', 1, true) ~= nil
    end, 50)
    local text = buffer_text(kernel_view)
    check('the opencl view shows the kernels of squares', shown and text:find('host squares', 1, true) ~= nil, text:sub(-300))
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture))

  -- Hover and go to definition on a use of the parameter xs.
  local caps = client.server_capabilities
  check('the server offers hover', caps.hoverProvider ~= nil)
  check('the server offers go to definition', caps.definitionProvider ~= nil)
  do
    local hover = vim.lsp.buf_request_sync(source, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(source) },
      position = { line = 2, character = 29 },
    }, 10000)
    local contents
    for _, answer in pairs(hover or {}) do
      contents = answer.result and answer.result.contents
    end
    local text = type(contents) == 'table' and (contents.value or vim.inspect(contents)) or tostring(contents)
    check('hover on xs shows its type', text:find('[]i32', 1, true) ~= nil, text)
  end
  do
    local definition = vim.lsp.buf_request_sync(source, 'textDocument/definition', {
      textDocument = { uri = vim.uri_from_bufnr(source) },
      position = { line = 2, character = 29 },
    }, 10000)
    local location
    for _, answer in pairs(definition or {}) do
      local result = answer.result
      location = result and (result[1] or result)
    end
    local range = location and (location.range or location.targetSelectionRange)
    check('definition of xs is the parameter', range ~= nil and range.start.line == 2 and range.start.character == 7, vim.inspect(location))
  end
end)
if not ok then
  check('the test ran without a Lua error', false, tostring(err))
end
finish()
