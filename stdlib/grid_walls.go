package stdlib

import (
	"cmp"
	"slices"
)

// Walls on the edges between squares, and windows.
//
// A wall on an edge is a closed segment one square long: movement may not
// cross it (nor step diagonally past a corner where one ends, as it may
// not cut the corner of a solid square), a melee blow may not reach across
// it (Reaches), and a line of sight may not cross it, run along it, or
// pass through a point where walls stand on both sides of the line (where
// two walls meet in a line or a corner, or a wall meets a solid square),
// though it may graze a wall's end, as it may graze a solid square.
//
// A window (or arrow slit) is a square that nothing may enter or reach
// across, but that sight passes: line of sight ignores it, and Cover
// counts it as solid unless it is next to the viewer (see view).

// edge is one side of a square: the segment from (X, Y) to (X, Y+1) if
// Vertical, else to (X+1, Y).
type edge struct {
	X, Y     int
	Vertical bool
}

func (e edge) ends() []Point {
	if e.Vertical {
		return []Point{{e.X, e.Y}, {e.X, e.Y + 1}}
	}
	return []Point{{e.X, e.Y}, {e.X + 1, e.Y}}
}

// edgeBetween is the edge two squares side by side share; ok is false
// for squares that are not side by side (diagonal neighbours included).
func edgeBetween(p, q Point) (e edge, ok bool) {
	switch {
	case p.Y == q.Y && abs(p.X-q.X) == 1:
		return edge{max(p.X, q.X), p.Y, true}, true
	case p.X == q.X && abs(p.Y-q.Y) == 1:
		return edge{p.X, max(p.Y, q.Y), false}, true
	}
	return edge{}, false
}

// SetWall puts a wall on the edge between two squares side by side, or
// takes it away. It reports false, and changes nothing, for squares that
// are not side by side or not both on the map.
func (g *Grid) SetWall(p, q Point, wall bool) bool {
	e, ok := edgeBetween(p, q)
	if !ok || !g.In(p.X, p.Y) || !g.In(q.X, q.Y) {
		return false
	}
	if g.vwall == nil {
		g.vwall = make([]bool, (g.W+1)*g.H)
		g.hwall = make([]bool, g.W*(g.H+1))
	}
	if e.Vertical {
		g.vwall[e.Y*(g.W+1)+e.X] = wall
	} else {
		g.hwall[e.Y*g.W+e.X] = wall
	}
	g.changed()
	return true
}

// Wall reports whether a wall stands on the edge between two squares
// side by side.
func (g *Grid) Wall(p, q Point) bool {
	e, ok := edgeBetween(p, q)
	return ok && g.walled(e)
}

// HasWalls reports whether a wall stands on some edge of the map.
func (g *Grid) HasWalls() bool { return g.vwall != nil }

func (g *Grid) walled(e edge) bool {
	switch {
	case g.vwall == nil:
		return false
	case e.Vertical:
		return e.X >= 0 && e.X <= g.W && e.Y >= 0 && e.Y < g.H && g.vwall[e.Y*(g.W+1)+e.X]
	}
	return e.X >= 0 && e.X < g.W && e.Y >= 0 && e.Y <= g.H && g.hwall[e.Y*g.W+e.X]
}

// edgeWalled reports whether a wall stands on the unit edge from (x0, y0)
// to (x1, y1).
func (g *Grid) edgeWalled(x0, y0, x1, y1 int) bool {
	return g.walled(edge{x0, y0, x0 == x1})
}

// raysAt are the walls on the four edges that end at the grid point p:
// north, south, west, east of it.
func (g *Grid) raysAt(p Point) (n, s, w, e bool) {
	return g.walled(edge{p.X, p.Y - 1, true}), g.walled(edge{p.X, p.Y, true}),
		g.walled(edge{p.X - 1, p.Y, false}), g.walled(edge{p.X, p.Y, false})
}

