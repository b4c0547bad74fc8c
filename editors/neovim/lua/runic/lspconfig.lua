-- Runic for nvim-lspconfig: registers the server under the name `runic`, so that
-- `require('lspconfig').runic.setup({})` starts it for Futhark buffers.
local M = {}

function M.register()
  local configs = require('lspconfig.configs')
  local util = require('lspconfig.util')
  if configs.runic then
    return
  end
  configs.runic = {
    default_config = {
      cmd = { 'runic', 'lsp' },
      filetypes = { 'futhark' },
      root_dir = function(fname)
        return util.root_pattern('futhark.pkg', '.git')(fname) or vim.fn.fnamemodify(fname, ':p:h')
      end,
      init_options = { backend = 'auto' },
      -- Related notes shown in the diagnostic's message (float, location list).
      handlers = require('runic').handlers(),
      single_file_support = true,
    },
    docs = {
      description = 'Runic, a compiler and language server for Futhark (`runic lsp`).',
    },
  }
end

return M
