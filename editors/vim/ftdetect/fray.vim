" .fray files are fray rule and encounter files.
autocmd BufRead,BufNewFile *.fray setfiletype fray
