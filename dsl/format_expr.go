package dsl

import (
	"github.com/alecthomas/participle/v2/lexer"
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
// are written as in the source, and "#" (expr-lang's element inside
// brackets) stays what it is.

// wordOps are expr-lang's operators spelled as words.
var wordOps = map[string]bool{
	"and": true, "or": true, "not": true, "in": true, "matches": true,
	"contains": true, "startsWith": true, "endsWith": true, "let": true,
	"if": true, "else": true,
}

// colon kinds
const (
	colonTernary = iota
	colonMap
	colonSlice
)

type exprFrame struct {
	open  string
	quest int // "?" waiting for their ":"
}

// expr writes an expression; the separator before its first token is the
// caller's.
func (p *formatter) expr(e *Expr) {
	if e == nil || len(e.Tokens) == 0 {
		p.fail(lexer.Position{}, "empty expression")
	}
	p.known(e, e.Pos, "Tokens")
	// A dice literal with its modifier ("2d4+1", the notation of a dice
	// value) is written as one word.
	diceLit := len(e.Tokens) == 3 && e.Tokens[0].Type == TokDice &&
		(isPunct(e.Tokens[1], "+") || isPunct(e.Tokens[1], "-")) && e.Tokens[2].Type == TokNumber &&
		e.Tokens[0].Pos.Line == e.Tokens[2].Pos.Line
	sp := newSpacer()
	var prev *lexer.Token
	for i := range e.Tokens {
		t := e.Tokens[i]
		colon := sp.colonOf(t)
		if prev != nil {
			switch {
			case t.Pos.Line > prev.Pos.Line:
				p.pending = sepBreak
			case diceLit:
				p.pending = sepNone
			case dotNumber(*prev, t):
				// expr-lang reads ".5" as a number where fray sees "." and
				// "5": keep such a pair as the source has it.
				p.pending = sepSpace
				if tokenEnd(*prev).Offset == t.Pos.Offset {
					p.pending = sepNone
				}
			case sp.space(t, colon):
				p.pending = sepSpace
			default:
				p.pending = sepNone
			}
		}
		p.tokAt(t)
		sp.record(t, colon)
		prev = &e.Tokens[i]
	}
}

// spacer decides, token by token, where the canonical layout puts a space
// in an expression; the formatter and Expr.Raw share it.
type spacer struct {
	stack     []exprFrame
	prev      *lexer.Token
	prevUnary bool
	prevColon int
}

func newSpacer() *spacer { return &spacer{stack: []exprFrame{{}}, prevColon: -1} }

// colonOf classifies a ":" by what encloses it (-1 for other tokens).
func (s *spacer) colonOf(t lexer.Token) int {
	if !isPunct(t, ":") {
		return -1
	}
	top := &s.stack[len(s.stack)-1]
	switch {
	case top.quest > 0:
		top.quest--
		return colonTernary
	case top.open == "{":
		return colonMap
	case top.open == "[":
		return colonSlice
	}
	return colonTernary
}

// space reports whether a space goes between the previous token and t.
func (s *spacer) space(t lexer.Token, colon int) bool {
	return s.prev != nil && spaceBetween(*s.prev, t, s.prevUnary, s.prevColon, colon)
}

// record moves past t.
func (s *spacer) record(t lexer.Token, colon int) {
	unary := isUnaryOp(t) && (s.prev == nil || !endsOperand(*s.prev))
	if t.Type == TokPunct {
		switch t.Value {
		case "(", "[", "{":
			s.stack = append(s.stack, exprFrame{open: t.Value})
		case ")", "]", "}":
			if len(s.stack) > 1 {
				s.stack = s.stack[:len(s.stack)-1]
			}
		case "?":
			s.stack[len(s.stack)-1].quest++
		}
	}
	tt := t
	s.prev, s.prevUnary, s.prevColon = &tt, unary, colon
}

func dotNumber(a, b lexer.Token) bool {
	startsDigit := func(t lexer.Token) bool {
		return (t.Type == TokNumber || t.Type == TokDice) && t.Value != "" && t.Value[0] >= '0' && t.Value[0] <= '9'
	}
	return (isPunct(a, ".") && startsDigit(b)) || (startsDigit(a) && isPunct(b, "."))
}

func isPunct(t lexer.Token, v string) bool { return t.Type == TokPunct && t.Value == v }

func isUnaryOp(t lexer.Token) bool {
	return t.Type == TokPunct && (t.Value == "-" || t.Value == "+" || t.Value == "!" || t.Value == "~")
}

// endsOperand: after t, an operator is binary and "(" is a call.
func endsOperand(t lexer.Token) bool {
	switch t.Type {
	case TokIdent:
		return !wordOps[t.Value]
	case TokNumber, TokString, TokDice:
		return true
	case TokPunct:
		return t.Value == ")" || t.Value == "]" || t.Value == "}" || t.Value == "#"
	}
	return false
}

// spaceBetween decides the space between two tokens of an expression on
// one line.
func spaceBetween(a, b lexer.Token, aUnary bool, aColon, bColon int) bool {
	if aUnary {
		return false
	}
	if b.Type == TokPunct {
		switch b.Value {
		case ")", "]", "}", ",", "..":
			return false
		case ".", "?.":
			if endsOperand(a) {
				return false
			}
		case "(", "[":
			if endsOperand(a) && a.Type != TokNumber && a.Type != TokDice {
				return false
			}
		case ":":
			if bColon != colonTernary {
				return false
			}
		}
	}
	if a.Type == TokPunct {
		switch a.Value {
		case "(", "[", "{", ".", "?.", "..":
			return false
		case ":":
			return aColon != colonSlice
		}
	}
	return true
}
