package format

import (
	"testing"

	"github.com/frayrules/fray/dsl/diag"

	"github.com/frayrules/fray/interp"
)

// unsafeRune tells whether r must not be written raw: diag.UnsafeRune's
// characters but tab and newline (which no string or comment holds); the
// set interp.Printable escapes, less those two (TestEscapeMatchesPrintable).
func unsafeRune(r rune) bool {
	return r != '\t' && r != '\n' && diag.UnsafeRune(r)
}

// The formatter escapes exactly what the text outputs escape (less tab
// and newline, which fmt writes raw): a character interp.Printable shows
// as an escape never reaches the terminal raw through fray fmt either.
func TestEscapeMatchesPrintable(t *testing.T) {
	for r := rune(0); r <= 0x10ffff; r++ {
		if r >= 0xd800 && r <= 0xdfff || r == '\t' || r == '\n' {
			continue
		}
		s := string(r)
		if printable := interp.Printable(s) != s; printable != unsafeRune(r) {
			t.Errorf("U+%04X: Printable escapes it: %v, fmt escapes it: %v", r, printable, unsafeRune(r))
		}
	}
}

func TestEscape(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tab\tand\nnewline kept", "tab\tand\nnewline kept"},
		{"\x1b[31mred\x00", `\x1b[31mred\x00`},
		{"bell\a del\x7f cr\r", `bell\x07 del\x7f cr\r`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bidi \u202e \u2066 \u200f", `bidi \u202e \u2066 \u200f`},
		{"separators \u2028\u2029", `separators \u2028\u2029`},
		{"kept: é ✓ \u00a0", "kept: é ✓ \u00a0"},
	}
	for _, c := range cases {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
