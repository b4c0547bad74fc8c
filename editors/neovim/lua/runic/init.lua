-- Runic for Neovim: starting `runic lsp` for Futhark buffers (with `vim.lsp.start` on Neovim 0.8
-- and newer, `vim.lsp.start_client` before), and the IR views and runs behind the `:RunicIr` and
-- `:RunicRun` commands. Works on Neovim 0.7 and newer.
local M = {}

M.config = {
  -- The server command; `runic` must be on PATH, or give the full path.
  cmd = { 'runic', 'lsp' },
  -- Files whose directory is the project root, searched upwards from the buffer's file.
  root_markers = { 'futhark.pkg', '.git' },
  -- Sent in `initialize` as `initializationOptions`: how `runic.run` runs entry points.
  init_options = { backend = 'auto' },
  -- Milliseconds after an edit before open IR views are refreshed.
  ir_debounce_ms = 300,
}

--- The project root of `path`: the nearest folder upwards holding a root marker.
function M.root_dir(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if (vim.uv or vim.loop).fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return vim.fn.fnamemodify(path, ':p:h')
    end
    dir = parent
  end
end

--- The message of an LSP diagnostic followed by its related notes (`relatedInformation`), one a
--- line as `  LINE:COLUMN: note` (a note in another file names it first), so that the float, the
--- location list and virtual text show the notes that Neovim itself leaves in `user_data`.
function M.message_with_notes(diagnostic, uri)
  local notes = diagnostic.relatedInformation
  if type(notes) ~= 'table' or #notes == 0 then
    return diagnostic.message
  end
  local lines = { diagnostic.message }
  for _, note in ipairs(notes) do
    local start = note.location.range.start
    local file = ''
    if note.location.uri ~= uri then
      file = vim.fn.fnamemodify(vim.uri_to_fname(note.location.uri), ':t') .. ':'
    end
    table.insert(lines, string.format('  %s%d:%d: %s', file, start.line + 1, start.character + 1, note.message))
  end
  return table.concat(lines, '\n')
end

--- The `textDocument/publishDiagnostics` handler of the runic client: Neovim's own, on messages
--- that carry their related notes.
function M.publish_diagnostics(err, result, ...)
  if type(result) == 'table' and type(result.diagnostics) == 'table' then
    for _, diagnostic in ipairs(result.diagnostics) do
      diagnostic.message = M.message_with_notes(diagnostic, result.uri)
    end
  end
  return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ...)
end

--- The client's handlers (for `handlers` of a client configuration).
function M.handlers()
  return { ['textDocument/publishDiagnostics'] = M.publish_diagnostics }
end

