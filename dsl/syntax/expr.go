package syntax

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expr is an expr-lang expression (with dice notation) captured as raw
// tokens. The grammar does not parse expressions itself: it collects tokens
// up to the end of the line or a keyword of the rule language, and the
// checker hands the text to expr-lang, mapping its positions back here.
type Expr struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Tokens []lexer.Token
	// layout is what the checker reads of the tokens, made once when
	// they are read (settle): an expression is checked in every body and
	// pass that meets it, and a parsed file is shared by the goroutines
	// of a lint, so it is made before it can be shared.
	layout *exprLayout
}

// exprLayout is an expression's text (see Text) and the distinct names
// it uses.
type exprLayout struct {
	text  string
	dice  map[int]string
	names []string
}

// Settle lays the tokens out (Text, Names) for the checker.
func (e *Expr) Settle() {
	l := &exprLayout{}
	l.text, l.dice = e.layOut()
	// A set, not a search of the list: an expression of a hundred
	// thousand distinct names is read before any limit of the checker.
	seen := map[string]bool{}
	for _, t := range e.Tokens {
		if t.Type == TokIdent && !seen[t.Value] {
			seen[t.Value] = true
			l.names = append(l.names, t.Value)
		}
	}
	e.layout = l
}

// Names are the distinct identifiers of the expression, in order.
func (e *Expr) Names() []string {
	if e.layout == nil {
		e.Settle()
	}
	return e.layout.names
}

// stopWords end an expression when they appear outside brackets.
var stopWords = map[string]bool{
	"by": true, "asc": true, "desc": true, "simultaneous": true, "when": true,
	"as": true, "aggregate": true, "after": true, "effect": true,
}

// Continuers are tokens after which an expression goes on to the next line.
var Continuers = map[string]bool{
	"&&": true, "||": true, "+": true, "-": true, "*": true, "/": true, "%": true,
	"?": true, ":": true, "==": true, "!=": true, "<": true, ">": true, "<=": true,
	">=": true, "(": true, "[": true, ",": true, ".": true, "??": true, "and": true,
	"or": true, "not": true, "in": true, "|": true, "**": true, "^": true,
}

// Parse implements participle.Parseable.
func (e *Expr) Parse(lex *lexer.PeekingLexer) error { return e.parseUntil(lex, "") }

