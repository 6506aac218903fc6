package check

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/syntax"
)

// TestEmptyRanges: the lint finds exactly the ranges of two literal
// numbers that count down, with their text, and leaves alone those whose
// bounds are not literals or bind to a neighbouring operator.
func TestEmptyRanges(t *testing.T) {
	cases := []struct {
		expr string
		want string // "hi..lo" of each range found, comma separated
	}{
		{"10..1", "10..1"},
		{"1..10", ""},
		{"3..3", ""},
		{"0..-1", "0..-1"},
		{"-1..-3", "-1..-3"},
		{"-3..-1", ""},
		{"len(5..2)", "5..2"},
		{"[7..1, 1..7]", "7..1"},
		{"x > 0 ? 4..1 : 1..4", "4..1"},
		{"2*5..1", ""},  // (2*5)..1: not a literal bound
		{"10..1+1", ""}, // 10..(1+1)
		{"n..1", ""},
		{"10..n", ""},
		{"x - 5..1", ""}, // (x-5)..1
		{"9..8 + 0", ""},
	}
	for _, c := range cases {
		toks, err := syntax.Tokenize("t.fray", c.expr)
		if err != nil {
			t.Fatalf("%q: %v", c.expr, err)
		}
		var kept []string
		for _, tk := range toks {
			kept = append(kept, tk.Value)
		}
		var got []string
		for _, r := range emptyRanges(toks) {
			got = append(got, r.hi+".."+r.lo)
		}
		if g := strings.Join(got, ","); g != c.want {
			t.Errorf("%q (tokens %q): found %q, want %q", c.expr, kept, g, c.want)
		}
	}
}
