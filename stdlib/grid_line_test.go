package stdlib

import (
	"math/rand"
	"testing"
)

// TestLineSignTestsAgreeWithClip holds the sign tests lineFree refuses
// lines with before it clips them to what clip says: meets of a closed
// region (a square or a point) is clip's ok, and entersSquare of a
// square is clip's ok for the open square. Lines through grid points in
// every direction, axis ones included, against squares and points near
// them.
func TestLineSignTestsAgreeWithClip(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for range 200000 {
		u := Point{rng.Intn(13) - 6, rng.Intn(13) - 6}
		d := Point{rng.Intn(13) - 6, rng.Intn(13) - 6}
		if d.X == 0 && d.Y == 0 {
			continue
		}
		ln := newLine(u, d)
		c := Point{rng.Intn(13) - 6, rng.Intn(13) - 6}
		r := squareRect(c)
		if rng.Intn(3) == 0 {
			r = rect{c.X, c.Y, c.X, c.Y} // a point: a corner a line may pass through
		}
		if _, _, ok := ln.clip(r, false); ln.meets(r) != ok {
			t.Fatalf("line through %v by %v, region %v: meets %v, clip %v", u, d, r, ln.meets(r), ok)
		}
		if _, _, ok := ln.clip(squareRect(c), true); ln.entersSquare(c) != ok {
			t.Fatalf("line through %v by %v, square %v: entersSquare %v, clip of the open square %v", u, d, c, ln.entersSquare(c), ok)
		}
	}
}
