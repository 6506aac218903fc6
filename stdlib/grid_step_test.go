package stdlib

import (
	"fmt"
	"math/rand"
	"testing"
)

// stepEveryWay is Step's answer by each of the ways it may take, whatever
// the budgets would choose: Step itself; the breadth-first search from
// the mover (stepBreadthFirst); the best-first searches with no budget,
// settling the tie and walking the path (firstOfRing, along); the first
// search followed by the cut breadth-first search (bfsStep); the first
// search followed by the search backwards from the ring (ringStep); and
// the first search resumed, then swept back from the square it heads
// for (onWayStep).
func (g *Grid) stepEveryWay(from, goal Point, squares int, occupied []Point) map[string]Point {
	out := map[string]Point{"Step": g.Step(from, goal, squares, occupied)}
	out["Step in a crowd"] = g.StepIn(from, goal, squares, crowdOfList(g, from, occupied))
	if !g.In(from.X, from.Y) {
		return out
	}
	p := g.pad()
	defer g.putPad(p)
	g.block(p, occupied)
	out["breadth-first"] = g.stepBreadthFirst(p, from, goal, squares)
	for _, way := range []string{"best-first", "cut breadth-first", "backwards from the ring", "resumed"} {
		p.budget = noBudget
		t, d, to, _ := g.heading(p, from, goal)
		switch {
		case d == 0 || d <= squares && to.r == 0:
			out[way] = g.at(t)
			continue
		case squares <= 0:
			out[way] = from
			continue
		}
		if way == "resumed" {
			if to.r == 0 { // not its case
				continue
			}
			at, ok := g.onWayStep(p, from, to, d, squares)
			if !ok {
				at = Point{-1, -1} // cannot happen without a budget: fails the comparison
			}
			out[way] = at
			continue
		}
		if way == "cut breadth-first" {
			out[way] = g.bfsStep(p, from, to, d, squares)
			continue
		}
		if way == "backwards from the ring" {
			if to.r == 0 { // not its case: Step settles one square forwards
				out[way] = g.bfsStep(p, from, to, d, squares)
				continue
			}
			for _, astamp := range []uint32{p.stamp, 0} { // with the first search's marks, and without
				at, ok := g.ringStep(p, from, to, d, squares, astamp)
				if !ok {
					at = Point{-1, -1} // cannot happen: fails the comparison
				}
				out[fmt.Sprintf("%s (first search's marks: %v)", way, astamp != 0)] = at
			}
			continue
		}
		p.trace(t, 0, d)
		if to.r > 0 {
			t, _ = g.firstOfRing(p, from, t, d)
		}
		if d <= squares {
			out[way] = g.at(t)
			continue
		}
		out[way], _ = g.along(p, from, g.at(t), d, squares)
	}
	return out
}

// crowdOfList is the Crowd a world keeps when the mover stands on from
// and the others on the squares of occupied: the mover counted on its
// own square (off the map: on none).
func crowdOfList(g *Grid, from Point, occupied []Point) Crowd {
	c := Crowd{Count: make([]int32, g.W*g.H), Self: -1}
	for _, q := range append([]Point{from}, occupied...) {
		if g.In(q.X, q.Y) {
			c.Count[q.Y*g.W+q.X]++
		}
	}
	if g.In(from.X, from.Y) {
		c.Self = int(g.index(from))
	}
	return c
}

