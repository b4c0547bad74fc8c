-- The test's Neovim set-up: this plugin on the runtimepath (so its ftdetect, ftplugin and plugin
-- files load as they would for a user), the server command from $RUNIC, nothing else.
local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.runtimepath:prepend(plugin)
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'
require('runic').setup({ cmd = { os.getenv('RUNIC'), 'lsp' }, ir_debounce_ms = 100 })
