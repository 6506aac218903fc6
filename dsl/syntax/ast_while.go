package syntax

import "github.com/alecthomas/participle/v2/lexer"

// WhileStmt repeats a block while its condition holds: "while COND { ... }".
// Its iterations count toward the run's --max-steps like any other work,
// so a condition that never turns false stops the run with an error at
// the loop (interp/while.go).
type WhileStmt struct {
	Pos  lexer.Position
	Cond *Expr  `parser:"\"while\" @@"`
	Body *Block `parser:"@@"`
}
