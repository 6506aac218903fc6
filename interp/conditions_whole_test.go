package interp

import (
	"math"
	"testing"
)

// A condition's scale or adjustment of a whole number out of an int's
// range, or by NaN, is an error (stdlib.ToInt's, the one int() gives), the
// same on every machine, not Go's conversion (amd64 gives the lowest int
// for both ends); an int amount is added exactly.
func TestAdjustValueWhole(t *testing.T) {
	big := 1e45
	for _, c := range []struct {
		v, by   any
		scale   bool
		want    any
		wantErr bool
	}{
		{30, big * big, true, nil, true},
		{30, -big * big, true, nil, true},
		{-30, big, true, nil, true},
		{30, 0.5, true, 15, false},
		{25, 0.5, true, 12, false},
		{1, math.MaxInt - 1, false, math.MaxInt, false}, // a float64 would round it to 2^63
		{30, big, false, nil, true},
		{30, math.Inf(1) * 0, true, nil, true}, // NaN
		{1.5, big, true, 1.5 * big, false},
	} {
		got, err := adjustValue(c.v, c.by, c.scale)
		if (err != nil) != c.wantErr || (!c.wantErr && got != c.want) {
			t.Errorf("adjustValue(%v, %v, %v) = %v, %v; want %v (error: %v)", c.v, c.by, c.scale, got, err, c.want, c.wantErr)
		}
	}
}
