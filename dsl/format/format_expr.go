package format

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// Expressions are printed from their tokens. Line breaks inside an
// expression are kept where the source had them (an expression ends at a
// line break unless it is inside brackets or after an operator, so a
// break is part of its meaning); on each line the spacing is canonical:
//
//   - binary operators, "?", "??" and the ternary ":" have one space on
//     each side; "," has one after it and none before;
//   - nothing inside (), [] and {}, nothing before "." or "?." after an
//     operand, nothing around ".." and the ":" of a slice;
//   - a call's "(" and an index's "[" are glued to what they apply to;
//   - unary "-", "+", "!" and "~" are glued to their operand;
//   - an expression that is only dice and a modifier is written as dice
//     notation, "2d4+1";
//   - "key: value" inside {} has a space after the colon only.
//
// Token text is never changed: dice ("2d6", "d%"), numbers and strings
// are written as in the source (but for a control character in a string,
// written as an escape: format_escape.go), and "#" (expr-lang's element inside
// brackets) stays what it is.

// expr writes an expression; the separator before its first token is the
// caller's.
func (p *formatter) expr(e *syntax.Expr) {
	if e == nil || len(e.Tokens) == 0 {
		p.fail(lexer.Position{}, "empty expression")
	}
	p.known(e, e.Pos, "Tokens")
	// A dice literal with its modifier ("2d4+1", the notation of a dice
	// value) is written as one word.
	diceLit := len(e.Tokens) == 3 && e.Tokens[0].Type == syntax.TokDice &&
		(syntax.IsPunct(e.Tokens[1], "+") || syntax.IsPunct(e.Tokens[1], "-")) && e.Tokens[2].Type == syntax.TokNumber &&
		e.Tokens[0].Pos.Line == e.Tokens[2].Pos.Line
	p.inExpr = true
	defer func() { p.inExpr = false }()
	sp := syntax.NewSpacer()
	var prev *lexer.Token
	for i := range e.Tokens {
		t := e.Tokens[i]
		colon := sp.ColonOf(t)
		if prev != nil {
			switch {
			case t.Pos.Line > prev.Pos.Line:
				p.pending = sepBreak
			case diceLit:
				p.pending = sepNone
			case syntax.DotNumber(*prev, t):
				// expr-lang reads ".5" as a number where fray sees "." and
				// "5": keep such a pair as the source has it.
				p.pending = sepSpace
				if syntax.TokenEnd(*prev).Offset == t.Pos.Offset {
					p.pending = sepNone
				}
			case sp.Space(t, colon):
				p.pending = sepSpace
			default:
				p.pending = sepNone
			}
		}
		p.tokAt(t)
		sp.Record(t, colon)
		prev = &e.Tokens[i]
	}
}
