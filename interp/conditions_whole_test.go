package interp

import (
	"math"
	"testing"
)

// A condition's scale or adjustment far out of an int's range gives the
// nearest end, on every machine (not amd64's lowest int for both ends).
func TestAdjustValueSaturates(t *testing.T) {
	big := 1e45
	for _, c := range []struct {
		v, by any
		scale bool
		want  any
	}{
		{30, big * big, true, math.MaxInt},
		{30, -big * big, true, math.MinInt},
		{-30, big, true, math.MinInt},
		{30, 0.5, true, 15},
		{25, 0.5, true, 12},
		{1, math.MaxInt - 1, false, math.MaxInt}, // an int amount is added exactly (a float64 would round it to 2^63)
		{30, big, false, math.MaxInt},
		{30, math.Inf(1) * 0, true, 0}, // NaN
		{1.5, big, true, 1.5 * big},
	} {
		if got := adjustValue(c.v, c.by, c.scale); got != c.want {
			t.Errorf("adjustValue(%v, %v, %v) = %v, want %v", c.v, c.by, c.scale, got, c.want)
		}
	}
}
