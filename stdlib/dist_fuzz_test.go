package stdlib

import (
	"math/big"
	"testing"
)

// FuzzParseDist: any text either fails with a column inside it, or gives
// a distribution whose probabilities are positive and sum to exactly 1,
// with its mean between its bounds.
func FuzzParseDist(f *testing.F) {
	for _, s := range []string{"3d6", "2d6+1", "d20 - d4", "d%", "3*d6+2", "-d4", "10d10", "5d8+15", "7", "2d6-", "0d6", "d", "4d6kh3", "2d20kl1+5", "d6!", "3d6!kh2", "5d6>=5", "4d6kh3>=5", "4d6kh5", "d6!!", "3d6dl1 - d4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 64 {
			return
		}
		d, err := ParseDist(src)
		if err != nil {
			e, ok := err.(*ExprError)
			if !ok || e.Column < 1 || e.Column > len(src)+1 {
				t.Fatalf("%q: error %v has no column inside the text", src, err)
			}
			return
		}
		if len(d.Count) > 20000 {
			return // large but valid; summing it here would be slow
		}
		sum := new(big.Rat)
		for v := d.Min; v <= d.Max(); v++ {
			p := d.P(v)
			if p.Sign() < 0 {
				t.Fatalf("%q: negative probability at %d", src, v)
			}
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("%q: probabilities sum to %s", src, sum)
		}
		if m := d.Mean(); m < float64(d.Min)-1e-9 || m > float64(d.Max())+1e-9 {
			t.Fatalf("%q: mean %v outside %d..%d", src, m, d.Min, d.Max())
		}
	})
}