// parseUntil is Parse, with one more word that ends the expression
// outside brackets ("" for none): for the clauses whose expression is
// followed by a word of their own (condition.go).
func (e *Expr) parseUntil(lex *lexer.PeekingLexer, stop string) error {
	depth := 0
	var last *lexer.Token
	// An optional expression (a table row's value) must start on the line
	// of what precedes it; a new line after a literal starts a new row.
	if prev, ok := previousToken(lex); ok {
		first := lex.Peek()
		if !first.EOF() && first.Pos.Line > prev.Pos.Line &&
			(prev.Type == TokString || prev.Type == TokNumber || prev.Type == TokDice || prev.Value == ")" || prev.Value == "]" || prev.Value == "}" ||
				// v2: a return's value is on its line; the next line is the next statement.
				prev.Type == TokIdent && prev.Value == "return") {
			return participle.NextMatch
		}
	}
	// Walk to the end first, then copy the tokens once (comments left
	// out): appending them one by one regrows the slice.
	from := lex.RawCursor()
	n := 0
	// member: last is a name after "." or "?." (self.in), an operand
	// whatever the word: a line ending in it ends the expression.
	member := false
	for {
		t := lex.Peek()
		if t.EOF() {
			break
		}
		v := t.Value
		if depth == 0 {
			if last != nil && t.Pos.Line > last.Pos.Line && (!Continuers[last.Value] || member) {
				break
			}
			if t.Type == TokIdent && (stopWords[v] || v == stop && stop != "") && !readAsName(last, member, lex) {
				break
			}
			if t.Type == TokPunct && (v == "{" || v == "}" || v == ")" || v == "]" || v == "," || v == ";" || v == "=" || v == "+=" || v == "-=") {
				break
			}
		}
		if t.Type == TokPunct {
			switch v {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		member = t.Type == TokIdent && last != nil && last.Type == TokPunct && (last.Value == "." || last.Value == "?.")
		last = lex.Next()
		n++
	}
	if n == 0 {
		return participle.NextMatch
	}
	e.Tokens = make([]lexer.Token, 0, n)
	for _, t := range lex.Range(from, lex.RawCursor()) {
		if t.Type != TokComment {
			e.Tokens = append(e.Tokens, t)
		}
	}
	e.Pos = e.Tokens[0].Pos
	e.EndPos = TokenEnd(e.Tokens[len(e.Tokens)-1])
	e.Settle()
	return nil
}

// readAsName says whether the word at the cursor, one that ends an
// expression (by, when, after, ...), is a name of the expression
// instead: a parameter, local or attribute so named (event caught(thief,
// by), self.after). It is one where the word could not start the
// clause it begins: after an operator (not a member so named: lastMember,
// self.in by), a dot or a "!", where an operand
// must follow; or as the expression's first token when what follows it
// on its line (a dot, a comma, a closing bracket, an operator) or the
// end of its line shows it is all or the start of an operand. Before,
// such a name was accepted where it was declared and then stopped
// every expression that read it, with a syntax error at the statement
// (emit caught(thief, by): "unexpected token \",\""). A clause word
// keeps its meaning wherever it follows an operand or is followed by
// what its clause takes (effect {, as m, by "label", when cond).
func readAsName(last *lexer.Token, lastMember bool, lex *lexer.PeekingLexer) bool {
	if last != nil {
		return last.Type == TokPunct && (Continuers[last.Value] || last.Value == "!" || last.Value == "?.") ||
			last.Type == TokIdent && !lastMember && (last.Value == "and" || last.Value == "or" || last.Value == "not" || last.Value == "in")
	}
	cp := lex.MakeCheckpoint()
	word := *lex.Next()
	next := lex.Peek()
	lex.LoadCheckpoint(cp)
	if next.EOF() || next.Pos.Line > word.Pos.Line {
		return true
	}
	if next.Type != TokPunct {
		return false
	}
	switch next.Value {
	case "{", "(", "!":
		return false // what a clause may take: effect {, when (x), when !x
	}
	return true
}

// previousToken is the last token consumed before the cursor, comments skipped.
func previousToken(lex *lexer.PeekingLexer) (lexer.Token, bool) {
	c := lex.RawCursor()
	for i := c - 1; i >= 0; i-- {
		toks := lex.Range(i, i+1)
		if len(toks) == 1 && toks[0].Type != TokComment {
			return toks[0], true
		}
	}
	return lexer.Token{}, false
}

// TokenEnd is the position just after a token.
func TokenEnd(t lexer.Token) lexer.Position {
	p := t.Pos
	p.Advance(t.Value)
	return p
}

// Text rebuilds the expression's source from its first token on, every
// later token at its original line and column, so that expr-lang's
// positions map back by a fixed offset: on the first line, column
// e.Pos.Column is offset 0 (the text is not padded to the column, which
// on a long line made every expression as long as the line before it). Dice tokens are replaced by
// same-length placeholders that the checker patches into calls. The map
// is shared: read it only.
func (e *Expr) Text() (text string, dice map[int]string) {
	if e.layout == nil {
		e.Settle()
	}
	return e.layout.text, e.layout.dice
}

func (e *Expr) layOut() (text string, dice map[int]string) {
	var b strings.Builder
	line, col := e.Pos.Line, e.Pos.Column
	runes := 0
	for i, t := range e.Tokens {
		for line < t.Pos.Line {
			b.WriteByte('\n')
			runes++
			line++
			col = 1
		}
		if t.Pos.Column > col {
			b.WriteString(strings.Repeat(" ", t.Pos.Column-col))
			runes += t.Pos.Column - col
			col = t.Pos.Column
		}
		v := t.Value
		if t.Type == TokDice {
			if dice == nil {
				dice = map[int]string{}
			}
			dice[runes] = v
			v = strings.Repeat("_", len(v))
		}
		if isNone(e.Tokens, i) {
			v = NoneText // v2: none is expr-lang's nil, as wide as the word
		}
		b.WriteString(v)
		n := len([]rune(v))
		runes += n
		col += n
	}
	return b.String(), dice
}

// Raw is the expression on one line with the formatter's spacing, so
// that what the log and messages show does not depend on the source's
// layout.
func (e *Expr) Raw() string {
	var b strings.Builder
	sp := NewSpacer()
	var prev *lexer.Token
	for i := range e.Tokens {
		t := e.Tokens[i]
		colon := sp.ColonOf(t)
		if prev != nil && (sp.Space(t, colon) || DotNumber(*prev, t) && TokenEnd(*prev).Offset != t.Pos.Offset) {
			b.WriteByte(' ')
		}
		b.WriteString(t.Value)
		sp.Record(t, colon)
		prev = &e.Tokens[i]
	}
	return b.String()
}
