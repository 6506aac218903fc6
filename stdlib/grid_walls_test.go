package stdlib

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// drawnGrid reads a map drawn as the encounters draw it: '#' solid, '='
// a window, '|' a wall on the edge between the squares left and right of
// it, a row of only '-' and spaces the walls under the squares of the
// row above (by column), anything else floor; letters are remembered.
func drawnGrid(t *testing.T, rows ...string) (*Grid, map[byte]Point) {
	t.Helper()
	var squares []string
	var cols [][]int // text column -> square column, per square row
	for _, r := range rows {
		if strings.Trim(r, "- ") == "" {
			continue
		}
		sq, col := "", []int{}
		for i := 0; i < len(r); i++ {
			if r[i] == '|' {
				col = append(col, -1)
				continue
			}
			col = append(col, len(sq))
			sq += r[i : i+1]
		}
		squares, cols = append(squares, sq), append(cols, col)
	}
	g, at := testGrid(squares...)
	y := -1
	for _, r := range rows {
		if strings.Trim(r, "- ") == "" {
			for i := 0; i < len(r); i++ {
				if r[i] == '-' {
					x := cols[y][i]
					g.SetWall(Point{x, y}, Point{x, y + 1}, true)
				}
			}
			continue
		}
		y++
		for i := 0; i < len(r); i++ {
			switch r[i] {
			case '|':
				g.SetWall(Point{cols[y][i-1], y}, Point{cols[y][i+1], y}, true)
			case '=':
				g.SetWindow(cols[y][i], y, true)
			}
		}
	}
	delete(at, '=')
	return g, at
}

func TestWallsOnEdges(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		los   bool
		cover string // of b from a
		reach bool   // a's blow reaches b
		path  int    // steps from a to b, -1 if none
	}{
		{"open neighbours", []string{"ab"}, true, "none", true, 1},
		{"a wall between neighbours", []string{"a|b"}, false, "blocked", false, -1},
		{"a wall across a corridor", []string{
			"####",
			"a.|b",
			"####"}, false, "blocked", false, -1},
		{"around a short wall", []string{
			"..",
			"a|b",
			".."}, false, "blocked", false, 3},
		{"a wall half across: sight past its end, half cover", []string{
			"a....",
			"---  ",
			"....b"}, true, "half", false, 4},
		{"a wall line between rows blocks", []string{
			"a...",
			"----",
			"...b"}, false, "blocked", false, -1},
		{"diagonal neighbours, a wall through the corner", []string{
			"a|.",
			".|b"}, false, "blocked", false, -1},
		{"diagonal neighbours past the end of a wall", []string{
			"a|.",
			".b"}, true, "none", true, 2},
		{"diagonal neighbours, an L around b", []string{
			"a.",
			" -",
			".|b"}, false, "blocked", false, -1},
		{"diagonal gap between two walls", []string{
			"a#",
			"#b"}, false, "blocked", false, -1},
		{"one wall square at the corner: reach, no step", []string{
			"a#",
			".b"}, true, "none", true, 2},
		{"through a window from afar", []string{
			".b.",
			"#=#",
			"...",
			".a."}, true, "full", false, -1},
		{"at the window, looking out", []string{
			"..a..",
			"##=##",
			".....",
			"..b.."}, true, "none", false, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, at := drawnGrid(t, c.rows...)
			a, b := at['a'], at['b']
			if got := g.LineOfSight(a, b); got != c.los {
				t.Errorf("LineOfSight(a, b) = %v, want %v", got, c.los)
			}
			if got := g.LineOfSight(b, a); got != c.los {
				t.Errorf("LineOfSight(b, a) = %v, want %v (symmetry)", got, c.los)
			}
			if got := g.Cover(a, b); got != c.cover {
				t.Errorf("Cover(a, b) = %q, want %q", got, c.cover)
			}
			if got := g.Reaches(a, b); got != c.reach {
				t.Errorf("Reaches(a, b) = %v, want %v", got, c.reach)
			}
			if got := g.Reaches(b, a); got != c.reach {
				t.Errorf("Reaches(b, a) = %v, want %v (symmetry)", got, c.reach)
			}
			if got := g.PathLength(a, b, nil); got != c.path {
				t.Errorf("PathLength(a, b) = %d, want %d", got, c.path)
			}
		})
	}
}

