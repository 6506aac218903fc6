package stdlib

import (
	"fmt"
	"math/rand"
	"testing"
)

// benchGrid is an n by n map with walls around, a pillar in every 8 by 8
// block and one wall a third of the way across, with a gap, and a fixed
// set of floor squares to look from and to.
func benchGrid(n int) (*Grid, []Point) {
	g := NewGrid(n, n)
	for y := range n {
		for x := range n {
			edge := x == 0 || y == 0 || x == n-1 || y == n-1
			pillar := x%8 == 5 && y%8 == 5
			wall := x == n/3 && y > 2 && y < n-4
			if edge || pillar || wall {
				g.SetSolid(x, y, true)
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	var pts []Point
	for len(pts) < 64 {
		p := Point{1 + rng.Intn(n-2), 1 + rng.Intn(n-2)}
		if !g.Solid(p.X, p.Y) {
			pts = append(pts, p)
		}
	}
	return g, pts
}

var benchSizes = []int{50, 200}

// BenchmarkCover decides line of sight and cover between 32 pairs
// of squares across the map, forgetting the cache each time.
func BenchmarkCover(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchGrid(n)
			for b.Loop() {
				g.cache = nil
				for i := 0; i+1 < len(pts); i += 2 {
					g.Cover(pts[i], pts[i+1])
				}
			}
		})
	}
}

// BenchmarkStep moves toward 32 goals across the map amid 32 others.
func BenchmarkStep(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchGrid(n)
			occ := pts[32:]
			for b.Loop() {
				for i := 0; i+1 < 32; i += 2 {
					g.Step(pts[i], pts[i+1], 6, occ)
				}
			}
		})
	}
}

// BenchmarkStepToCrowd moves toward 16 goals each hemmed in by others on
// its eight neighbouring squares, as a target in a melee is (its own
// square is taken too, as Occupied gives it): the search
// stops at the first ring it can reach, not at the edges of the map.
func BenchmarkStepToCrowd(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchGrid(n)
			var occ []Point
			for i := 1; i < 32; i += 2 {
				occ = append(append(occ, pts[i]), ring(pts[i], 1)...)
			}
			for b.Loop() {
				for i := 0; i+1 < 32; i += 2 {
					g.Step(pts[i], pts[i+1], 6, occ)
				}
			}
		})
	}
}

// BenchmarkPathLength measures the walks between 32 pairs of squares.
func BenchmarkPathLength(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchGrid(n)
			occ := pts[32:]
			for b.Loop() {
				for i := 0; i+1 < 32; i += 2 {
					g.PathLength(pts[i], pts[i+1], occ)
				}
			}
		})
	}
}

// benchWalledGrid is benchGrid with a wall on an edge beside every third
// square of one row in four, and a window in every 8 by 8 block.
func benchWalledGrid(n int) (*Grid, []Point) {
	g, pts := benchGrid(n)
	for y := 2; y < n-1; y += 4 {
		for x := 1; x < n-2; x += 3 {
			g.SetWall(Point{x, y}, Point{x + 1, y}, true)
			g.SetWall(Point{x, y}, Point{x, y + 1}, true)
		}
	}
	for y := 3; y < n-1; y += 8 {
		for x := 3; x < n-1; x += 8 {
			g.SetWindow(x, y, true)
		}
	}
	var free []Point
	for _, p := range pts {
		if !g.Blocked(p.X, p.Y) {
			free = append(free, p)
		}
	}
	return g, free
}

// BenchmarkCoverWithWalls is BenchmarkCover on a map with walls on edges
// and windows.
func BenchmarkCoverWithWalls(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchWalledGrid(n)
			for b.Loop() {
				g.cache = nil
				for i := 0; i+1 < len(pts); i += 2 {
					g.Cover(pts[i], pts[i+1])
				}
			}
		})
	}
}

// BenchmarkPathLengthWithWalls is BenchmarkPathLength on the same map.
func BenchmarkPathLengthWithWalls(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			g, pts := benchWalledGrid(n)
			occ := pts[32:]
			for b.Loop() {
				for i := 0; i+1 < 32; i += 2 {
					g.PathLength(pts[i], pts[i+1], occ)
				}
			}
		})
	}
}
