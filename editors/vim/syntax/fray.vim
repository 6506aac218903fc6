" Vim syntax file
" Language: fray rule and encounter files (*.fray)
" Maintainer: the fray authors, https://github.com/frayrules/fray
"
" Keywords are contextual in fray: the lexer makes them identifiers and
" the grammar gives them meaning. The keyword lists below are checked
" against dsl/syntax's grammar by `go test ./dsl/syntax -run TestGrammar`:
" every syn keyword line of a fray* group names keywords of the grammar,
" and together they name all of them (frayType may add type names).

if exists('b:current_syntax')
  finish
endif

syn case match
syn iskeyword @,48-57,_,192-255

" Declarations: keywords at the start of a line.
syn keyword frayDeclaration ruleset encounter combatant side const event on action table modifiers fn phase end surprise round ruling map order remove test property condition slots choice point react
syn keyword frayModifier override
syn keyword frayStatement let if else for emit act declare schedule cancel segment log apply return call while expect exact cannot lasts adjust scale engage disengage hold held interrupt referee
syn keyword frayClause by asc desc simultaneous group of when as over after before to effect tba aggregate in derived rounds from costs or then chooses with
syn keyword frayTiming once each at
syn keyword frayAggregate sum max min best worst
syn keyword frayType int float bool string dice list

syn keyword frayConstant true false nil none
syn keyword fraySelf self
syn keyword frayOperatorWord and or not matches contains startsWith endsWith

" Dice before numbers: 2d6, d20, d%, exploding d6! (not d6 != 3).
syn match frayNumber '\<\d\+\%(\.\d\+\)\=\>'
syn match frayDice '\<\d*d\%(\d\+\>\|%\)\%(!=\@!\)\='
" With their notation: 4d6kh3, 3d6dh1, 4d6!kh3, 5d6>=5 (later matches win in Vim).
syn match frayDice '\<\d*d\%(\d\+\|%\)!\=\%(kh\|kl\|dh\|dl\)\d\+\>'
syn match frayDice '\<\d\+d\%(\d\+\|%\)!\=\%(\%(kh\|kl\|dh\|dl\)\d\+\)\=\%(>=\|<=\|>\|<\|=\)\d\+\>'
syn match frayOperator '==\|!=\|<=\|>=\|&&\|||\|+=\|-=\|\.\.\|??\|?\.\|\*\*\|[-+*/%^<>=!?|&~]'
" A member (c.hp) is a name, not a keyword: c.side, c.round.
syn match frayMember '\.\h\w*' contains=NONE

syn region frayString start='"' skip='\\.' end='"' oneline contains=frayInterpolation
syn region frayString start="'" skip='\\.' end="'" oneline
syn match frayInterpolation '{[^}]*}' contained

" Inside ( ) and [ ], # is expr-lang's current element, not a comment.
syn region frayParens matchgroup=frayDelimiter start='(' end=')' transparent contains=ALLBUT,frayComment,frayInterpolation
syn region frayBrackets matchgroup=frayDelimiter start='\[' end='\]' transparent contains=ALLBUT,frayComment,frayInterpolation
syn match frayCurrent '#' contained containedin=frayParens,frayBrackets
syn match frayComment '#.*$' contains=frayTodo,@Spell
syn keyword frayTodo TODO FIXME XXX NOTE contained

hi def link frayDeclaration Keyword
hi def link frayModifier StorageClass
hi def link frayStatement Statement
hi def link frayClause Keyword
hi def link frayTiming Keyword
hi def link frayAggregate Function
hi def link frayType Type
hi def link frayConstant Constant
hi def link fraySelf Identifier
hi def link frayOperatorWord Operator
hi def link frayOperator Operator
hi def link frayNumber Number
hi def link frayDice Special
hi def link frayString String
hi def link frayInterpolation SpecialChar
hi def link frayComment Comment
hi def link frayTodo Todo
hi def link frayCurrent Special
hi def link frayDelimiter Delimiter

let b:current_syntax = 'fray'
