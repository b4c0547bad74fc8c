" Runic: `.fut` files are Futhark programs (filetype `futhark`).
autocmd BufRead,BufNewFile *.fut setfiletype futhark
