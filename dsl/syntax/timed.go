package syntax

import "github.com/alecthomas/participle/v2/lexer"

// Time within a round (language v2, item 4): a timed loop and the
// schedule forms that use its clock (interp/timed.go runs them).
//
//	for c in LIST at count c.init [desc] [by KEY, ...] [simultaneous] { BODY }
//	for c in LIST at segment c.segment { BODY }
//	schedule [first|last|together] "label" for WHO at MOMENT { BODY }
//
// A timed loop runs its items moment by moment, each at the moment its
// clock expression gives; blocks scheduled while it runs are due on its
// clock and run at their moment among the items.

// LoopList is a for loop's list: an expression that the word "at" ends
// as well, where a timed loop's clock begins (a name "at" in a loop's
// list must be put in brackets).
type LoopList struct{ Expr }

// Parse implements participle.Parseable.
func (e *LoopList) Parse(lex *lexer.PeekingLexer) error { return e.parseUntil(lex, "at") }

// AtExpr is an expression that the word "at" ends: the combatant of a
// schedule statement, followed by "after N" or "at M".
type AtExpr struct{ Expr }

// Parse implements participle.Parseable.
func (e *AtExpr) Parse(lex *lexer.PeekingLexer) error { return e.parseUntil(lex, "at") }

// Clock is a timed loop's clock: "at count EXPR [asc|desc]" (whole
// numbers, negative too) or "at segment EXPR" (the round's segments).
// The expression reads the loop variable and gives each item's moment.
type Clock struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Unit   *Name  `parser:"\"at\" @@"` // count or segment (checked: F704)
	Key    *Expr  `parser:"@@"`
	Dir    string `parser:"@(\"asc\" | \"desc\")?"`
}

// Tie is a scheduled block's place among the items of its moment:
// "first" (before them, the default), "last" (after them) or
// "together" (with them, in a simultaneous timed loop). The words are
// names to the parser, checked by the checker (F704), so that first,
// last and count stay free as names (first(l), an attribute count).
type Tie struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Word   *Name `parser:"@@"`
}
