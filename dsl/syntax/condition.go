package syntax

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Conditions (language v2, part D): declared by the ruleset, put on and
// taken off combatants by statements, with durations and effects the
// engine applies.
//
//	condition paralysed {
//	  cannot act
//	  lasts 1d4 rounds
//	}
//	condition slowed {
//	  lasts 2 rounds
//	  scale speed by 0.5
//	  adjust to_hit by -2
//	}
//
//	apply condition paralysed to foe for 2 rounds
//	remove condition slowed from self

// ConditionDecl declares a condition.
type ConditionDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string           `parser:"\"condition\" @Ident \"{\""`
	Items  []*ConditionItem `parser:"@@* \"}\""`
}

// ConditionItem is one line of a condition: "cannot act", "lasts N
// rounds", or an adjustment of a derived attribute.
type ConditionItem struct {
	Pos       lexer.Position
	EndPos    lexer.Position
	CannotAct bool             `parser:"  @(\"cannot\" \"act\")"`
	Lasts     *RoundsExpr      `parser:"| \"lasts\" @@ \"rounds\""`
	Adjust    *ConditionAdjust `parser:"| @@"`
}

// ConditionAdjust changes a derived attribute while the condition holds:
// "adjust to_hit by -2" adds, "scale speed by 0.5" multiplies.
type ConditionAdjust struct {
	Pos  lexer.Position
	Op   string `parser:"@(\"adjust\" | \"scale\")"`
	Attr *Name  `parser:"@@ \"by\""`
	By   *Expr  `parser:"@@"`
}

// ApplyConditionStmt puts a condition on a combatant: "apply condition
// paralysed to foe", optionally "for N rounds" (else the condition's own
// duration, else until removed).
type ApplyConditionStmt struct {
	Pos    lexer.Position
	Name   *Name       `parser:"\"apply\" \"condition\" @@ \"to\""`
	Target *ForExpr    `parser:"@@"`
	For    *RoundsExpr `parser:"(\"for\" @@ \"rounds\")?"`
}

// RemoveConditionStmt takes a condition off a combatant: "remove
// condition paralysed from foe".
type RemoveConditionStmt struct {
	Pos    lexer.Position
	Name   *Name `parser:"\"remove\" \"condition\" @@ \"from\""`
	Target *Expr `parser:"@@"`
}

// RoundsExpr is an expression ended by the word "rounds".
type RoundsExpr struct{ Expr }

// Parse implements participle.Parseable. The "for" of a duration is on
// the line of the apply it ends: a "for" that starts the next line is a
// loop, the next statement ("apply condition dazed to c" then "for x in
// ..." was read as a duration and refused at the loop's "{").
func (e *RoundsExpr) Parse(lex *lexer.PeekingLexer) error {
	if kw, before, ok := lastTwoTokens(lex); ok && kw.Value == "for" && kw.Pos.Line > before.Pos.Line {
		return participle.NextMatch
	}
	if err := e.parseUntil(lex, "rounds"); err != nil {
		return err
	}
	// "lasts 1 round", "for 1 round": the word round is a name (the
	// round number), so it was read into the duration, and the missing
	// "rounds" was reported at whatever came next, a line later.
	if n := len(e.Tokens); n >= 2 && e.Tokens[n-1].Type == TokIdent && e.Tokens[n-1].Value == "round" {
		if next := lex.Peek(); next.EOF() || next.Value != "rounds" {
			return participle.Errorf(e.Tokens[n-1].Pos, "a duration is counted in rounds, even one: write %q", "rounds")
		}
	}
	return nil
}

// lastTwoTokens are the two tokens, comments left out, before the cursor.
func lastTwoTokens(lex *lexer.PeekingLexer) (last, before lexer.Token, ok bool) {
	found := 0
	for i := lex.RawCursor() - 1; i >= 0 && found < 2; i-- {
		toks := lex.Range(i, i+1)
		if len(toks) != 1 || toks[0].Type == TokComment {
			continue
		}
		if found == 0 {
			last = toks[0]
		} else {
			before = toks[0]
		}
		found++
	}
	return last, before, found == 2
}

// ForExpr is an expression ended by the word "for".
type ForExpr struct{ Expr }

// Parse implements participle.Parseable.
func (e *ForExpr) Parse(lex *lexer.PeekingLexer) error { return e.parseUntil(lex, "for") }
