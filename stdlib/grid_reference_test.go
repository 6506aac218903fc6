package stdlib

import (
	"fmt"
	"math/rand"
	"sort"
	"testing"
)

// The grid functions as they were before they were made to cost in
// proportion to the squares they look at (they looked at the whole box
// between two squares, or the whole map): slow, plainly right, and kept
// here so that the fast ones are checked to give the very same answers.

// refDecide is decide over every solid square of the box that holds a
// and b, and every wall on an edge inside the box or on its border.
func (v view) refDecide(a, b rect) bool {
	g := v.g
	if res, ok := v.touching(a, b); ok {
		return res
	}
	ca, cb := cornersOf(a), cornersOf(b)
	pts := append(ca[:], cb[:]...)
	bx0, by0 := min(a.x0, b.x0), min(a.y0, b.y0)
	bx1, by1 := max(a.x1, b.x1), max(a.y1, b.y1)
	var cells []Point
	for y := by0; y < by1; y++ {
		for x := bx0; x < bx1; x++ {
			if v.solid(x, y) {
				cells = append(cells, Point{x, y})
			}
		}
	}
	var walls []edge
	for y := by0; y <= by1; y++ {
		for x := bx0; x <= bx1; x++ {
			if v.solid(x-1, y-1) || v.solid(x, y-1) || v.solid(x-1, y) || v.solid(x, y) {
				pts = append(pts, Point{x, y})
			}
			for _, e := range []edge{{x, y, true}, {x, y, false}} {
				if g.walled(e) && (e.Vertical && y < by1 || !e.Vertical && x < bx1) {
					walls = append(walls, e)
					pts = append(pts, e.ends()...)
				}
			}
		}
	}
	pts = dedupPoints(pts)
	for i, u := range pts {
		if v.lineFree(u, Point{1, 0}, a, b, cells, walls) || v.lineFree(u, Point{0, 1}, a, b, cells, walls) {
			return true
		}
		for _, w := range pts[i+1:] {
			if v.lineFree(u, Point{w.X - u.X, w.Y - u.Y}, a, b, cells, walls) {
				return true
			}
		}
	}
	return false
}

// refCover is Cover through refDecide, without the cache.
func (g *Grid) refCover(viewer, target Point) string {
	if !g.sight(viewer, false).refDecide(squareRect(viewer), squareRect(target)) {
		return "blocked"
	}
	v := g.sight(viewer, true)
	seen := 0
	for _, c := range []Point{{target.X, target.Y}, {target.X + 1, target.Y}, {target.X, target.Y + 1}, {target.X + 1, target.Y + 1}} {
		if v.refDecide(squareRect(viewer), rect{c.X, c.Y, c.X, c.Y}) {
			seen++
		}
	}
	switch seen {
	case 4:
		return "none"
	case 0:
		return "full"
	}
	return "half"
}

// refCanStep is canStep written out: onto an open square, not across a
// wall, and on a diagonal past neither a blocked square nor any of the
// four walls that meet at the corner crossed.
func (g *Grid) refCanStep(p, d Point) bool {
	q := Point{p.X + d.X, p.Y + d.Y}
	if g.Blocked(q.X, q.Y) {
		return false
	}
	if d.X == 0 || d.Y == 0 {
		return !g.Wall(p, q)
	}
	h, v := Point{p.X + d.X, p.Y}, Point{p.X, p.Y + d.Y}
	return !g.Blocked(h.X, h.Y) && !g.Blocked(v.X, v.Y) &&
		!g.Wall(p, h) && !g.Wall(p, v) && !g.Wall(h, q) && !g.Wall(v, q)
}

