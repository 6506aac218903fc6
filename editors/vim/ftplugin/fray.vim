" fray: comments and layout.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s
setlocal comments=:#
setlocal formatoptions-=t formatoptions+=croql
" fray fmt indents with two spaces.
setlocal expandtab shiftwidth=2 softtabstop=2
setlocal iskeyword=@,48-57,_,192-255

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions< expandtab< shiftwidth< softtabstop< iskeyword<'