--- The client configuration, as `vim.lsp.start` and `vim.lsp.start_client` take it.
function M.client_config(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  return {
    name = 'runic',
    cmd = M.config.cmd,
    root_dir = M.root_dir(path ~= '' and path or vim.fn.getcwd() .. '/x'),
    init_options = M.config.init_options,
    handlers = M.handlers(),
  }
end

-- Neovim 0.7 has no `vim.lsp.start`: one client per root, attached to each buffer by hand.
local clients_by_root = {}

--- Starts (or reuses) the server for buffer `bufnr` and attaches it.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local config = M.client_config(bufnr)
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients_by_root[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.get_client_by_id(id).is_stopped() then
    id = vim.lsp.start_client(config)
    clients_by_root[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Sets the options and starts the server for every Futhark buffer, now and later.
function M.setup(options)
  M.config = vim.tbl_deep_extend('force', M.config, options or {})
  local group = vim.api.nvim_create_augroup('runic_start', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'futhark',
    callback = function(event)
      M.start(event.buf)
    end,
  })
end

--- The `runic` client attached to `bufnr`, or nil.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  -- `get_clients` from 0.10 on; `buf_get_clients` before (deprecated since).
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.name == 'runic' then
      return client
    end
  end
  return nil
end

--- The stages the server announced (`capabilities.experimental.runicStages`).
function M.stages(bufnr)
  local client = M.client(bufnr)
  local experimental = client and client.server_capabilities and client.server_capabilities.experimental
  local stages = type(experimental) == 'table' and experimental.runicStages or nil
  return type(stages) == 'table' and stages or {}
end

--- Sends a request through `client` (a method call from Neovim 0.11 on, a field call before).
local function request(client, method, params, handler, bufnr)
  if vim.fn.has('nvim-0.11') == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function scratch(name, lines, filetype)
  local existing = vim.fn.bufnr('^' .. vim.fn.escape(name, '[]\\.*~') .. '$')
  local buf
  if existing ~= -1 then
    buf = existing
    local win = vim.fn.bufwinid(buf)
    if win == -1 then
      vim.cmd('botright vsplit')
      vim.api.nvim_win_set_buf(0, buf)
    end
  else
    vim.cmd('botright vnew')
    buf = vim.api.nvim_get_current_buf()
    vim.bo[buf].buftype = 'nofile'
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].swapfile = false
    vim.api.nvim_buf_set_name(buf, name)
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = filetype
  return buf
end

local function filetype_of(language)
  if language == 'c' or language == 'opencl' then
    return 'c'
  elseif language == nil or language == 'plaintext' or language == 'text' then
    return ''
  end
  return language
end

-- Open IR views: scratch buffer number -> { source = bufnr, params = request parameters }.
M.views = {}

local function fill_view(view_buf, source, params)
  local client = M.client(source)
  if client == nil then
    return
  end
  request(client, 'runic/viewIr', params, function(err, result)
    if not vim.api.nvim_buf_is_valid(view_buf) then
      return
    end
    local lines
    if err then
      lines = { '-- The server could not show stage ' .. params.stage .. ': ' .. (err.message or vim.inspect(err)) }
    else
      lines = vim.split(result.text, '\n', { plain = true })
      if lines[#lines] == '' then
        table.remove(lines)
      end
    end
    vim.bo[view_buf].modifiable = true
    vim.api.nvim_buf_set_lines(view_buf, 0, -1, false, lines)
    vim.bo[view_buf].modifiable = false
    if result and result.language then
      vim.bo[view_buf].filetype = filetype_of(result.language)
    end
  end, source)
end

local refresh_timers = {}

local function watch_source(source)
  if refresh_timers[source] ~= nil then
    return
  end
  refresh_timers[source] = false
  vim.api.nvim_buf_attach(source, false, {
    on_lines = function()
      local timer = refresh_timers[source]
      if timer then
        timer:stop()
      end
      timer = vim.defer_fn(function()
        refresh_timers[source] = false
        for view_buf, view in pairs(M.views) do
          if not vim.api.nvim_buf_is_valid(view_buf) then
            M.views[view_buf] = nil
          elseif view.source == source then
            fill_view(view_buf, source, view.params)
          end
        end
      end, M.config.ir_debounce_ms)
      refresh_timers[source] = timer
    end,
    on_detach = function()
      refresh_timers[source] = nil
    end,
  })
end

--- Shows `stage` of the function `fn` (default: the declaration under the cursor) in a scratch
--- split, refreshed after edits to the source.
function M.view_ir(stage, fn)
  local source = vim.api.nvim_get_current_buf()
  local client = M.client(source)
  if client == nil then
    vim.notify('Runic: no runic server is attached to this buffer', vim.log.levels.ERROR)
    return
  end
  local stages = M.stages(source)
  if not vim.tbl_contains(stages, stage) then
    vim.notify('Runic: unknown stage ' .. tostring(stage) .. '; the server shows: ' .. table.concat(stages, ', '), vim.log.levels.ERROR)
    return
  end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(source) },
    stage = stage,
  }
  if fn and fn ~= '' then
    params['function'] = fn
  else
    -- In the client's offset encoding (UTF-16 by default), as the server reads
    -- positions: Neovim's own cursor column counts bytes.
    params.position = vim.lsp.util.make_position_params(0, client.offset_encoding or 'utf-16').position
  end
  local name = string.format('runic-ir://%s [%s: %s]', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(source), ':t'), stage, fn or ('line ' .. cursor[1]))
  local view_buf = scratch(name, { '-- loading ' .. stage .. ' …' }, '')
  M.views[view_buf] = { source = source, params = params }
  watch_source(source)
  fill_view(view_buf, source, params)
  vim.cmd('wincmd p')
  return view_buf
end

--- The entry point at or above the cursor (`entry NAME`), or nil.
local function entry_at_cursor()
  local lines = vim.api.nvim_buf_get_lines(0, 0, vim.api.nvim_win_get_cursor(0)[1], false)
  for i = #lines, 1, -1 do
    local name = lines[i]:match("^%s*entry%s+([%w_']+)")
    if name then
      return name
    end
  end
  return nil
end

--- Runs `entry` (default: the entry at or above the cursor) through `workspace/executeCommand`
--- `runic.run`, and shows the answer in the `runic-run://output` split.
function M.run(entry, dataset, bufnr)
  local source = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(source)
  if client == nil then
    vim.notify('Runic: no runic server is attached to this buffer', vim.log.levels.ERROR)
    return
  end
  entry = entry or entry_at_cursor()
  if entry == nil then
    vim.notify('Runic: no entry point at or above the cursor', vim.log.levels.ERROR)
    return
  end
  local arguments = { uri = vim.uri_from_bufnr(source), entry = entry, dataset = dataset }
  vim.notify('Runic: running ' .. entry .. ' …')
  request(client, 'workspace/executeCommand', { command = 'runic.run', arguments = { arguments } }, function(err, result)
    local lines = { '▶ ' .. entry .. (dataset and (' (' .. dataset .. ')') or '') }
    if err then
      table.insert(lines, 'error: ' .. (err.message or vim.inspect(err)))
    else
      vim.list_extend(lines, vim.split(vim.inspect(result), '\n', { plain = true }))
    end
    local current = vim.api.nvim_get_current_win()
    scratch('runic-run://output', lines, '')
    vim.api.nvim_set_current_win(current)
  end, source)
end

return M
