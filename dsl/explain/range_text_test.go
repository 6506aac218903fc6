package explain

import "testing"

// A roll's range reads plainly when it goes below zero (d6-7 was "-6--1").
func TestRangeText(t *testing.T) {
	for _, c := range []struct {
		lo, hi int
		want   string
	}{
		{2, 12, "2-12"},
		{0, 5, "0-5"},
		{-6, -1, "-6 to -1"},
		{-2, 3, "-2 to 3"},
	} {
		if got := rangeText(c.lo, c.hi); got != c.want {
			t.Errorf("rangeText(%d, %d) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
