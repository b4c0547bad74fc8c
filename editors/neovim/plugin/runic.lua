-- Runic: the user commands, defined once when Neovim loads its plugins. They work with any
-- client named `runic` attached to the current buffer, however it was started (`require('runic')
-- .setup()`, `vim.lsp.start`, or nvim-lspconfig).
if vim.g.loaded_runic then
  return
end
vim.g.loaded_runic = true

vim.api.nvim_create_user_command('RunicIr', function(args)
  require('runic').view_ir(args.fargs[1], args.fargs[2])
end, {
  nargs = '+',
  desc = 'Runic: show a stage of the compiler (runic/viewIr) in a scratch split: :RunicIr STAGE [FUNCTION]',
  complete = function(lead)
    return vim.tbl_filter(function(stage)
      return stage:find(lead, 1, true) == 1
    end, require('runic').stages(0))
  end,
})

vim.api.nvim_create_user_command('RunicRun', function(args)
  require('runic').run(args.fargs[1], args.fargs[2])
end, {
  nargs = '*',
  desc = 'Runic: run an entry point (runic.run): :RunicRun [ENTRY [DATASET]]',
})

-- The Run lens's command, run by `vim.lsp.codelens.run()`: through `:RunicRun`'s code.
vim.lsp.commands['runic.run'] = function(command, context)
  local arguments = command.arguments and command.arguments[1] or {}
  require('runic').run(arguments.entry, arguments.dataset, context and context.bufnr)
end