// wallsOf appends the walled edges of square p to walls.
func (g *Grid) wallsOf(p Point, walls []edge) []edge {
	for _, e := range [4]edge{{p.X, p.Y, true}, {p.X + 1, p.Y, true}, {p.X, p.Y, false}, {p.X, p.Y + 1, false}} {
		if g.walled(e) {
			walls = append(walls, e)
		}
	}
	return walls
}

// dedupEdges sorts walls and drops the repeats (a wall is an edge of two
// squares), so that every answer comes from the same list in the same
// order.
func dedupEdges(walls []edge) []edge {
	slices.SortFunc(walls, func(a, b edge) int {
		if c := cmp.Compare(a.Y, b.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		switch {
		case a.Vertical == b.Vertical:
			return 0
		case a.Vertical:
			return -1
		}
		return 1
	})
	return slices.Compact(walls)
}

// SetWindow makes a square a window (or arrow slit), or floor again.
func (g *Grid) SetWindow(x, y int, window bool) {
	if !g.In(x, y) {
		return
	}
	if g.window == nil {
		g.window = make([]bool, g.W*g.H)
	}
	g.window[y*g.W+x] = window
	g.changed()
}

// Window reports whether a square is a window.
func (g *Grid) Window(x, y int) bool {
	return g.window != nil && g.In(x, y) && g.window[y*g.W+x]
}

// Blocked reports whether no one may stand on or pass a square: off the
// map, a wall or a window.
func (g *Grid) Blocked(x, y int) bool { return g.Solid(x, y) || g.Window(x, y) }

// view is the grid as one look sees it: its walls and, with windows set,
// its windows as solid too, but for those next to the viewer's square
// (touching its side or corner): an archer at a slit looks out as through
// an open square, while the slit hides the archer from the far side.
type view struct {
	g       *Grid
	windows bool
	viewer  Point
	work    *int // what the question has cost so far (grid_work.go), or nil
}

// spend counts n more units of work of the question being answered.
func (v view) spend(n int) {
	if v.work != nil {
		*v.work += n
	}
}

// sight is the view from the square viewer, with windows solid or not.
func (g *Grid) sight(viewer Point, windows bool) view {
	return view{g: g, windows: windows && g.window != nil, viewer: viewer}
}

func (v view) solid(x, y int) bool {
	// Written out to be small enough to be inlined where the lines and
	// bands ask it of every square they look at. v.windows is set only
	// when the map has windows.
	// (A window next to the viewer, at most one step off in each axis,
	// is clear: uint(d+1) > 2 is |d| > 1.)
	g := v.g
	if uint(x) >= uint(g.W) || uint(y) >= uint(g.H) {
		return true
	}
	i := y*g.W + x
	return g.solid[i] || v.windows && g.window[i] && (uint(x-v.viewer.X+1) > 2 || uint(y-v.viewer.Y+1) > 2)
}

// sealedAcross reports whether the line through the grid point p with
// direction d passes between walls: a wall on an edge ending at p, or a
// solid square at p, strictly on each side of it. Walls along the line
// are on neither side (the line runs along them), and a square the line
// enters is left to the test of the squares. Without a wall on an edge
// at p it is false: the solid squares alone are pointBlocked's.
func (v view) sealedAcross(p, d Point) bool {
	n, s, w, e := v.g.raysAt(p)
	if !(n || s || w || e) {
		return false
	}
	left, right := false, false
	mark := func(on bool, r Point) {
		if !on {
			return
		}
		switch c := d.X*r.Y - d.Y*r.X; {
		case c > 0:
			left = true
		case c < 0:
			right = true
		}
	}
	mark(n, Point{0, -1})
	mark(s, Point{0, 1})
	mark(w, Point{-1, 0})
	mark(e, Point{1, 0})
	sx, sy := sign(d.X), sign(d.Y)
	for _, q := range [4]Point{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		if sx != 0 && sy != 0 && (q.X == sx && q.Y == sy || q.X == -sx && q.Y == -sy) {
			continue // the line runs through this square
		}
		mark(v.solid(p.X+min(q.X, 0), p.Y+min(q.Y, 0)), q)
	}
	return left && right
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// crosses reports whether the piece [s, t] of the line meets the wall w
// inside it (not only at its ends): it passes from one side of the wall
// to the other, starts or stops on it, or runs along it. A line may not
// see along a wall any more than through it; it may graze its end.
func (ln line) crosses(w edge, s, t int) bool {
	// A point of the line is u + (n/l)·d; l is a multiple of d.X and d.Y
	// when they are not zero, so n is whole where the line meets a grid
	// line, and the other coordinate, times l, is whole too.
	ux, uy, dx, dy := ln.u.X, ln.u.Y, ln.d.X, ln.d.Y
	wx, wy := w.X, w.Y
	if !w.Vertical { // swap the axes: the wall is then vertical
		ux, uy, dx, dy, wx, wy = uy, ux, dy, dx, wy, wx
	}
	if dx == 0 { // parallel to the wall: along it, or beside it
		if ux != wx {
			return false
		}
		y0, y1 := uy*ln.l+s*dy, uy*ln.l+t*dy
		lo, hi := min(y0, y1), max(y0, y1)
		return max(lo, wy*ln.l) < min(hi, (wy+1)*ln.l)
	}
	n := (wx - ux) * ln.l / dx
	y := uy*ln.l + n*dy
	return s <= n && n <= t && wy*ln.l < y && y < (wy+1)*ln.l
}

// canStepWalled is canStep on a map with walls on edges or windows: onto
// floor (not a wall or a window), not across a wall on the edge between,
// and on a diagonal without cutting the corner of a solid square or a
// window, or passing the end of a wall on an edge.
func (g *Grid) canStepWalled(p, d Point) bool {
	q := Point{p.X + d.X, p.Y + d.Y}
	if g.Blocked(q.X, q.Y) {
		return false
	}
	if d.X == 0 || d.Y == 0 {
		return !g.Wall(p, q)
	}
	if g.Blocked(p.X+d.X, p.Y) || g.Blocked(p.X, p.Y+d.Y) {
		return false
	}
	return !g.cornerWalled(Point{p.X + max(d.X, 0), p.Y + max(d.Y, 0)})
}

// wallEnd reports whether a grid point where walls on edges meet can be
// on a free line, and so is a critical point for decide: not where two
// walls meet in a straight line (the middle of a wall, a T or a cross).
// There every line but the wall's own has a wall on each side, and the
// wall's own runs along it; a line could only end there, at a corner of
// a or b, which decide tries anyway. The reference (grid_reference_test)
// tries every wall end, and must agree.
func (g *Grid) wallEnd(p Point) bool {
	n, s, w, e := g.raysAt(p)
	return !(n && s) && !(w && e)
}

// cornerWalled reports whether a wall on an edge ends at the grid point p.
func (g *Grid) cornerWalled(p Point) bool {
	n, s, w, e := g.raysAt(p)
	return n || s || w || e
}

// Reaches reports whether a melee blow from square a reaches square b: b
// is a neighbour (diagonals too), no wall stands on the edge between
// them, and a diagonal blow finds a way past the corner they share: one
// of the two squares beside both is open (not a wall or a window), with
// no wall between it and either. So no blow passes a wall, a window, or
// the gap where two walls meet corner to corner; one may reach around the
// corner of a single wall, where a mover may not step.
func (g *Grid) Reaches(a, b Point) bool {
	if a == b || Distance(a, b) > SquareFeet {
		return false
	}
	if a.X == b.X || a.Y == b.Y {
		return !g.Wall(a, b)
	}
	for _, c := range [2]Point{{b.X, a.Y}, {a.X, b.Y}} {
		if !g.Blocked(c.X, c.Y) && !g.Wall(a, c) && !g.Wall(c, b) {
			return true
		}
	}
	return false
}
