package stdlib

import (
	"math/rand"
	"testing"
)

// Two floor squares share a region exactly when PathLength finds a walk
// between them, on random maps of solid squares, walls on edges and
// windows; walls and windows have none.
func TestRegionsAgreeWithPathLength(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	for trial := range 60 {
		g, _ := randomGrid(rng, 9, 7, 0.25, 0)
		if trial%2 == 1 {
			randomWalls(rng, g, 0.3, 0.1, nil)
		}
		labels, n, _ := g.Regions()
		seen := make([]bool, n)
		for a := range labels {
			pa := Point{a % g.W, a / g.W}
			if g.Blocked(pa.X, pa.Y) != (labels[a] < 0) {
				t.Fatalf("trial %d: square %v blocked %v, label %d", trial, pa, g.Blocked(pa.X, pa.Y), labels[a])
			}
			if labels[a] < 0 {
				continue
			}
			seen[labels[a]] = true
			for b := range labels {
				pb := Point{b % g.W, b / g.W}
				if labels[b] < 0 {
					continue
				}
				if same, walk := labels[a] == labels[b], g.PathLength(pa, pb, nil) >= 0; same != walk {
					t.Fatalf("trial %d: %v and %v share a region %v, walk %v\n%s", trial, pa, pb, same, walk, showWalls(g, pa, pb))
				}
			}
		}
		for l, ok := range seen {
			if !ok {
				t.Fatalf("trial %d: label %d of %d labels no square", trial, l, n)
			}
		}
	}
}

// The work is at most the eight steps tried from each square, whatever
// the map: here a 1000 by 1000 map cut into rooms of two by two squares
// by solid squares and windows, each room cut in two by walls on the
// edges between its rows (issue #15: fray lint cuts every encounter's
// map into regions).
func TestRegionsWorkIsLinear(t *testing.T) {
	const n = 1000
	g := NewGrid(n, n)
	for y := range n {
		for x := range n {
			switch {
			case y%3 == 2 || x%3 == 2 && y%2 == 0:
				g.SetSolid(x, y, true)
			case x%3 == 2:
				g.SetWindow(x, y, true)
			case y%3 == 0:
				g.SetWall(Point{x, y}, Point{x, y + 1}, true)
			}
		}
	}
	_, regions, work := g.Regions()
	if work > 8*n*n {
		t.Errorf("work %d for a %d by %d map, want at most %d", work, n, n, 8*n*n)
	}
	// 334 columns of rooms (the last one square wide) and 334 rows of
	// them, 333 of two rows, cut in two, and the last of one.
	if want := 334 * (333*2 + 1); regions != want {
		t.Errorf("%d regions, want %d", regions, want)
	}
}
