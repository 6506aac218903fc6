package stdlib

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestDistExact(t *testing.T) {
	d, err := ParseDist("3d6")
	if err != nil {
		t.Fatal(err)
	}
	// Hand-counted: 3d6 has 216 outcomes; 10 and 11 come 27 ways each,
	// 3 and 18 one way, 4 three ways.
	for v, ways := range map[int]int64{3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27, 11: 27, 18: 1} {
		if got, want := d.P(v), big.NewRat(ways, 216); got.Cmp(want) != 0 {
			t.Errorf("P(3d6 = %d) = %s, want %s", v, got, want)
		}
	}
	if d.Min != 3 || d.Max() != 18 || d.MeanRat().Cmp(big.NewRat(21, 2)) != 0 {
		t.Errorf("min %d max %d mean %s", d.Min, d.Max(), d.MeanRat())
	}
	if sd := d.SD(); math.Abs(sd-math.Sqrt(35.0/4)) > 1e-12 {
		t.Errorf("sd %v", sd)
	}
}

func TestDistForms(t *testing.T) {
	cases := []struct {
		src      string
		min, max int
		mean     *big.Rat
		pAt      int
		p        *big.Rat
	}{
		{"d20+5", 6, 25, big.NewRat(31, 2), 6, big.NewRat(1, 20)},
		{"2d6 - d4", -2, 11, big.NewRat(9, 2), -2, big.NewRat(1, 144)},
		{"d%", 1, 100, big.NewRat(101, 2), 100, big.NewRat(1, 100)},
		{"3*d6+2", 5, 20, big.NewRat(25, 2), 8, big.NewRat(1, 6)},
		{"-d4", -4, -1, big.NewRat(-5, 2), -1, big.NewRat(1, 4)},
		{"5d8+15", 20, 55, big.NewRat(75, 2), 20, big.NewRat(1, 32768)},
		{"7", 7, 7, big.NewRat(7, 1), 7, big.NewRat(1, 1)},
	}
	for _, c := range cases {
		d, err := ParseDist(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if d.Min != c.min || d.Max() != c.max || d.MeanRat().Cmp(c.mean) != 0 || d.P(c.pAt).Cmp(c.p) != 0 {
			t.Errorf("%s: min %d max %d mean %s P(%d)=%s", c.src, d.Min, d.Max(), d.MeanRat(), c.pAt, d.P(c.pAt))
		}
		sum := new(big.Rat)
		for v := d.Min; v <= d.Max(); v++ {
			sum.Add(sum, d.P(v))
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: probabilities sum to %s", c.src, sum)
		}
	}
}

func TestDistErrors(t *testing.T) {
	for src, col := range map[string]int{"": 1, "3d": 3, "2d6+": 5, "0d6": 1, "d1": 1, "2d6 x": 5, "1001d6": 1, "3d6)": 4, "3 d6": 1, "2*0*d6": 3, "*d6": 1} {
		_, err := ParseDist(src)
		e, ok := err.(*ExprError)
		if !ok || e.Column != col {
			t.Errorf("%q: error %v, want one at column %d", src, err, col)
		}
	}
}

func BenchmarkDist10d6(b *testing.B) {
	for b.Loop() {
		if _, err := ParseDist("10d6"); err != nil {
			b.Fatal(err)
		}
	}
}

// A number of more digits than prob reads is named as too large, at
// its first digit: it was "expected a number or dice, found "1"", or
// "dice need faces" after a d, as if it were not a number.
func TestDistNumberTooLong(t *testing.T) {
	for src, col := range map[string]int{"1000000000000": 1, "d6+1000000000000": 4, "1000000000d6": 1, "d1000000000": 2, "10000000000*d6": 1, "3d6 - 99999999999999999999": 7} {
		_, err := ParseDist(src)
		e, ok := err.(*ExprError)
		if !ok || e.Column != col || !strings.Contains(e.Msg, "is too large") || !strings.Contains(e.Msg, "at most 9 digits") {
			t.Errorf("%q: error %v, want one at column %d naming the number too large", src, err, col)
		}
	}
	if _, err := ParseDist("999999999"); err != nil {
		t.Errorf("999999999: %v", err)
	}
}

// TestDistFunctionCall: a function's call (a wild card's max(d8!, d6!)
// >= 4) is named as one that prob does not take, at its name; it was
// "expected a number or dice, found "m"". A name alone is still "found".
func TestDistFunctionCall(t *testing.T) {
	for src, want := range map[string]string{
		"max(d8!, d6!) >= 4": "max(...) is a function",
		"d6 + 2*abs (d4)":    "abs(...) is a function",
		"d6 + x":             `expected a number or dice, found "x"`,
		"d6 + x2 (":          "x2(...) is a function",
	} {
		_, err := ParseQuestionLimited(src, DefaultDistLimits)
		e, ok := err.(*ExprError)
		if !ok || !strings.Contains(e.Msg, want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}
