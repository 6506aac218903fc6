package dsl_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/interp"
)

// A control character inside a string literal or a comment is written as
// an escape (docs/hostile.md): fmt's output holds no raw control byte but
// newline and tab, means the same (the same tree, so the same strings),
// and formats to itself.
func TestFormatEscapesControls(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"header string",
			"ruleset \"a\x1b[31mred\x00\" {\n  segments 1\n}\n",
			"ruleset \"a\\x1b[31mred\\x00\" {\n  segments 1\n}\n"},
		{"single-quoted string, tab kept",
			"const x = 'q\u202eu\tv\a'\n",
			"const x = 'q\\u202eu\tv\\x07'\n"},
		{"string in an expression",
			"phase p once {\n  let x = s == \"a\x1bb\" ? \"\u2028\" : \"\x7f\"\n}\n",
			"phase p once {\n  let x = s == \"a\\x1bb\" ? \"\\u2028\" : \"\\x7f\"\n}\n"},
		{"template with an expression",
			"phase p once {\n  log \"\x1b[2J{a.name}\r{b + \\\"\x1b\\\"}\"\n}\n",
			"phase p once {\n  log \"\\x1b[2J{a.name}\\r{b + \\\"\\x1b\\\"}\"\n}\n"},
		{"table labels keep their columns",
			"table t d6 {\n  1-3: \"lo\x1b\" 1\n  4-6: \"high\" 2\n}\n",
			"table t d6 {\n  1-3: \"lo\\x1b\"  1\n  4-6: \"high\"    2\n}\n"},
		{"bytes that are not UTF-8",
			"const x = \"a\xff\xfeb\" # c\xfe\n",
			"const x = \"a\ufffd\ufffdb\"   # c\\xfe\n"},
		{"a carriage return: itself to Go, a newline to expr-lang",
			"ruleset \"a\rb\" {\n  segments 1\n}\n\nconst x = \"a\rb\"\n",
			"ruleset \"a\\rb\" {\n  segments 1\n}\n\nconst x = \"a\\nb\"\n"},
		{"comments",
			"# head \x1b[2J\u202e\n\n# own line\x00\u0085\tx\nconst a = 1 # trailing\a\r \nconst b = 2\n",
			"# head \\x1b[2J\\u202e\n# own line\\x00\\u0085\tx\nconst a = 1   # trailing\\x07\nconst b = 2\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := syntax.Parse("c.fray", c.in)
			if len(diags) > 0 {
				t.Fatalf("does not parse: %v", diags[0])
			}
			out, err := format.Format(f)
			if err != nil {
				t.Fatalf("Format: %v", err)
			}
			if string(out) != c.want {
				t.Fatalf("got:\n%q\nwant:\n%q", out, c.want)
			}
			for _, r := range string(out) {
				if r != '\n' && r != '\t' && interp.Printable(string(r)) != string(r) {
					t.Errorf("the output holds a raw %U", r)
				}
			}
			g, diags := syntax.Parse("c.fray", string(out))
			if len(diags) > 0 {
				t.Fatalf("the output does not parse: %v", diags[0])
			}
			if d := format.TreeDiff(f, g); d != "" {
				t.Fatalf("the output means something else: %s", d)
			}
			again, err := format.Format(g)
			if err != nil || !bytes.Equal(again, out) {
				t.Fatalf("not idempotent (%v):\n%q", err, again)
			}
		})
	}
}

// Arbitrary control characters in a string or a comment never make the
// formatter refuse a file that parses, nor reach its output raw.
func TestFormatEscapesEveryControl(t *testing.T) {
	for r := rune(0); r < 0x2070; r++ {
		if r == '\n' || r == '"' || r == '\\' || !utf8.ValidRune(r) || interp.Printable(string(r)) == string(r) {
			continue
		}
		src := "const s = \"x" + string(r) + "y\" # z" + string(r) + "\n"
		f, diags := syntax.Parse("c.fray", src)
		if len(diags) > 0 {
			continue // the lexer refuses it (none today)
		}
		out, err := format.Format(f)
		if err != nil {
			t.Errorf("%U: Format: %v", r, err)
			continue
		}
		if r != '\t' && strings.ContainsRune(string(out), r) {
			t.Errorf("%U: written raw: %q", r, out)
		}
	}
}

// placeValue is a token as commentPlaces compares it: a string by the
// text it means (fmt may spell a control character in it as an escape;
// a carriage return, which a header reads as itself and expr-lang as a
// newline, counts as a newline on both sides), anything else by its text.
func placeValue(tk lexer.Token) string {
	if tk.Type != syntax.TokString {
		return tk.Value
	}
	s, err := syntax.Unquote(strings.ReplaceAll(tk.Value, "\r", `\r`))
	if err != nil {
		return tk.Value
	}
	return strings.ReplaceAll(s, "\r", "\n")
}
