package syntax

import (
	"strings"
	"testing"
)

// Dice with a notation that a letter or digit follows (d6!1, d6!x) were
// the name d6, then ! and the rest; fray fmt wrote the d6 back as dice
// and stopped: "internal error: the output has "d6" where the source has
// "d6"" (found by editing shipped files at random in fray lsp). They are
// malformed dice, as 2d6!1 is; names that are names from end to end
// (d6x, d6kh, d6kh3x) and dice whose notation something else follows
// (d6!+1, d6!=1) read as before.
func TestDiceThenNameIsMalformed(t *testing.T) {
	for _, src := range []string{"d6!1", "d6!x", "d%!1", "d6!kh1x", "d6!_"} {
		_, err := Tokenize("t.fray", "x < "+src)
		le, ok := err.(*LexError)
		if !ok || !strings.HasPrefix(le.Msg, `malformed dice "`+src+`"`) || le.Pos.Column != 5 {
			t.Errorf("%q: %v, want malformed dice at column 5", src, err)
		}
	}
	for src, want := range map[string][]string{
		"d6x":    {"d6x"},
		"d6kh":   {"d6kh"},
		"d6kh3x": {"d6kh3x"},
		"d6!+1":  {"d6!", "+", "1"},
		"d6!=1":  {"d6", "!=", "1"},
		"d6!":    {"d6!"},
	} {
		toks, err := Tokenize("t.fray", src)
		var got []string
		for _, tok := range toks {
			if tok.Type != TokEOF {
				got = append(got, tok.Value)
			}
		}
		if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%q: %q, %v; want %q", src, got, err, want)
		}
	}
}
