" fray: indent after an open brace, bracket or parenthesis; dedent a line
" that starts by closing one.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal indentexpr=FrayIndent(v:lnum)
setlocal indentkeys=0},0],0),!^F,o,O
let b:undo_indent = 'setlocal indentexpr< indentkeys<'

if exists('*FrayIndent')
  finish
endif

function! FrayIndent(lnum) abort
  let prev = prevnonblank(a:lnum - 1)
  if prev == 0
    return 0
  endif
  " The previous line without its comment and strings.
  let text = substitute(getline(prev), '"\([^"\\]\|\\.\)*"', '""', 'g')
  let text = substitute(text, '#.*$', '', '')
  let ind = indent(prev)
  let opens = len(substitute(text, '[^{[(]', '', 'g'))
  let closes = len(substitute(text, '[^}\])]', '', 'g'))
  if opens > closes
    let ind += shiftwidth()
  endif
  if getline(a:lnum) =~# '^\s*[}\])]'
    let ind -= shiftwidth()
  endif
  return max([ind, 0])
endfunction
