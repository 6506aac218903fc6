package dsl_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/syntax"
)

// tok is a compact expected token: type, text and position.
type tok struct {
	typ       lexer.TokenType
	val       string
	line, col int
}

func (t tok) String() string {
	return fmt.Sprintf("%s %q @%d:%d", typeName(t.typ), t.val, t.line, t.col)
}

func typeName(t lexer.TokenType) string {
	switch t {
	case syntax.TokEOF:
		return "EOF"
	case syntax.TokIdent:
		return "Ident"
	case syntax.TokNumber:
		return "Number"
	case syntax.TokString:
		return "String"
	case syntax.TokDice:
		return "Dice"
	case syntax.TokPunct:
		return "Punct"
	case syntax.TokComment:
		return "Comment"
	}
	return fmt.Sprintf("Type(%d)", t)
}

const (
	id  = syntax.TokIdent
	num = syntax.TokNumber
	str = syntax.TokString
	dic = syntax.TokDice
	pun = syntax.TokPunct
	com = syntax.TokComment
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []tok // EOF excluded; checked separately
	}{
		{"die", "d6", []tok{{dic, "d6", 1, 1}}},
		{"dice with count", "2d6", []tok{{dic, "2d6", 1, 1}}},
		{"percentile", "d%", []tok{{dic, "d%", 1, 1}}},
		{"wide dice", "10d10", []tok{{dic, "10d10", 1, 1}}},
		{"d20 in an expression", "d20 + self.to_hit", []tok{
			{dic, "d20", 1, 1}, {pun, "+", 1, 5}, {id, "self", 1, 7}, {pun, ".", 1, 11}, {id, "to_hit", 1, 12},
		}},
		{"dice then operator without space", "2d6+1", []tok{{dic, "2d6", 1, 1}, {pun, "+", 1, 4}, {num, "1", 1, 5}}},
		{"dex is an identifier", "dex", []tok{{id, "dex", 1, 1}}},
		{"d6x is an identifier", "d6x", []tok{{id, "d6x", 1, 1}}},
		{"d6_ is an identifier", "d6_", []tok{{id, "d6_", 1, 1}}},
		{"lone d is an identifier", "d", []tok{{id, "d", 1, 1}}},
		{"damage is an identifier", "damage", []tok{{id, "damage", 1, 1}}},
		{"d% followed by letter is not dice", "d%x", []tok{{id, "d", 1, 1}, {pun, "%", 1, 2}, {id, "x", 1, 3}}},
		{"identifier with digits and underscore", "_a1 b_2", []tok{{id, "_a1", 1, 1}, {id, "b_2", 1, 5}}},
		{"unicode identifier", "épée", []tok{{id, "épée", 1, 1}}},
		{"range", "1..6", []tok{{num, "1", 1, 1}, {pun, "..", 1, 2}, {num, "6", 1, 4}}},
		{"range with spaces", "1 .. n", []tok{{num, "1", 1, 1}, {pun, "..", 1, 3}, {id, "n", 1, 6}}},
		{"float", "1.5", []tok{{num, "1.5", 1, 1}}},
		{"float then range", "0.25..3", []tok{{num, "0.25", 1, 1}, {pun, "..", 1, 5}, {num, "3", 1, 7}}},
		{"number then member", "3.x", []tok{{num, "3", 1, 1}, {pun, ".", 1, 2}, {id, "x", 1, 3}}},
		{"negative number is two tokens", "-4", []tok{{pun, "-", 1, 1}, {num, "4", 1, 2}}},
		{"double-quoted string", `"hello"`, []tok{{str, `"hello"`, 1, 1}}},
		{"string with escapes", `"a\"b\\c\n"`, []tok{{str, `"a\"b\\c\n"`, 1, 1}}},
		{"single-quoted string", `'it\'s'`, []tok{{str, `'it\'s'`, 1, 1}}},
		{"single quotes hold double quotes", `'say "hi"'`, []tok{{str, `'say "hi"'`, 1, 1}}},
		{"string with braces", `"{a.name} hits"`, []tok{{str, `"{a.name} hits"`, 1, 1}}},
		{"comment", "# a comment", []tok{{com, "# a comment", 1, 1}}},
		{"comment after code", "x = 1 # note\ny", []tok{
			{id, "x", 1, 1}, {pun, "=", 1, 3}, {num, "1", 1, 5}, {com, "# note", 1, 7}, {id, "y", 2, 1},
		}},
		{"hash inside brackets is the current element", "f(# > 1) # c", []tok{
			{id, "f", 1, 1}, {pun, "(", 1, 2}, {pun, "#", 1, 3}, {pun, ">", 1, 5}, {num, "1", 1, 7}, {pun, ")", 1, 8}, {com, "# c", 1, 10},
		}},
		{"comment with CRLF", "# c\r\nx", []tok{{com, "# c", 1, 1}, {id, "x", 2, 1}}},
		{"multi-char punctuation", "== != <= >= && || += -= .. ?? ?. **", []tok{
			{pun, "==", 1, 1}, {pun, "!=", 1, 4}, {pun, "<=", 1, 7}, {pun, ">=", 1, 10},
			{pun, "&&", 1, 13}, {pun, "||", 1, 16}, {pun, "+=", 1, 19}, {pun, "-=", 1, 22},
			{pun, "..", 1, 25}, {pun, "??", 1, 28}, {pun, "?.", 1, 31}, {pun, "**", 1, 34},
		}},
		{"longest punctuation wins", "a<=b", []tok{{id, "a", 1, 1}, {pun, "<=", 1, 2}, {id, "b", 1, 4}}},
		{"single-char punctuation", "(){}[],:;", []tok{
			{pun, "(", 1, 1}, {pun, ")", 1, 2}, {pun, "{", 1, 3}, {pun, "}", 1, 4}, {pun, "[", 1, 5},
			{pun, "]", 1, 6}, {pun, ",", 1, 7}, {pun, ":", 1, 8}, {pun, ";", 1, 9},
		}},
		{"lines and columns", "a\n  bb\n\tc", []tok{{id, "a", 1, 1}, {id, "bb", 2, 3}, {id, "c", 3, 2}}},
		{"columns count runes", `"é" x`, []tok{{str, `"é"`, 1, 1}, {id, "x", 1, 5}}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks, err := syntax.Tokenize("t.fray", tt.src)
			if err != nil {
				t.Fatalf("Tokenize(%q): %v", tt.src, err)
			}
			if len(toks) == 0 || toks[len(toks)-1].Type != syntax.TokEOF {
				t.Fatalf("Tokenize(%q) does not end with EOF: %v", tt.src, toks)
			}
			var got []tok
			for _, tk := range toks[:len(toks)-1] {
				got = append(got, tok{tk.Type, tk.Value, tk.Pos.Line, tk.Pos.Column})
				if tk.Pos.Filename != "t.fray" {
					t.Errorf("token %q has filename %q", tk.Value, tk.Pos.Filename)
				}
				if tt.src[tk.Pos.Offset:tk.Pos.Offset+len(tk.Value)] != tk.Value {
					t.Errorf("token %q: offset %d does not point at it", tk.Value, tk.Pos.Offset)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Tokenize(%q)\n got: %v\nwant: %v", tt.src, got, tt.want)
			}
			eof := toks[len(toks)-1]
			if eof.Pos.Offset != len(tt.src) {
				t.Errorf("EOF at offset %d, want %d", eof.Pos.Offset, len(tt.src))
			}
		})
	}
}

func TestTokenizeErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		msg       string
	}{
		{"unterminated string at end of file", `x = "abc`, 1, 5, "string not terminated"},
		{"unterminated string at end of line", "a\n  log \"abc\nb\"", 2, 7, "string not terminated before the end of the line"},
		{"unterminated single-quoted string", "'abc", 1, 1, "string not terminated"},
		{"escaped closing quote does not close", `"abc\"`, 1, 1, "string not terminated"},
		{"unexpected character", "x @ y", 1, 3, "unexpected character '@'"},
		{"unexpected character on later line", "ok\n  ok $", 2, 6, "unexpected character '$'"},
		{"unexpected character after unicode", "é ∑", 1, 3, "unexpected character '∑'"},
		{"backtick", "`x`", 1, 1, "unexpected character '`'"},
		{"invalid UTF-8", "ab \xff", 1, 4, "the file is not valid UTF-8"},
		{"number glued to letters", "12abc", 1, 1, "malformed number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := syntax.Tokenize("t.fray", tt.src)
			if err == nil {
				t.Fatalf("Tokenize(%q) succeeded, want an error", tt.src)
			}
			var le *syntax.LexError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is %T, not *syntax.LexError", err, err)
			}
			if le.Pos.Line != tt.line || le.Pos.Column != tt.col {
				t.Errorf("error at %d:%d, want %d:%d (%v)", le.Pos.Line, le.Pos.Column, tt.line, tt.col, err)
			}
			if le.Pos.Filename != "t.fray" {
				t.Errorf("error filename %q", le.Pos.Filename)
			}
			if !strings.Contains(le.Msg, tt.msg) {
				t.Errorf("message %q does not contain %q", le.Msg, tt.msg)
			}
			want := fmt.Sprintf("t.fray:%d:%d: ", tt.line, tt.col)
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Error() = %q, want prefix %q", err.Error(), want)
			}
		})
	}
}

func TestUnquote(t *testing.T) {
	tests := []struct{ lit, want string }{
		{`"plain"`, "plain"},
		{`"a\"b"`, `a"b`},
		{`"tab\there"`, "tab\there"},
		{`"line\n"`, "line\n"},
		{`""`, ""},
		{`'plain'`, "plain"},
		{`'it\'s'`, "it's"},
		{`'say "hi"'`, `say "hi"`},
		{`''`, ""},
	}
	for _, tt := range tests {
		got, err := syntax.Unquote(tt.lit)
		if err != nil || got != tt.want {
			t.Errorf("Unquote(%s) = %q, %v; want %q", tt.lit, got, err, tt.want)
		}
	}
}
