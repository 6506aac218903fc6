package stdlib

import (
	"math/rand"
	"strings"
	"testing"
)

// testGrid reads rows of '#' (solid) and anything else (floor) and returns
// the grid and where each letter stands.
func testGrid(rows ...string) (*Grid, map[byte]Point) {
	g := NewGrid(len(rows[0]), len(rows))
	at := map[byte]Point{}
	for y, row := range rows {
		for x := 0; x < len(row); x++ {
			switch c := row[x]; c {
			case '#':
				g.SetSolid(x, y, true)
			case '.':
			default:
				at[c] = Point{x, y}
			}
		}
	}
	return g, at
}

func TestLineOfSightAndCover(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		los   bool
		cover string // cover of b from a
	}{
		{"open floor", []string{"a...b"}, true, "none"},
		{"same row, a wall between", []string{"a.#.b"}, false, "blocked"},
		{"adjacent", []string{"ab"}, true, "none"},
		{"grazing a wall's corner", []string{
			"a..",
			".#.",
			"..b"}, true, "half"},
		{"diagonal neighbours pinched between two walls", []string{
			"a#",
			"#b"}, false, "blocked"},
		{"walled in at a pinch point", []string{
			"a#..",
			"#...",
			"...b"}, false, "blocked"},
		{"a pillar as wide as the target hides no corner", []string{
			".....",
			"a.#b.",
			"....."}, true, "none"},
		{"a wall two squares tall: half cover", []string{
			"......",
			"...#..",
			"a..#b.",
			"......"}, true, "half"},
		{"a wall three squares tall blocks the line", []string{
			".....",
			"..#..",
			"a.#b.",
			"..#..",
			"....."}, false, "blocked"},
		{"running along the edge between two walls is blocked", []string{
			"a..b",
			"####"}, true, "none"},
		{"a corner of the room is seen from inside", []string{
			"####",
			"#b.#",
			"#..#",
			"#.a#",
			"####"}, true, "none"},
		{"through a slit: one corner seen", []string{
			"..a..",
			".....",
			"##.##",
			"##.##",
			"#...#",
			"#...#",
			"b...#"}, true, "half"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, at := testGrid(c.rows...)
			if got := g.LineOfSight(at['a'], at['b']); got != c.los {
				t.Errorf("LineOfSight(a, b) = %v, want %v", got, c.los)
			}
			if got := g.LineOfSight(at['b'], at['a']); got != c.los {
				t.Errorf("LineOfSight(b, a) = %v, want %v (symmetry)", got, c.los)
			}
			if got := g.Cover(at['a'], at['b']); got != c.cover {
				t.Errorf("Cover(a, b) = %q, want %q", got, c.cover)
			}
		})
	}
}

// fine makes a grid k times finer with the same solid region.
func fine(g *Grid, k int) *Grid {
	f := NewGrid(g.W*k, g.H*k)
	for y := 0; y < f.H; y++ {
		for x := 0; x < f.W; x++ {
			f.SetSolid(x, y, g.Solid(x/k, y/k))
		}
	}
	return f
}

// sampled looks for a free segment between the points of a k-fine
// lattice in the squares a and b.
func sampled(g, f *Grid, a, b Point, k int) bool {
	for ay := a.Y * k; ay <= a.Y*k+k; ay++ {
		for ax := a.X * k; ax <= a.X*k+k; ax++ {
			for by := b.Y * k; by <= b.Y*k+k; by++ {
				for bx := b.X * k; bx <= b.X*k+k; bx++ {
					p, q := Point{ax, ay}, Point{bx, by}
					if p == q {
						if !(view{g: f}).pointBlocked(p.X, p.Y) {
							return true
						}
						continue
					}
					if (view{g: f}).lineFree(p, Point{q.X - p.X, q.Y - p.Y}, rect{p.X, p.Y, p.X, p.Y}, rect{q.X, q.Y, q.X, q.Y}, solidCells(f, p, q), nil) {
						return true
					}
				}
			}
		}
	}
	return false
}

func solidCells(f *Grid, p, q Point) []Point {
	var out []Point
	for y := min(p.Y, q.Y); y < max(p.Y, q.Y); y++ {
		for x := min(p.X, q.X); x < max(p.X, q.X); x++ {
			if f.Solid(x, y) {
				out = append(out, Point{x, y})
			}
		}
	}
	return out
}