// The slit hides the one behind it from the far side, but not the other
// way round: the archer at the slit sees the target in the open whole.
func TestWindowCoverIsTheViewersSide(t *testing.T) {
	g, at := drawnGrid(t,
		"..a..",
		"##=##",
		".....",
		"..b..")
	if got := g.Cover(at['b'], at['a']); got != "full" {
		t.Errorf("Cover(b, a) = %q, want full: a stands behind the slit", got)
	}
	if got := g.Cover(at['a'], at['b']); got != "none" {
		t.Errorf("Cover(a, b) = %q, want none: a looks out of its own slit", got)
	}
	if got := g.Step(at['b'], at['a'], 6, nil); got.Y < 2 {
		t.Errorf("Step toward a through the slit went to %v", got)
	}
}

func TestStraightStopsAtAWall(t *testing.T) {
	g, at := drawnGrid(t, "a..|..b")
	if got, want := g.Straight(at['a'], at['b'], 6, nil), (Point{2, 0}); got != want {
		t.Errorf("Straight = %v, want %v (before the wall)", got, want)
	}
}

func TestSetWallRefusesNonNeighbours(t *testing.T) {
	g := NewGrid(3, 3)
	for _, c := range [][2]Point{{{0, 0}, {1, 1}}, {{0, 0}, {2, 0}}, {{0, 0}, {-1, 0}}, {{1, 1}, {1, 1}}} {
		if g.SetWall(c[0], c[1], true) {
			t.Errorf("SetWall(%v, %v) = true, want false", c[0], c[1])
		}
	}
	if g.HasWalls() {
		t.Error("a refused wall made the grid walled")
	}
}

// randomWalls puts a wall on each edge between two floor squares with
// chance density and makes floor squares windows with chance windows.
func randomWalls(rng *rand.Rand, g *Grid, density, windows float64, keep []Point) {
	kept := map[Point]bool{}
	for _, p := range keep {
		kept[p] = true
	}
	for y := range g.H {
		for x := range g.W {
			for _, q := range []Point{{x + 1, y}, {x, y + 1}} {
				if rng.Float64() < density {
					g.SetWall(Point{x, y}, q, true)
				}
			}
			if !kept[Point{x, y}] && !g.Solid(x, y) && rng.Float64() < windows {
				g.SetWindow(x, y, true)
			}
		}
	}
}

