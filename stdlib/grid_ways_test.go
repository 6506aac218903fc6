package stdlib

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// checkFieldFresh is a Ways check: the mended field f has the levels and
// labels a field made from scratch on the same crowd has.
func checkFieldFresh(t testing.TB) func(*Grid, *wayField, Crowd) {
	var fresh Ways
	return func(g *Grid, f *wayField, c Crowd) {
		t.Helper()
		want := &wayField{goal: f.goal, r: f.r, lv: make([]int32, len(f.lv)), lab: make([]int32, len(f.lv))}
		g.build(&fresh, g.moves, c, want)
		for i := range f.lv {
			if f.lv[i] != want.lv[i] || f.lv[i] >= 0 && f.lab[i] != want.lab[i] {
				t.Fatalf("field of %v ring %d at %v: level %d label %v, made afresh %d label %v\n%s", f.goal, f.r, g.at(int32(i)), f.lv[i], g.at(f.lab[i]), want.lv[i], g.at(want.lab[i]), showWalls(g, f.goal, g.at(int32(i))))
			}
		}
	}
}

// playWays moves a crowd about a map as a fight does, each mover stepping
// toward one of a few goals through Ways (a field made at the first step,
// mended after every move, checked against one made afresh), and holds
// every step to the reference; now and then someone falls or another
// comes. seed drives it all.
func playWays(t testing.TB, g *Grid, pts []Point, seed int64, moves int) {
	rng := rand.New(rand.NewSource(seed))
	count := make([]int32, g.W*g.H)
	var at []Point // where each stands, (-1,-1) fallen
	for _, q := range pts {
		if g.In(q.X, q.Y) && !g.Blocked(q.X, q.Y) {
			at = append(at, q)
			count[g.index(q)]++
		}
	}
	if len(at) < 3 {
		return
	}
	ways := &Ways{eager: true, check: checkFieldFresh(t)}
	set := func(k int, q Point) {
		if old := at[k]; old.X >= 0 {
			count[g.index(old)]--
			ways.Changed(int(g.index(old)))
		}
		at[k] = q
		if q.X >= 0 {
			count[g.index(q)]++
			ways.Changed(int(g.index(q)))
		}
	}
	goals := []int{0, 1, 2}[:1+rng.Intn(3)]
	for range moves {
		m := rng.Intn(len(at))
		gk := goals[rng.Intn(len(goals))]
		if at[m].X < 0 || at[gk].X < 0 || m == gk {
			if rng.Intn(4) == 0 && at[m].X < 0 { // a newcomer where the fallen stood
				set(m, at[rng.Intn(len(at))])
			}
			continue
		}
		from, goal, squares := at[m], at[gk], rng.Intn(9)
		var occ []Point
		for k, q := range at {
			if k != m && q.X >= 0 {
				occ = append(occ, q)
			}
		}
		got := g.StepIn(from, goal, squares, Crowd{Count: count, Self: int(g.index(from)), Ways: ways})
		if want := g.refStep(from, goal, squares, occ); got != want {
			t.Fatalf("seed %d: %v to %v, %d squares amid %v\n%s: through Ways %v, the reference %v", seed, from, goal, squares, occ, showWalls(g, from, goal), got, want)
		}
		set(m, got)
		switch rng.Intn(12) {
		case 0: // someone falls
			set(rng.Intn(len(at)), Point{-1, -1})
		case 1: // someone is pushed to a square of the map, taken or not
			if k := rng.Intn(len(at)); at[k].X >= 0 {
				q := Point{rng.Intn(g.W), rng.Intn(g.H)}
				if !g.Blocked(q.X, q.Y) {
					set(k, q)
				}
			}
		}
	}
}

// TestWaysMatchReference holds Step through Ways (grid_ways.go) to the
// breadth-first reference, and every mended field to one made afresh,
// through fights of a few goals and many moves on maps with pillars,
// walls on edges and windows.
func TestWaysMatchReference(t *testing.T) {
	t.Parallel() // the longest tests of stdlib, the last package go test ./... runs
	rng := rand.New(rand.NewSource(1515))
	for trial := range 60 {
		w, h := 6+rng.Intn(30), 6+rng.Intn(30)
		g, pts := randomGrid(rng, w, h, []float64{0, 0.05, 0.15, 0.3}[trial%4], 8+rng.Intn(40))
		if trial%3 == 1 {
			randomWalls(rng, g, []float64{0.05, 0.2}[trial%2], []float64{0, 0.1}[trial/2%2], pts)
		}
		if trial%2 == 0 { // crowds round the goals, as melees make
			for _, c := range slices.Clone(pts[:min(3, len(pts))]) {
				pts = append(pts, crowd(rng, c, 2, 0.6)[1:]...)
			}
		}
		t.Run(fmt.Sprint(trial), func(t *testing.T) { playWays(t, g, pts, int64(trial), 300) })
	}
}

// FuzzWaysMatchReference is TestWaysMatchReference on maps from the
// fuzzer's bytes (as FuzzStepEveryWayMatchesReference reads them: size,
// solid or window, walls on edges, someone standing) and a seed for the
// moves.
func FuzzWaysMatchReference(f *testing.F) {
	f.Add([]byte{20, 20, 0x10, 0x22, 0x04, 0x81, 0x18, 0x42, 0x24, 0xff, 0x0f, 0xf0}, int64(1))
	f.Add([]byte{9, 9, 0x00, 0x00, 0x00, 0x0f, 0xf0, 0x33, 0xff, 0xff, 0x11, 0x88}, int64(7))
	f.Fuzz(func(t *testing.T, bits []byte, seed int64) {
		if len(bits) < 2 {
			return
		}
		w, h := 1+int(bits[0])%24, 1+int(bits[1])%24
		bit := func(i int) bool {
			k := 2 + i/8
			return k < len(bits) && bits[k]>>(i%8)&1 == 1
		}
		g := NewGrid(w, h)
		n := w * h
		var pts []Point
		for i := range n {
			p := Point{i % w, i / w}
			g.SetSolid(p.X, p.Y, bit(i) && !bit(n+i))
			g.SetWindow(p.X, p.Y, bit(i) && bit(n+i))
			if bit(2*n+i) && p.X+1 < w {
				g.SetWall(p, Point{p.X + 1, p.Y}, true)
			}
			if bit(3*n+i) && p.Y+1 < h {
				g.SetWall(p, Point{p.X, p.Y + 1}, true)
			}
			if bit(4*n + i) {
				pts = append(pts, p)
			}
		}
		playWays(t, g, pts, seed, 120)
	})
}