// checkStepEveryWay fails the test unless every way of stepEveryWay gives
// the reference's answer.
func checkStepEveryWay(t *testing.T, g *Grid, a, b Point, squares int, occ []Point) {
	t.Helper()
	want := g.refStep(a, b, squares, occ)
	for way, got := range g.stepEveryWay(a, b, squares, occ) {
		if got != want {
			t.Fatalf("%v to %v, %d squares amid %v\n%s: %s gives %v, the reference %v", a, b, squares, occ, showWalls(g, a, b), way, got, want)
		}
	}
	refPath := g.refPathLength(a, b, occ) // once for the list and the crowd
	if got, want := g.PathLength(a, b, occ), refPath; got != want {
		t.Fatalf("%v to %v amid %v\n%s: path length %d, the reference says %d", a, b, occ, showWalls(g, a, b), got, want)
	}
	if got, want := g.PathLengthIn(a, b, crowdOfList(g, a, occ)), refPath; got != want {
		t.Fatalf("path length in a crowd from %v to %v amid %v\n%s: %d, the reference %d", a, b, occ, showWalls(g, a, b), got, want)
	}
}

// crowd is the squares of a melee round goal: the goal and, with chance
// fill each, the squares of rings 1 to r around it.
func crowd(rng *rand.Rand, goal Point, r int, fill float64) []Point {
	out := []Point{goal}
	for k := 1; k <= r; k++ {
		for _, q := range ring(goal, k) {
			if rng.Float64() < fill {
				out = append(out, q)
			}
		}
	}
	return out
}

// TestStepEveryWayMatchesReference holds each of Step's ways to the
// breadth-first reference on maps larger than the other tests' (where
// the searches differ most from a breadth-first one): open floor,
// pillars and walls, walls on edges and windows, crowds round the goal
// (the ring next to it full, partly full, or pockets inside it cut off),
// scattered crowds, and goals walled in (no way to them).
func TestStepEveryWayMatchesReference(t *testing.T) {
	t.Parallel() // the longest tests of stdlib, the last package go test ./... runs
	rng := rand.New(rand.NewSource(15))
	for trial := range 160 {
		w, h := 8+rng.Intn(40), 8+rng.Intn(40)
		g, pts := randomGrid(rng, w, h, []float64{0, 0.05, 0.15, 0.3}[trial%4], 10)
		if len(pts) < 2 {
			continue
		}
		if trial%3 == 1 {
			randomWalls(rng, g, []float64{0.05, 0.2}[trial%2], []float64{0, 0.1}[trial/2%2], pts)
		}
		if trial%5 == 4 { // a room round the first square, with no door
			c := pts[0]
			for _, q := range ring(c, 2) {
				if g.In(q.X, q.Y) {
					g.SetSolid(q.X, q.Y, true)
				}
			}
			g.SetSolid(c.X, c.Y, false)
		}
		for i, a := range pts {
			for _, b := range pts[i+1:] {
				if g.Solid(a.X, a.Y) || g.Solid(b.X, b.Y) {
					continue
				}
				var occ []Point
				switch trial % 4 {
				case 0: // scattered
					occ = pts[:rng.Intn(len(pts))]
				case 1: // the goal hemmed in, its next ring full
					occ = crowd(rng, b, 1, 1)
				case 2: // a melee: rings round the goal partly taken
					occ = crowd(rng, b, 1+rng.Intn(4), 0.4+0.5*rng.Float64())
				case 3: // a crowd round the mover and one round the goal
					occ = append(crowd(rng, a, 2, 0.5)[1:], crowd(rng, b, 2, 0.7)...)
				}
				checkStepEveryWay(t, g, a, b, rng.Intn(13), occ)
			}
		}
	}
}