func showWalls(g *Grid, a, b Point) string {
	var sb strings.Builder
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			switch p := (Point{x, y}); {
			case p == a:
				sb.WriteByte('a')
			case p == b:
				sb.WriteByte('b')
			case g.Solid(x, y):
				sb.WriteByte('#')
			case g.Window(x, y):
				sb.WriteByte('=')
			default:
				sb.WriteByte('.')
			}
			if g.Wall(Point{x, y}, Point{x + 1, y}) {
				sb.WriteByte('|')
			} else {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString("\n")
		for x := 0; x < g.W; x++ {
			if g.Wall(Point{x, y}, Point{x, y + 1}) {
				sb.WriteString("- ")
			} else {
				sb.WriteString("  ")
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// checkAgainstReference compares every grid function between a and b with
// its reference, and line of sight and reach with their symmetry.
func checkAgainstReference(t *testing.T, g *Grid, a, b Point, squares int, occ []Point) {
	t.Helper()
	// The map is drawn only for a failure, and each reference answers
	// once for the list and the crowd: both were most of the CPU.
	name := func() string { return fmt.Sprintf("%v to %v\n%s", a, b, showWalls(g, a, b)) }
	refStep, refPath := g.refStep(a, b, squares, occ), g.refPathLength(a, b, occ)
	if got, want := g.Cover(a, b), g.refCover(a, b); got != want {
		t.Fatalf("%s: cover %s, the reference says %s", name(), got, want)
	}
	if g.LineOfSight(a, b) != g.LineOfSight(b, a) {
		t.Fatalf("%s: line of sight is not symmetric", name())
	}
	if g.Reaches(a, b) != g.Reaches(b, a) {
		t.Fatalf("%s: reach is not symmetric", name())
	}
	if g.Reaches(a, b) && !g.LineOfSight(a, b) {
		t.Fatalf("%s: a blow reaches where no line of sight does", name())
	}
	checkStepsAgainst(t, g, a, b, squares, occ, refStep, refPath, name)
}

// checkStepsAgainst compares Step and PathLength from a to b, amid the
// list occ and in the crowd made of it, with the reference's answers
// (asked once for both); name describes the case for a failure.
func checkStepsAgainst(t *testing.T, g *Grid, a, b Point, squares int, occ []Point, refStep Point, refPath int, name func() string) {
	t.Helper()
	if got, want := g.Step(a, b, squares, occ), refStep; got != want {
		t.Fatalf("%s: step %d squares amid %v: %v, the reference says %v", name(), squares, occ, got, want)
	}
	if got, want := g.PathLength(a, b, occ), refPath; got != want {
		t.Fatalf("%s: path length amid %v: %d, the reference says %d", name(), occ, got, want)
	}
	if got, want := g.StepIn(a, b, squares, crowdOfList(g, a, occ)), refStep; got != want {
		t.Fatalf("%s: step %d squares in a crowd amid %v: %v, the reference says %v", name(), squares, occ, got, want)
	}
	if got, want := g.PathLengthIn(a, b, crowdOfList(g, a, occ)), refPath; got != want {
		t.Fatalf("%s: path length in a crowd amid %v: %d, the reference says %d", name(), occ, got, want)
	}
}

// TestGridWithWallsMatchesReference is TestGridMatchesReference on maps
// with walls on edges and windows too.
func TestGridWithWallsMatchesReference(t *testing.T) {
	t.Parallel() // the longest tests of stdlib, the last package go test ./... runs
	rng := rand.New(rand.NewSource(7))
	for trial := range 300 {
		w, h := 2+rng.Intn(12), 2+rng.Intn(12)
		g, pts := randomGrid(rng, w, h, []float64{0, 0.1, 0.2}[trial%3], 10)
		if len(pts) < 2 {
			continue
		}
		randomWalls(rng, g, []float64{0.05, 0.15, 0.3}[trial%3], []float64{0, 0.1}[trial%2], pts)
		for i, a := range pts {
			for _, b := range pts[i+1:] {
				checkAgainstReference(t, g, a, b, rng.Intn(8), pts[:rng.Intn(len(pts))])
			}
		}
	}
}

// FuzzGridWallsMatchReference builds a small map from the fuzzer's bytes
// (its size, then two bits per square: solid or window, then two per
// square for the walls right of it and under it) and checks the grid
// functions between two of its squares against the references.
func FuzzGridWallsMatchReference(f *testing.F) {
	f.Add([]byte{5, 4, 0x10, 0x22, 0x04, 0x81, 0x18, 0x42, 0x24}, uint8(0), uint8(19), uint8(3))
	f.Add([]byte{3, 3, 0x00, 0x00, 0x00, 0x0f, 0xf0, 0x33}, uint8(0), uint8(8), uint8(5))
	f.Fuzz(func(t *testing.T, bits []byte, from, to, squares uint8) {
		if len(bits) < 2 {
			return
		}
		w, h := 1+int(bits[0])%12, 1+int(bits[1])%12
		bit := func(i int) bool {
			k := 2 + i/8
			return k < len(bits) && bits[k]>>(i%8)&1 == 1
		}
		g := NewGrid(w, h)
		a, b := Point{int(from) % w, int(from) / w % h}, Point{int(to) % w, int(to) / w % h}
		n := w * h
		for i := range n {
			p := Point{i % w, i / w}
			if p == a || p == b {
				continue
			}
			switch {
			case bit(2 * i):
				g.SetSolid(p.X, p.Y, true)
			case bit(2*i + 1):
				g.SetWindow(p.X, p.Y, true)
			}
		}
		for i := range n {
			p := Point{i % w, i / w}
			g.SetWall(p, Point{p.X + 1, p.Y}, bit(2*n+2*i))
			g.SetWall(p, Point{p.X, p.Y + 1}, bit(2*n+2*i+1))
		}
		checkAgainstReference(t, g, a, b, int(squares%8), nil)
	})
}

// fineWalled is fine for a grid with walls on edges and windows: each
// wall becomes k walls in a line, each window k by k windows.
func fineWalled(g *Grid, k int) *Grid {
	f := fine(g, k)
	for y := range g.H {
		for x := range g.W {
			for i := range k {
				for j := range k {
					f.SetWindow(x*k+i, y*k+j, g.Window(x, y))
				}
				if g.Wall(Point{x, y}, Point{x + 1, y}) {
					f.SetWall(Point{x*k + k - 1, y*k + i}, Point{x*k + k, y*k + i}, true)
				}
				if g.Wall(Point{x, y}, Point{x, y + 1}) {
					f.SetWall(Point{x*k + i, y*k + k - 1}, Point{x*k + i, y*k + k}, true)
				}
			}
		}
	}
	return f
}

// sampledWalled looks for a free segment between the points of a k-fine
// lattice in the squares a and b, every wall of the fine grid checked.
func sampledWalled(f *Grid, a, b Point, k int) bool {
	var walls []edge
	for y := range f.H {
		for x := range f.W {
			walls = f.wallsOf(Point{x, y}, walls)
		}
	}
	walls = dedupEdges(walls)
	v := f.sight(Point{}, false)
	for ay := a.Y * k; ay <= a.Y*k+k; ay++ {
		for ax := a.X * k; ax <= a.X*k+k; ax++ {
			for by := b.Y * k; by <= b.Y*k+k; by++ {
				for bx := b.X * k; bx <= b.X*k+k; bx++ {
					p, q := Point{ax, ay}, Point{bx, by}
					if p == q {
						continue
					}
					if v.lineFree(p, Point{q.X - p.X, q.Y - p.Y}, rect{p.X, p.Y, p.X, p.Y}, rect{q.X, q.Y, q.X, q.Y}, solidCells(f, p, q), walls) {
						return true
					}
				}
			}
		}
	}
	return false
}

// Any segment found by sampling the squares (walls on edges and windows
// too) is a line of sight, so the exact answer must find one whenever
// sampling does; and find more only in rare grazing cases. Neighbours are
// left out: a wall on the edge they share hides them from each other by
// rule (see touching), though they share its ends.
func TestLineOfSightWithWallsAgreesWithSampling(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const k = 4
	more, compared := 0, 0
	for range 800 {
		w, h := 3+rng.Intn(4), 3+rng.Intn(4)
		g := NewGrid(w, h)
		for y := range h {
			for x := range w {
				g.SetSolid(x, y, rng.Intn(6) == 0)
			}
		}
		a, b := Point{rng.Intn(w), rng.Intn(h)}, Point{rng.Intn(w), rng.Intn(h)}
		if Distance(a, b) <= SquareFeet || g.Solid(a.X, a.Y) || g.Solid(b.X, b.Y) {
			continue
		}
		randomWalls(rng, g, 0.2, 0.1, []Point{a, b})
		exact, s := g.LineOfSight(a, b), sampledWalled(fineWalled(g, k), a, b, k)
		if s && !exact {
			t.Fatalf("sampling sees %v from %v but LineOfSight does not:\n%s", b, a, showWalls(g, a, b))
		}
		compared++
		if exact && !s {
			more++
		}
	}
	t.Logf("%d compared, %d found by the exact test alone", compared, more)
	if more > compared/10 {
		t.Errorf("LineOfSight finds %d of %d lines that sampling at 1/%d square misses; expected only rare grazing cases", more, compared, k)
	}
}

// The map of the README's grid section, and what it says of it.
func TestReadmeWalledMap(t *testing.T) {
	g, at := drawnGrid(t,
		"#########",
		"#a..|...#",
		"#...|.o.#",
		"#.......#",
		"      -- ",
		"#.......#",
		"####=####",
		"#...b...#",
		"#########")
	a, o, b := at['a'], at['o'], at['b']
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"alice sees the bowman", g.LineOfSight(a, b), true},
		{"the bowman's cover from alice", g.Cover(a, b), "full"},
		{"alice's cover from the bowman", g.Cover(b, a), "none"},
		{"alice sees the orc through the wall", g.LineOfSight(a, o), false},
		{"alice reaches the bowman's square", g.PathLength(a, b, nil), -1},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
}