// Any segment found by sampling is a line of sight, so the exact answer
// must agree whenever sampling finds one; and the exact answer may only
// find more than sampling in the few grazing cases sampling misses.
func TestLineOfSightAgreesWithSampling(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	const k = 4
	more := 0
	for i := 0; i < 300; i++ {
		w, h := 3+rng.Intn(4), 3+rng.Intn(4)
		g := NewGrid(w, h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				g.SetSolid(x, y, rng.Intn(4) == 0)
			}
		}
		a, b := Point{rng.Intn(w), rng.Intn(h)}, Point{rng.Intn(w), rng.Intn(h)}
		if g.Solid(a.X, a.Y) || g.Solid(b.X, b.Y) {
			continue
		}
		f := fine(g, k)
		exact, s := g.LineOfSight(a, b), sampled(g, f, a, b, k)
		if s && !exact {
			t.Fatalf("sampling sees %v from %v but LineOfSight does not:\n%s", b, a, show(g, a, b))
		}
		if exact && !s {
			more++
		}
	}
	if more > 10 {
		t.Errorf("LineOfSight finds %d lines that sampling at 1/%d square misses; expected only rare grazing cases", more, k)
	}
}

func show(g *Grid, a, b Point) string {
	var sb strings.Builder
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			switch {
			case (Point{x, y}) == a:
				sb.WriteByte('a')
			case (Point{x, y}) == b:
				sb.WriteByte('b')
			case g.Solid(x, y):
				sb.WriteByte('#')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestDistanceCountsDiagonalsAsOneSquare(t *testing.T) {
	for _, c := range []struct {
		a, b Point
		feet int
	}{{Point{0, 0}, Point{0, 0}, 0}, {Point{0, 0}, Point{1, 1}, 5}, {Point{0, 0}, Point{3, 1}, 15}, {Point{4, 2}, Point{0, 0}, 20}} {
		if got := Distance(c.a, c.b); got != c.feet {
			t.Errorf("Distance(%v, %v) = %d, want %d", c.a, c.b, got, c.feet)
		}
	}
}

func TestStep(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		squares int
		want    Point
	}{
		{"straight", []string{"a....b"}, 2, Point{2, 0}},
		{"stops next to the goal", []string{"a....b"}, 10, Point{4, 0}},
		{"already adjacent", []string{"ab"}, 3, Point{0, 0}},
		{"around a wall", []string{
			"a#b",
			"...",
		}, 1, Point{0, 1}},
		{"no corner cutting", []string{
			"a#.",
			"..b",
		}, 1, Point{0, 1}},
		{"an ally in the way", []string{
			"ac.b",
			"....",
		}, 1, Point{1, 1}},
		{"walled off: nearest reachable square", []string{
			"a.#b",
		}, 5, Point{1, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, at := testGrid(c.rows...)
			var occ []Point
			for ch, p := range at {
				if ch != 'a' {
					occ = append(occ, p)
				}
			}
			if got := g.Step(at['a'], at['b'], c.squares, occ); got != c.want {
				t.Errorf("Step = %v, want %v", got, c.want)
			}
		})
	}
}

func FuzzLineOfSightSymmetric(f *testing.F) {
	f.Add(uint64(1), uint8(5), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, w, h uint8) {
		W, H := 2+int(w%6), 2+int(h%6)
		rng := rand.New(rand.NewSource(int64(seed)))
		g := NewGrid(W, H)
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				g.SetSolid(x, y, rng.Intn(3) == 0)
			}
		}
		a, b := Point{rng.Intn(W), rng.Intn(H)}, Point{rng.Intn(W), rng.Intn(H)}
		if g.Solid(a.X, a.Y) || g.Solid(b.X, b.Y) {
			return
		}
		if g.LineOfSight(a, b) != g.LineOfSight(b, a) {
			t.Fatalf("not symmetric:\n%s", show(g, a, b))
		}
		c := g.Cover(a, b)
		if (c == "blocked") == g.LineOfSight(a, b) {
			t.Fatalf("cover %q disagrees with line of sight", c)
		}
	})
}
