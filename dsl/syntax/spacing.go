package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// The canonical spacing of an expression's tokens, shared by the
// formatter and Expr.Raw; the rules are listed in package format.

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

// Spacer decides, token by token, where the canonical layout puts a space
// in an expression; the formatter and Expr.Raw share it.
type Spacer struct {
	stack     []exprFrame
	prev      *lexer.Token
	prevUnary bool
	prevColon int
	// prevMember: prev is a name after "." or "?." (self.let), which
	// ends an operand whatever the word: "+" after it is binary.
	prevMember bool
}

// NewSpacer starts the spacing of one expression.
func NewSpacer() *Spacer { return &Spacer{stack: []exprFrame{{}}, prevColon: -1} }

// ColonOf classifies a ":" by what encloses it (-1 for other tokens).
func (s *Spacer) ColonOf(t lexer.Token) int {
	if !IsPunct(t, ":") {
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

// Space reports whether a space goes between the previous token and t.
func (s *Spacer) Space(t lexer.Token, colon int) bool {
	return s.prev != nil && spaceBetween(*s.prev, t, s.prevEnds(), s.prevUnary, s.prevColon, colon)
}

// Record moves past t.
func (s *Spacer) Record(t lexer.Token, colon int) {
	unary := isUnaryOp(t) && (s.prev == nil || !s.prevEnds())
	member := t.Type == TokIdent && s.prev != nil && (IsPunct(*s.prev, ".") || IsPunct(*s.prev, "?."))
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
	s.prev, s.prevUnary, s.prevColon, s.prevMember = &tt, unary, colon, member
}

// prevEnds reports whether the previous token ends an operand.
func (s *Spacer) prevEnds() bool { return s.prevMember || endsOperand(*s.prev) }

// DotNumber reports a "." next to a number, which expr-lang would read
// as part of it (".5").
func DotNumber(a, b lexer.Token) bool {
	startsDigit := func(t lexer.Token) bool {
		return (t.Type == TokNumber || t.Type == TokDice) && t.Value != "" && t.Value[0] >= '0' && t.Value[0] <= '9'
	}
	return (IsPunct(a, ".") && startsDigit(b)) || (startsDigit(a) && IsPunct(b, "."))
}

// IsPunct reports whether t is the punctuation v.
func IsPunct(t lexer.Token, v string) bool { return t.Type == TokPunct && t.Value == v }

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
// one line; aEnds says whether a ends an operand.
func spaceBetween(a, b lexer.Token, aEnds, aUnary bool, aColon, bColon int) bool {
	if aUnary {
		return false
	}
	if b.Type == TokPunct {
		switch b.Value {
		case ")", "]", "}", ",", "..":
			return false
		case ".", "?.":
			if aEnds {
				return false
			}
		case "(", "[":
			if aEnds && a.Type != TokNumber && a.Type != TokDice {
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
