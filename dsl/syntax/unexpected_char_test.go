package syntax

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// A character no token starts with is named so that the message reads:
// one that shows, quoted; one that does not (a combining mark of a name
// written decomposed, a byte-order mark left inside a file, a control or
// bidi character, a line separator) by its code point, never raw.
func TestUnexpectedCharacterIsNamed(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		col       int
	}{
		{"x @ y", "unexpected character '@'", 3},
		{"é ∑", "unexpected character '∑'", 3},
		{"he\u0301ros", "unexpected combining mark U+0301", 3},
		{"x \ufeffy", "unexpected byte-order mark U+FEFF inside the file", 3},
		{"x \u200by", "unexpected invisible character U+200B", 3},
		{"x \u202ey", "unexpected invisible character U+202E", 3},
		{"x \u2028y", "unexpected invisible character U+2028", 3},
		{"x \x00y", "unexpected invisible character U+0000", 3},
		{"x \x1by", "unexpected invisible character U+001B", 3},
	} {
		_, err := Tokenize("t.fray", tc.src)
		le, ok := err.(*LexError)
		if !ok {
			t.Errorf("%q: error %v, want a LexError", tc.src, err)
			continue
		}
		if !strings.HasPrefix(le.Msg, tc.want) || le.Pos.Column != tc.col {
			t.Errorf("%q: %d: %q, want %d: %q", tc.src, le.Pos.Column, le.Msg, tc.col, tc.want)
		}
		if diag.Escape(le.Msg, false) != le.Msg && !strings.Contains(le.Msg, "é") {
			t.Errorf("%q: the message %q holds a character a terminal must not get raw", tc.src, le.Msg)
		}
	}
}

// A byte-order mark that opens the text (an editor's buffer that keeps
// it) is skipped as one column; anywhere else it is refused above.
func TestLeadingByteOrderMarkIsSkipped(t *testing.T) {
	toks, err := Tokenize("t.fray", "\ufeffruleset \"r\"")
	if err != nil {
		t.Fatal(err)
	}
	if p := toks[0].Pos; toks[0].Value != "ruleset" || p.Line != 1 || p.Column != 2 || p.Offset != 3 {
		t.Errorf("first token %q at %d:%d (byte %d), want ruleset at 1:2 (byte 3)", toks[0].Value, p.Line, p.Column, p.Offset)
	}
	if _, err := Tokenize("t.fray", "\ufeff\ufeffx"); err == nil {
		t.Error("a second mark was skipped too")
	}
}
