package interp

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/diag"
)

// TestPrintable checks each kind of character a rule could use to act on
// a terminal, and that ordinary text (accents, the log's own · and bars)
// passes unchanged.
func TestPrintable(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Aelis hits the orc", "Aelis hits the orc"},
		{"Élodie · segment 3 ▍ █", "Élodie · segment 3 ▍ █"},
		{"", ""},
		{"a\nb", `a\nb`},
		{"a\r\nb", `a\r\nb`},
		{"tab\there", `tab\there`},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"bell\x07 nul\x00 del\x7f", `bell\x07 nul\x00 del\x7f`},
		{"c1 \u0085 csi \u009b", `c1 \u0085 csi \u009b`},
		{"evil\u202etxt.exe", `evil\u202etxt.exe`},
		{"\u2066iso\u2069 \u200f\u061c", `\u2066iso\u2069 \u200f\u061c`},
		{"line\u2028sep", `line\u2028sep`},
		{"raw \x9b byte \xff", `raw \x9b byte \xff`},
	}
	for _, c := range cases {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTextLogEscapes: a rule string with a newline cannot add a line of
// its own to the text log (a forged "won by"), nor an ESC recolour it.
func TestTextLogEscapes(t *testing.T) {
	var buf bytes.Buffer
	log := NewTextLog(&buf)
	log.Write(&Event{Kind: KStart, Text: "start\x1b]0;title\x07"})
	log.Write(&Event{Kind: KRuling, Text: "ruling\rover"})
	log.Write(&Event{Kind: KLog, Round: 1, Phase: "melee\n\nwon by orcs", Text: "Aelis says \"hi\nwon by orcs\""})
	log.Write(&Event{Kind: KEnd, Text: "won by party\u202e"})
	if err := log.Err(); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	want := "start\\x1b]0;title\\x07\n" +
		"ruling\\rover\n" +
		"\nRound 1\n" +
		"  melee\\n\\nwon by orcs\n" +
		"    Aelis says \"hi\\nwon by orcs\"\n" +
		"\nwon by party\\u202e\n"
	if out != want {
		t.Errorf("text log:\n%s\nwant:\n%s", out, want)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "won by orcs") {
			t.Errorf("a rule string forged the line %q", line)
		}
	}
}

// FuzzPrintable: whatever the text, Printable's result is valid UTF-8
// with nothing Printable escapes left in it, and text that had nothing to
// escape comes back unchanged.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"plain", "a\nb", "\x1b[2J", "\u202e", "\xff\xfe", "é · █", "\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Printable(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Printable(%q) = %q, not UTF-8", s, out)
		}
		clean := true
		for i, r := range s {
			_, size := utf8.DecodeRuneInString(s[i:])
			if needsEscape(r, size) {
				clean = false
			}
		}
		if clean && out != s {
			t.Fatalf("Printable(%q) = %q, changed text with nothing to escape", s, out)
		}
		for i, r := range out {
			_, size := utf8.DecodeRuneInString(out[i:])
			if needsEscape(r, size) {
				t.Fatalf("Printable(%q) = %q keeps %U", s, out, r)
			}
		}
	})
}

// needsEscape tells whether the rune r, size bytes long in its string,
// is one Printable escapes (a byte that is not UTF-8 decodes as
// RuneError of size 1).
func needsEscape(r rune, size int) bool {
	return r == utf8.RuneError && size == 1 || diag.UnsafeRune(r)
}
