package interp

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A list that holds the same list twice, sixty times over, is a few
// hundred bytes held and 2^60 items printed: show, brief and jsonValue
// stop early, with text that is still UTF-8.
func TestShowIsBounded(t *testing.T) {
	var doubled any = []any{1}
	for range 60 {
		doubled = []any{doubled, doubled}
	}
	long := strings.Repeat("é", 300)
	for _, c := range []struct {
		name string
		got  string
		max  int
		want string // a prefix
	}{
		{"a doubled list", show(doubled), showCap + len("…"), "[[[["},
		{"a map of one", show(map[int]any{1: doubled}), showCap + len("…"), ""},
		{"a doubled list, briefly", brief(doubled), 200 + len("…"), "[[[["},
		{"a long text, briefly", brief(long), 200 + len("…"), "éé"},
		{"a short list", show([]any{1, "a", nil}), 20, "[1, a, nothing]"},
	} {
		if len(c.got) > c.max || !strings.HasPrefix(c.got, c.want) || !utf8.ValidString(c.got) {
			t.Errorf("%s: %d bytes (at most %d), %.40q", c.name, len(c.got), c.max, c.got)
		}
	}
	var count func(v any) int
	count = func(v any) int {
		l, ok := v.([]any)
		if !ok {
			return 1
		}
		n := 1
		for _, e := range l {
			n += count(e)
		}
		return n
	}
	if n := count(jsonValue(doubled)); n > showCap+100 {
		t.Errorf("jsonValue of a doubled list made %d items", n)
	}
}
