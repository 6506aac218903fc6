package fraytest

import (
	"strings"
	"testing"
)

// show printed up to 20 items of every list inside a value: a list that
// holds another twice, sixty deep (a few hundred bytes), was 2^60 items
// to print when its expectation failed. It prints at most showItems
// values in all, and a long string cut.
func TestShowIsBounded(t *testing.T) {
	var v any = []any{1, 1}
	for range 60 {
		v = []any{v, v}
	}
	got := show(v)
	if len(got) > 2000 || !strings.Contains(got, "...") {
		t.Errorf("show of a doubled list is %d bytes: %.200s", len(got), got)
	}
	m := map[string]any{"b": v, "a": strings.Repeat("x", 1<<20)}
	got = show(m)
	if len(got) > 2000 || !strings.HasPrefix(got, `map[a:"xxx`) || !strings.Contains(got, "(1048576 bytes)") {
		t.Errorf("show of a map is %d bytes: %.300s", len(got), got)
	}
	if got := show([]any{1, "a", 2.5}); got != `[1, "a", 2.5]` {
		t.Errorf("show of a short list: %s", got)
	}
}
