package stdlib

import "testing"

// TestSightTriesTheHullNotTheBand holds the work of long lines of sight
// across a field of pillars (the scaled shock_and_swarm map, where most
// are blocked by several pillars together) to what the lines through the
// squares that meet the hull of the two cost: when every solid square of
// the band solidNear looks at added its corners, the lines tried two by
// two, and their work, were two fifths more (553 026, against 393 104).
func TestSightTriesTheHullNotTheBand(t *testing.T) {
	n := 200
	g := NewGrid(n, n)
	for y := range n {
		for x := range n {
			if x == 0 || y == 0 || x == n-1 || y == n-1 || x%8 == 5 && y%8 == 5 {
				g.SetSolid(x, y, true)
			}
		}
	}
	blocked, sight := 0, 0
	for y0 := 2; y0 < 60; y0 += 3 {
		for y1 := 2; y1 < 100; y1 += 7 {
			a, b := Point{3, y0}, Point{150, y1}
			seen, w := g.lineOfSight(a, b)
			if !seen {
				blocked++
			}
			sight += w
		}
	}
	t.Logf("%d pairs of 280 blocked: work %d", blocked, sight)
	if blocked < 100 {
		t.Fatalf("only %d of the pairs are blocked: the map no longer tests the blocked case", blocked)
	}
	if sight > 450_000 {
		t.Errorf("work %d: want at most 450 000", sight)
	}
}
