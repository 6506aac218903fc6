package syntax

import "github.com/alecthomas/participle/v2/lexer"

// CallStmt runs a procedure (a fn with a statement body) for its
// effects, dropping its value if it has one: "call strike(self, foe)".
// Language v2, item 1.
type CallStmt struct {
	Pos  lexer.Position
	Fn   *Name   `parser:"\"call\" @@ \"(\""`
	Args []*Expr `parser:"(@@ (\",\" @@)*)? \")\""`
}
