-- Runic: buffer settings for Futhark files (line comments start with `--`).
vim.bo.commentstring = '-- %s'
vim.bo.comments = ':-- |,:--'
vim.bo.expandtab = true
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2
