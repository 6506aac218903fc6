package syntax

import "github.com/alecthomas/participle/v2/lexer"

// OrderDecl is a pairwise order: labelled rules over two items, each a
// condition that puts the first before the second:
//
//	order melee(a: combatant, b: combatant) {
//	  "more attacks first": a.attacks > b.attacks
//	  "longer weapon": a.reach > b.reach
//	}
//
// A loop uses it by name: for c in LIST by melee { ... }. The first rule
// that holds one way round and not the other decides; when none does,
// the list's order stands (interp/order_pair.go).
type OrderDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string       `parser:"\"order\" @Ident"`
	Params []*Param     `parser:"\"(\" (@@ (\",\" @@)*)? \")\" \"{\""`
	Rules  []*OrderRule `parser:"@@* \"}\""`
}

// OrderRule is one rule of a pairwise order: "label": condition.
type OrderRule struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Label  Str   `parser:"@String \":\""`
	Cond   *Expr `parser:"@@ \";\"?"`
}