// refStep is Step by a search of every reachable square, sorted.
func (g *Grid) refStep(from, goal Point, squares int, occupied []Point) Point {
	blocked := map[Point]bool{}
	for _, p := range occupied {
		blocked[p] = true
	}
	dist := map[Point]int{from: 0}
	parent := map[Point]Point{}
	queue := []Point{from}
	dirs := []Point{{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range dirs {
			q := Point{p.X + d.X, p.Y + d.Y}
			if _, seen := dist[q]; seen || !g.refCanStep(p, d) || blocked[q] {
				continue
			}
			dist[q] = dist[p] + 1
			parent[q] = p
			queue = append(queue, q)
		}
	}
	// Each square reached with its distance to the goal and its steps,
	// worked out once: the sort compares them a few million times a test
	// run, and map look-ups there were most of the reference's time.
	type reached struct {
		p          Point
		far, steps int
	}
	reach := make([]reached, 0, len(dist))
	for p, steps := range dist {
		reach = append(reach, reached{p, max(Distance(p, goal), SquareFeet), steps})
	}
	sort.Slice(reach, func(i, j int) bool {
		p, q := reach[i], reach[j]
		if p.far != q.far {
			return p.far < q.far
		}
		if p.steps != q.steps {
			return p.steps < q.steps
		}
		if p.p.Y != q.p.Y {
			return p.p.Y < q.p.Y
		}
		return p.p.X < q.p.X
	})
	best := reach[0].p
	var path []Point
	for p := best; p != from; p = parent[p] {
		path = append(path, p)
	}
	if len(path) <= squares {
		return best
	}
	if squares <= 0 {
		return from
	}
	return path[len(path)-squares]
}

// refPathLength is PathLength with maps for its marks.
func (g *Grid) refPathLength(from, to Point, occupied []Point) int {
	if from == to {
		return 0
	}
	blocked := map[Point]bool{}
	for _, p := range occupied {
		blocked[p] = true
	}
	if g.Blocked(to.X, to.Y) || blocked[to] {
		return -1
	}
	dist := map[Point]int{from: 0}
	queue := []Point{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range kingSteps {
			q := Point{p.X + d.X, p.Y + d.Y}
			if _, seen := dist[q]; seen || !g.refCanStep(p, d) || blocked[q] {
				continue
			}
			dist[q] = dist[p] + 1
			if q == to {
				return dist[q]
			}
			queue = append(queue, q)
		}
	}
	return -1
}

// randomGrid is a w by h grid whose squares are solid with chance
// density, and n distinct floor squares of it (fewer if it has fewer).
func randomGrid(rng *rand.Rand, w, h int, density float64, n int) (*Grid, []Point) {
	g := NewGrid(w, h)
	var floor []Point
	for y := range h {
		for x := range w {
			if rng.Float64() < density {
				g.SetSolid(x, y, true)
			} else {
				floor = append(floor, Point{x, y})
			}
		}
	}
	rng.Shuffle(len(floor), func(i, j int) { floor[i], floor[j] = floor[j], floor[i] })
	return g, floor[:min(n, len(floor))]
}

// ring is the squares r steps from p (its neighbours for r = 1).
func ring(p Point, r int) []Point {
	var out []Point
	for y := p.Y - r; y <= p.Y+r; y++ {
		for x := p.X - r; x <= p.X+r; x++ {
			if max(abs(x-p.X), abs(y-p.Y)) == r {
				out = append(out, Point{x, y})
			}
		}
	}
	return out
}

// TestGridMatchesReference checks line of sight, cover, Step and
// PathLength against the reference versions above on random maps: the
// same answer for every pair of squares tried.
func TestGridMatchesReference(t *testing.T) {
	t.Parallel() // the longest tests of stdlib, the last package go test ./... runs
	rng := rand.New(rand.NewSource(1))
	for trial := range 440 {
		w, h := 2+rng.Intn(14), 2+rng.Intn(14)
		if trial >= 400 { // a few larger maps, where a search may stop early
			w, h = 20+rng.Intn(30), 20+rng.Intn(30)
		}
		density := []float64{0, 0.1, 0.25, 0.4}[trial%4]
		g, pts := randomGrid(rng, w, h, density, 12)
		if len(pts) < 2 {
			continue
		}
		for i, a := range pts {
			for _, b := range pts[i+1:] {
				// The map is drawn only for a failure.
				name := func() string { return fmt.Sprintf("trial %d, %v to %v\n%s", trial, a, b, show(g, a, b)) }
				if got, want := g.Cover(a, b), g.refCover(a, b); got != want {
					t.Fatalf("%s: cover %s, the reference says %s", name(), got, want)
				}
				occ := pts[:rng.Intn(len(pts))]
				if trial%3 == 0 { // the goal hemmed in, as a target in a crowd is
					occ = append(append(occ[:len(occ):len(occ)], b), ring(b, 1+trial%2)...)
				}
				squares := rng.Intn(8)
				// The reference answers once for the list and the crowd:
				// refStep was most of this test's CPU, asked twice the same.
				refStep, refPath := g.refStep(a, b, squares, occ), g.refPathLength(a, b, occ)
				checkStepsAgainst(t, g, a, b, squares, occ, refStep, refPath, name)
			}
		}
	}
}

// FuzzGridMatchesReference builds a small map from the fuzzer's bytes
// (its size, then one bit per square) and checks the grid functions
// between two of its squares against the reference versions.
func FuzzGridMatchesReference(f *testing.F) {
	f.Add([]byte{5, 4, 0x10, 0x22, 0x04}, uint8(0), uint8(19), uint8(3))
	f.Add([]byte{8, 8, 0xff, 0x00, 0x81, 0x18, 0x42}, uint8(9), uint8(54), uint8(5))
	f.Fuzz(func(t *testing.T, bits []byte, from, to, squares uint8) {
		if len(bits) < 2 {
			return
		}
		w, h := 1+int(bits[0])%16, 1+int(bits[1])%16
		g := NewGrid(w, h)
		for i := range w * h {
			if k := 2 + i/8; k < len(bits) && bits[k]>>(i%8)&1 == 1 {
				g.SetSolid(i%w, i/w, true)
			}
		}
		a, b := Point{int(from) % w, int(from) / w % h}, Point{int(to) % w, int(to) / w % h}
		if g.Solid(a.X, a.Y) || g.Solid(b.X, b.Y) {
			return
		}
		if got, want := g.Cover(a, b), g.refCover(a, b); got != want {
			t.Fatalf("%v to %v:\n%s cover %s, the reference says %s", a, b, show(g, a, b), got, want)
		}
		if got, want := g.Step(a, b, int(squares%8), nil), g.refStep(a, b, int(squares%8), nil); got != want {
			t.Fatalf("%v to %v:\n%s step %v, the reference says %v", a, b, show(g, a, b), got, want)
		}
		if got, want := g.PathLength(a, b, nil), g.refPathLength(a, b, nil); got != want {
			t.Fatalf("%v to %v:\n%s path %d, the reference says %d", a, b, show(g, a, b), got, want)
		}
		if got, want := g.StepIn(a, b, int(squares%8), crowdOfList(g, a, nil)), g.refStep(a, b, int(squares%8), nil); got != want {
			t.Fatalf("%v to %v:\n%s step in a crowd %v, the reference says %v", a, b, show(g, a, b), got, want)
		}
		if got, want := g.PathLengthIn(a, b, crowdOfList(g, a, nil)), g.refPathLength(a, b, nil); got != want {
			t.Fatalf("%v to %v:\n%s path in a crowd %d, the reference says %d", a, b, show(g, a, b), got, want)
		}
	})
}

// TestGridSharedBySearchesAtOnce runs searches and sight lines on one
// grid from several goroutines at once, as fray sim's workers share an
// encounter's map: each gets the answer it gets alone (run with -race).
func TestGridSharedBySearchesAtOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	g, pts := randomGrid(rng, 30, 30, 0.2, 40)
	type answer struct {
		step  Point
		path  int
		cover string
	}
	want := make([]answer, len(pts)-1)
	for i := range want {
		want[i] = answer{g.refStep(pts[i], pts[i+1], 5, pts), g.refPathLength(pts[i], pts[i+1], pts), g.refCover(pts[i], pts[i+1])}
	}
	done := make(chan string)
	for w := range 4 {
		go func() {
			msg := ""
			for k := range want {
				i := (k + w*7) % len(want)
				got := answer{g.Step(pts[i], pts[i+1], 5, pts), g.PathLength(pts[i], pts[i+1], pts), g.Cover(pts[i], pts[i+1])}
				if got != want[i] && msg == "" {
					msg = fmt.Sprintf("worker %d, %v to %v: %+v, alone %+v", w, pts[i], pts[i+1], got, want[i])
				}
			}
			done <- msg
		}()
	}
	for range 4 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}
