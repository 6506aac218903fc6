package lsp

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// A string's {expression} parts (a log line's, an event's template) are
// expressions like any other: the server reads them as the checker does
// (check.template), so that hover, definition, references and
// completion work inside them. expandTemplates puts the tokens of each
// part, at their places in the file, where the string's token was; a
// string without parts stays one token.
func expandTemplates(toks []lexer.Token) []lexer.Token {
	var out []lexer.Token
	for i, t := range toks {
		if t.Type != syntax.TokString || !strings.Contains(t.Value, "{") {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		parts, ok := templateTokens(t)
		if !ok {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append(make([]lexer.Token, 0, len(toks)+len(parts)), toks[:i]...)
		}
		out = append(out, parts...)
	}
	if out == nil {
		return toks
	}
	return out
}

// templateTokens are the tokens of a string literal's {parts}, or false
// when a part does not tokenize (it is lint's to report).
func templateTokens(lit lexer.Token) ([]lexer.Token, bool) {
	if len(lit.Value) < 2 {
		return nil, false
	}
	raw := lit.Value[1 : len(lit.Value)-1]
	pos := lit.Pos
	pos.Advance(lit.Value[:1])
	var out []lexer.Token
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if (ch == '{' || ch == '}') && i+1 < len(raw) && raw[i+1] == ch {
			i++ // {{ and }} are literal braces
			continue
		}
		if ch != '{' {
			continue
		}
		depth, j := 1, i+1
		for ; j < len(raw) && depth > 0; j++ {
			switch raw[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth != 0 {
			return nil, false
		}
		start := pos
		start.Advance(raw[:i+1])
		toks, err := syntax.Tokenize(lit.Pos.Filename, raw[i+1:j-1])
		if err != nil {
			return nil, false
		}
		for _, t := range toks {
			if t.Type == syntax.TokEOF {
				continue
			}
			if t.Pos.Line == 1 {
				t.Pos.Column += start.Column - 1
			}
			t.Pos.Line += start.Line - 1
			t.Pos.Offset += start.Offset
			out = append(out, t)
		}
		i = j - 1
	}
	return out, true
}

// lineContext tells, from the text before the cursor on its line,
// whether the cursor is in a comment, or in a string outside any
// {expression} part: there, nothing is completed.
func lineContext(prefix string) (inComment, inText bool) {
	var quote byte
	depth := 0
	for i := 0; i < len(prefix); i++ {
		ch := prefix[i]
		switch {
		case quote == 0 && ch == '#':
			return true, false
		case quote == 0 && (ch == '"' || ch == '\''):
			quote, depth = ch, 0
		case quote != 0 && ch == '\\':
			i++
		case quote != 0 && depth == 0 && ch == quote:
			quote = 0
		case quote != 0 && ch == '{':
			if depth == 0 && i+1 < len(prefix) && prefix[i+1] == '{' {
				i++
				continue
			}
			depth++
		case quote != 0 && ch == '}' && depth > 0:
			depth--
		}
	}
	return false, quote != 0 && depth == 0
}