// FuzzStepEveryWayMatchesReference builds a map from the fuzzer's bytes
// (its size, then two bits per square: solid or window, then two for the
// walls right of and under it, then one for someone standing on it) and
// holds each of Step's ways to the reference between two of its squares.
func FuzzStepEveryWayMatchesReference(f *testing.F) {
	f.Add([]byte{20, 20, 0x10, 0x22, 0x04, 0x81, 0x18, 0x42, 0x24}, uint8(0), uint8(199), uint8(3))
	f.Add([]byte{9, 9, 0x00, 0x00, 0x00, 0x0f, 0xf0, 0x33, 0xff, 0xff}, uint8(0), uint8(40), uint8(9))
	f.Fuzz(func(t *testing.T, bits []byte, from, to, squares uint8) {
		if len(bits) < 2 {
			return
		}
		w, h := 1+int(bits[0])%24, 1+int(bits[1])%24
		bit := func(i int) bool {
			k := 2 + i/8
			return k < len(bits) && bits[k]>>(i%8)&1 == 1
		}
		g := NewGrid(w, h)
		a, b := Point{int(from) % w, int(from) / w % h}, Point{int(to) % w, int(to) / w % h}
		n := w * h
		var occ []Point
		for i := range n {
			p := Point{i % w, i / w}
			if p != a && p != b {
				g.SetSolid(p.X, p.Y, bit(i) && !bit(n+i))
				g.SetWindow(p.X, p.Y, bit(i) && bit(n+i))
			}
			if bit(2*n+i) && p.X+1 < w {
				g.SetWall(p, Point{p.X + 1, p.Y}, true)
			}
			if bit(3*n+i) && p.Y+1 < h {
				g.SetWall(p, Point{p.X, p.Y + 1}, true)
			}
			if bit(4*n+i) && p != a {
				occ = append(occ, p)
			}
		}
		checkStepEveryWay(t, g, a, b, int(squares%13), occ)
	})
}

// TestStepSeesThePathNotTheMap holds Step to its purpose: across an open
// map, or to a goal in a crowd, its searches close about as many squares
// as the paths have, not as many as the map (the breadth-first search
// closed every square as near the mover as its goal, most of the map).
func TestStepSeesThePathNotTheMap(t *testing.T) {
	for _, n := range []int{50, 200} {
		g := NewGrid(n, n)
		from, goal := Point{2, n / 2}, Point{n - 3, n/2 - 7}
		for _, occ := range [][]Point{nil, append(ring(goal, 1), goal)} {
			p := g.pad()
			g.putPad(p)
			got := g.Step(from, goal, 6, occ)
			// The path is about n steps; each of its six steps proves the
			// rest of it: the path the first search found, mostly, at no cost.
			if limit := 3 * n; p.work > limit {
				t.Errorf("%dx%d amid %v: the searches closed %d squares, more than %d", n, n, occ, p.work, limit)
			}
			t.Logf("%dx%d, %d in the crowd: %d squares closed", n, n, len(occ), p.work)
			if want := g.refStep(from, goal, 6, occ); got != want {
				t.Errorf("%dx%d amid %v: step %v, the reference says %v", n, n, occ, got, want)
			}
		}
	}
}

// TestStepSettlesOnItsFirstSearch holds onWayStep to its purpose: when
// the first search had to look round a crowd (here a line of combatants
// with a gap at the top), Step settles the tie and the path by going on
// with that search and sweeping back from the square it heads for, and
// closes fewer squares than the first search and ringStep's search
// backwards from the ring would.
func TestStepSettlesOnItsFirstSearch(t *testing.T) {
	g := NewGrid(40, 40)
	var occ []Point
	for y := 4; y < 40; y++ {
		occ = append(occ, Point{20, y})
	}
	goal := Point{30, 30}
	occ = append(occ, goal)
	for y := 20; y < 30; y++ {
		from := Point{10, y}
		p := g.pad()
		g.putPad(p)
		got := g.Step(from, goal, 6, occ)
		step := p.work
		if want := g.refStep(from, goal, 6, occ); got != want {
			t.Fatalf("%v: step %v, the reference says %v", from, got, want)
		}
		p = g.pad()
		g.block(p, occ)
		_, d, to, _ := g.heading(p, from, goal)
		first := p.work
		g.ringStep(p, from, to, d, 6, p.stamp)
		ring := p.work - first
		g.putPad(p)
		if step >= first+ring {
			t.Errorf("%v: Step closed %d squares, no fewer than the first search (%d) and ringStep (%d)", from, step, first, ring)
		}
	}
}
