package syntax

import "github.com/alecthomas/participle/v2/lexer"

// GroupStmt is a grouped loop: "for group G of X in LIST by KEY [desc],
// ... { BODY }". The items of LIST are ordered by the keys, which read
// each item as X, and the body runs once for each run of items whose keys
// are all equal, with G the list of them: "by value, highest first, ties
// together". The body sees G, not X.
//
// It is tried before ForStmt (both start with "for"); an ordinary loop
// whose variable is called group ("for group in ...") fails here within
// the parser's lookahead and is read as a ForStmt.
type GroupStmt struct {
	Pos   lexer.Position
	Group *Name       `parser:"\"for\" \"group\" @@"`
	Var   *Name       `parser:"\"of\" @@ \"in\""`
	List  *Expr       `parser:"@@"`
	Keys  []*OrderKey `parser:"\"by\" @@ (\",\" @@)*"`
	Body  *Block      `parser:"@@"`
}
