package stdlib

import (
	"math"
	"math/big"
	"testing"
)

// TestWholesAgreeWithBig holds Add, Sub, Mul, Neg and Abs to exact
// arithmetic on numbers at and around the ends of the whole numbers:
// the value when it is a whole number, an overflow error when it is not.
func TestWholesAgreeWithBig(t *testing.T) {
	var vals []int
	for _, v := range []int{0, 1, 2, 3, 1 << 31, 1 << 32, 3037000499, 3037000500, 1 << 62, math.MaxInt / 2, math.MaxInt / 3, math.MaxInt - 1, math.MaxInt} {
		vals = append(vals, v, -v, v-1, -v+1)
	}
	vals = append(vals, math.MinInt, math.MinInt+1, math.MinInt/2, math.MinInt/3)
	fits := func(z *big.Int) bool { return z.IsInt64() }
	check := func(what string, a, b int, got int, err error, want *big.Int) {
		t.Helper()
		switch {
		case fits(want) && (err != nil || int64(got) != want.Int64()):
			t.Errorf("%d %s %d = %d, %v; want %v", a, what, b, got, err, want)
		case !fits(want) && err == nil:
			t.Errorf("%d %s %d = %d, no error; want an overflow (%v)", a, what, b, got, want)
		}
	}
	for _, a := range vals {
		A := big.NewInt(int64(a))
		v, err := Neg(a)
		check("neg", a, 0, v, err, new(big.Int).Neg(A))
		v, err = Abs(a)
		check("abs", a, 0, v, err, new(big.Int).Abs(A))
		for _, b := range vals {
			B := big.NewInt(int64(b))
			v, err := Add(a, b)
			check("+", a, b, v, err, new(big.Int).Add(A, B))
			v, err = Sub(a, b)
			check("-", a, b, v, err, new(big.Int).Sub(A, B))
			v, err = Mul(a, b)
			check("*", a, b, v, err, new(big.Int).Mul(A, B))
		}
	}
	if _, err := Add(math.MaxInt, 1); err == nil || err.Error() != "whole-number overflow: 9223372036854775807 + 1" {
		t.Errorf("the words of an overflow: %v", err)
	}
	if _, err := Sub(1, math.MinInt); err == nil || err.Error() != "whole-number overflow: 1 - (-9223372036854775808)" {
		t.Errorf("the words of an overflow: %v", err)
	}
}
