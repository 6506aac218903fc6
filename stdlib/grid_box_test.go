package stdlib

import (
	"math/rand"
	"testing"
)

// TestBlockedByWallIsSound holds the quick proof of grid_box.go to the
// reference decision: on random maps of pillars and walls (some with
// walls on edges and windows, seen with windows solid or clear), every
// pair of squares and every square and corner point that blockedByWall
// calls blocked is blocked by refDecide too. It also counts how often
// the proof was found by a box and by the longer chain, so that a change
// that stops it working shows.
func TestBlockedByWallIsSound(t *testing.T) {
	t.Parallel() // the longest tests of stdlib, the last package go test ./... runs
	rng := rand.New(rand.NewSource(7))
	proved, tried := 0, 0
	for round := range 12 {
		g, floor := randomGrid(rng, 14, 14, 0.25+0.2*rng.Float64(), 30)
		if round%3 == 0 {
			randomWalls(rng, g, 0.05, 0.05, floor)
		}
		for i, pa := range floor {
			for _, pb := range floor[i+1:] {
				for _, windows := range []bool{false, true} {
					v := g.sight(pa, windows)
					a := squareRect(pa)
					targets := []rect{squareRect(pb)}
					for _, c := range cornersOf(squareRect(pb)) {
						targets = append(targets, rect{c.X, c.Y, c.X, c.Y})
					}
					for _, b := range targets {
						if _, ok := v.touching(a, b); ok {
							continue
						}
						tried++
						if !v.blockedByWall(a, b) {
							continue
						}
						proved++
						if v.refDecide(a, b) {
							t.Fatalf("blockedByWall calls %v to %v blocked (windows %v), but the reference sees a free segment:\n%s", a, b, windows, showWalls(g, pa, pb))
						}
					}
				}
			}
		}
	}
	t.Logf("%d of %d pairs proved blocked", proved, tried)
	if proved < tried/20 {
		t.Errorf("only %d of %d pairs proved blocked: the quick proof has stopped finding walls", proved, tried)
	}
}
