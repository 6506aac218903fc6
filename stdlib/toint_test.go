package stdlib

import (
	"math"
	"strings"
	"testing"
)

// int of a float is its whole part toward zero, as Go converts; a float
// with none stops the run with words that say why, never the smallest
// whole number Go's conversion gives.
func TestToInt(t *testing.T) {
	cases := []struct {
		x    float64
		want int
		err  string
	}{
		{2.9, 2, ""},
		{-2.9, -2, ""},
		{0, 0, ""},
		{-0x1p63, math.MinInt64, ""},
		{0x1p63 - 1024, math.MaxInt64 - 1023, ""},
		{math.NaN(), 0, "int: NaN (not a number, from 0.0 / 0.0 say) has no whole part"},
		{math.Inf(1), 0, "int: +Inf (from a division of a float by zero, say) has no whole part"},
		{math.Inf(-1), 0, "int: -Inf (from a division of a float by zero, say) has no whole part"},
		{0x1p63, 0, "int: 9.223372036854776e+18 is beyond the whole numbers (-9223372036854775808 to 9223372036854775807)"},
		{-1e300, 0, "int: -1e+300 is beyond the whole numbers"},
	}
	for _, c := range cases {
		got, err := ToInt(c.x)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ToInt(%v) = %d, %v; want %d", c.x, got, err, c.want)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("ToInt(%v) = %d, %v; want the error %q", c.x, got, err, c.err)
		}
	}
	if _, err := toIntImpl(nil, []any{"3"}); err == nil || err.Error() != `int: argument 1 must be a number, not a string ("3")` {
		t.Errorf("toIntImpl of a string: %v", err)
	}
	if v, err := toIntImpl(nil, []any{7}); err != nil || v != 7 {
		t.Errorf("toIntImpl(7) = %v, %v", v, err)
	}
}
