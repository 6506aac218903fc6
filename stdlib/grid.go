package stdlib

import (
	"fmt"
	"slices"
	"sync"
)

// SquareFeet is the side of one grid square, in feet. Distances on the
// grid are given in feet.
const SquareFeet = 5

// Point is a square of a grid: X counts columns from 0 at the left, Y rows
// from 0 at the top.
type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Grid is a map of 5-foot squares, each floor, solid (a wall) or a window
// (an arrow slit: no passage, but sight through), with walls on the edges
// between squares too (grid_walls.go). Squares outside the map count as
// solid.
//
// The geometry is exact. A square is the closed unit square [x,x+1] by
// [y,y+1]. The solid region is the union of the solid squares with their
// diagonal contacts sealed: a line may graze a wall's face or corner, but
// it may not pass through a wall's inside, run along the edge between two
// walls, or slip through the point where two walls meet corner to corner.
// Characters never block. A wall on an edge is a segment: a line may
// graze its end, but not cross it or run along it, nor pass through a
// point where walls (of edges or squares) stand on both sides of it.
// Windows let sight through; Cover alone counts them as solid (see view).
type Grid struct {
	W, H  int
	solid []bool

	window       []bool // nil until a window is set
	vwall, hwall []bool // walls on edges (grid_walls.go); nil until one is set

	mu    sync.Mutex
	moves []uint16              // the steps of each square and onto it, made by the first search (grid_search.go)
	cache map[[4]int]sightEntry // answers already worked out, by view and pair
	pads  []*searchPad          // scratch pads of searches, free to lend
}

// NewGrid makes a grid of w by h floor squares.
func NewGrid(w, h int) *Grid {
	return &Grid{W: w, H: h, solid: make([]bool, w*h)}
}

// SetSolid makes a square solid (a wall) or floor.
func (g *Grid) SetSolid(x, y int, solid bool) {
	if g.In(x, y) {
		g.solid[y*g.W+x] = solid
		g.changed()
	}
}

// changed forgets what the grid worked out from its squares and walls.
func (g *Grid) changed() {
	g.mu.Lock()
	g.moves, g.cache = nil, nil
	g.mu.Unlock()
}

// In reports whether a square is on the map.
func (g *Grid) In(x, y int) bool { return x >= 0 && y >= 0 && x < g.W && y < g.H }

// Solid reports whether a square blocks sight; squares off the map do.
func (g *Grid) Solid(x, y int) bool { return !g.In(x, y) || g.solid[y*g.W+x] }

// Distance is the distance between two squares in feet: every step, even
// a diagonal one, counts as one square of 5 feet.
func Distance(a, b Point) int {
	return SquareFeet * max(abs(a.X-b.X), abs(a.Y-b.Y))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pointBlocked reports whether the grid point (a corner of squares) is
// inside the solid region: all four squares around it solid, or exactly
// two meeting corner to corner.
func (v view) pointBlocked(px, py int) bool {
	nw, ne := v.solid(px-1, py-1), v.solid(px, py-1)
	sw, se := v.solid(px-1, py), v.solid(px, py)
	return nw && ne && sw && se || nw && se && !ne && !sw || ne && sw && !nw && !se
}

// vertex reports whether a grid point can stop a free segment turning or
// sliding: a convex corner of the solid region (one of the four squares
// around it solid) or a sealed point (two solid corner to corner). A
// point along a straight wall face (two solid side by side) is not one: a
// segment sliding along the face stops at the face's end, a convex
// corner. Nor is a point inside the walls (four solid) or a concave
// corner (three): a segment through it would enter the walls, unless it
// ends there, and the ends of segments are the corners of a and b. The
// end of a wall on an edge is one too (grid_walls.go adds them).
func (v view) vertex(px, py int) bool {
	nw, ne := v.solid(px-1, py-1), v.solid(px, py-1)
	sw, se := v.solid(px-1, py), v.solid(px, py)
	n := 0
	for _, s := range [4]bool{nw, ne, sw, se} {
		if s {
			n++
		}
	}
	return n == 1 || n == 2 && nw == se
}

// rect is a closed axis-aligned rectangle of grid coordinates: a square
// (x1 = x0+1) or a point (x1 = x0).
type rect struct{ x0, y0, x1, y1 int }

func squareRect(p Point) rect { return rect{p.X, p.Y, p.X + 1, p.Y + 1} }

// LineOfSight reports whether some straight line joins a point of square
// a to a point of square b without entering the solid region.
func (g *Grid) LineOfSight(a, b Point) bool {
	res, _ := g.lineOfSight(a, b)
	return res
}

// lineOfSight is LineOfSight and its work (grid_work.go).
func (g *Grid) lineOfSight(a, b Point) (bool, int) {
	return g.sight(a, false).visible(squareRect(a), squareRect(b))
}

// Cover is the cover the target's square has from the viewer's: "none"
// if the viewer can see all four corners of the target's square, "half"
// if some, "full" if none, and "blocked" if the viewer has no line of
// sight to the target's square at all. The corners are looked at through
// no window but those next to the viewer: the one behind an arrow slit or
// a window has full cover from the far side, while an archer at the slit
// sees out as through an open square.
func (g *Grid) Cover(viewer, target Point) string {
	res, _ := g.cover(viewer, target)
	return res
}

// coverOf names the cover of a square by how many of its corners are
// seen.
var coverOf = [5]string{"full", "half", "half", "half", "none"}

// cover is Cover and its work (grid_work.go).
func (g *Grid) cover(viewer, target Point) (string, int) {
	seen, work := g.lineOfSight(viewer, target)
	if !seen {
		return "blocked", work
	}
	v := g.sight(viewer, true)
	a, b := squareRect(viewer), squareRect(target)
	key := v.cacheKey(a, b)
	key[1] += 2 << 40 // the pair's cover, apart from its line of sight
	if e, ok := g.cached(key); ok {
		return coverOf[e.res], work + e.work
	}
	// The four corners share one band: a segment from the viewer to a
	// corner is one to the target's square, so the solid squares near
	// the square are all those near each corner (and a few more, which
	// can block no segment and only add lines to try). Each corner starts
	// from the band in the order solidNear gave it, so that the work
	// counted is the pair's own, whatever was asked before.
	n := 0
	v.work = &n
	cells, walls := v.solidNear(a, b)
	band := make([]Point, len(cells))
	corners := 0
	for _, c := range cornersOf(b) {
		copy(band, cells)
		if v.decideAmong(a, rect{c.X, c.Y, c.X, c.Y}, band, walls) {
			corners++
		}
	}
	g.remember(key, sightEntry{int8(corners), n})
	return coverOf[corners], work + n
}

// visibleCacheMax is the most answers a grid remembers.
const visibleCacheMax = 1 << 16

// sightEntry is a remembered answer: seen (1) or not (0), or the corners
// seen for a cover, and the work it took, which a call that finds it
// here is charged again (grid_work.go).
type sightEntry struct {
	res  int8
	work int
}

// visible decides whether a segment from region a to region b avoids the
// solid region of the view, caching the answer; it gives the work too.
func (v view) visible(a, b rect) (bool, int) {
	key := v.cacheKey(a, b)
	if e, ok := v.g.cached(key); ok {
		return e.res == 1, e.work
	}
	n := 0
	v.work = &n
	res := v.decide(a, b)
	e := sightEntry{0, n}
	if res {
		e.res = 1
	}
	v.g.remember(key, e)
	return res, n
}

// cacheKey is the key of the pair (a, b) of v in the grid's cache.
func (v view) cacheKey(a, b rect) [4]int {
	key := [4]int{a.x0, a.y0, b.x0, b.y0}
	if v.windows {
		// The windows next to the viewer are clear: the viewer is a, and
		// a is in the key, so a flag is enough, kept above any
		// coordinate a map can have (its sides fit in 32 bits).
		key[1] += 1 << 40
	}
	if a.x1 == a.x0 {
		key[0], key[1] = -key[0]-1, -key[1]-1
	}
	if b.x1 == b.x0 {
		key[2], key[3] = -key[2]-1, -key[3]-1
	}
	return key
}

// cached is the grid's answer under key, if it has one.
func (g *Grid) cached(key [4]int) (sightEntry, bool) {
	g.mu.Lock()
	e, ok := g.cache[key]
	g.mu.Unlock()
	return e, ok
}

// remember keeps e as the answer under key.
func (g *Grid) remember(key [4]int, e sightEntry) {
	g.mu.Lock()
	if g.cache == nil || len(g.cache) >= visibleCacheMax {
		// Start again rather than grow without end on a large map: the
		// answers are exact, and their work does not depend on what was
		// asked before, so forgetting them changes none.
		g.cache = map[[4]int]sightEntry{}
	}
	g.cache[key] = e
	g.mu.Unlock()
}

// decide is exact. The set of free segments is closed (the solid region
// is open but for the sealed corner points, which no nearby line can slip
// past either), so if it is not empty it holds an extreme segment whose
// line passes through two of the critical points (corners of a, of b and
// of solid squares between them), or one of them in an axis direction.
// decide tries every such line. Only the solid squares that a segment
// from a to b could touch matter (see solidNear), so the cost follows
// the length of the line and the walls beside it, not the area of the
// box between a and b.
func (v view) decide(a, b rect) bool {
	if res, ok := v.touching(a, b); ok {
		return res
	}
	cells, walls := v.solidNear(a, b)
	return v.decideAmong(a, b, cells, walls)
}

// decideAmong is decide with the solid squares and walls near a and b
// given: those solidNear finds, or those it finds for regions whose
// segments include every segment from a to b.
func (v view) decideAmong(a, b rect, cells []Point, walls []edge) bool {
	if res, ok := v.touching(a, b); ok {
		return res
	}
	return v.anyLineFree(a, b, cells, walls)
}

// criticalPoints are the points a free segment's line may be turned or
// slid against (see decide): the corners of a and b, the convex corners
// of the solid squares cells, and the ends of the walls, each once.
func (v view) criticalPoints(a, b rect, cells []Point, walls []edge) []Point {
	ca, cb := cornersOf(a), cornersOf(b)
	pts := append(ca[:], cb[:]...)
	for _, c := range cells {
		for _, p := range cornersOf(squareRect(c)) {
			if v.vertex(p.X, p.Y) {
				pts = append(pts, p)
			}
		}
	}
	for _, w := range walls {
		for _, p := range w.ends() {
			if v.g.wallEnd(p) {
				pts = append(pts, p)
			}
		}
	}
	return dedupPoints(pts)
}

// touching decides regions that touch (ok), from what they share: an
// edge between two floor squares is enough unless a wall stands on it; a
// shared point is enough unless walls seal it.
func (v view) touching(a, b rect) (res, ok bool) {
	if !(a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1) {
		return false, false
	}
	ix0, ix1 := max(a.x0, b.x0), min(a.x1, b.x1)
	iy0, iy1 := max(a.y0, b.y0), min(a.y1, b.y1)
	switch {
	case ix0 < ix1 && iy0 < iy1: // the same square
		return true, true
	case ix0 < ix1 || iy0 < iy1: // a shared edge
		return !v.g.edgeWalled(ix0, iy0, ix1, iy1), true
	}
	if v.pointBlocked(ix0, iy0) {
		return false, true
	}
	// Two squares corner to corner: the line between them crosses the
	// point from a's centre toward b's.
	d := Point{b.x0 + b.x1 - a.x0 - a.x1, b.y0 + b.y1 - a.y0 - a.y1}
	return !v.sealedAcross(Point{ix0, iy0}, d), true
}

// anyLineFree tries every line through two of the critical points, or
// one of them in an axis direction, for a free segment from a to b.
func (v view) anyLineFree(a, b rect, cells []Point, walls []edge) bool {
	// The lines from a corner of a to a corner of b first: between two
	// squares in sight of each other one of them is nearly always free,
	// so most answers come before the lines through the corners of the
	// solid squares are tried. (The answer is whether any is free: the
	// order changes only how soon it is found.)
	ca, cb := cornersOf(a), cornersOf(b)
	for _, u := range ca {
		for _, w := range cb {
			if v.lineFree(u, Point{w.X - u.X, w.Y - u.Y}, a, b, cells, walls) {
				return true
			}
		}
	}
	// None of those: most often a wall stands between. A chain of solid
	// squares across the hull of a and b proves it at once (grid_box.go).
	if v.blockedByWall(a, b) {
		return false
	}
	// The rest, two by two: of the squares that can touch a segment only.
	cells = inHull(a, b, cells)
	pts := v.criticalPoints(a, b, cells, walls)
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

func cornersOf(r rect) [4]Point {
	return [4]Point{{r.x0, r.y0}, {r.x1, r.y0}, {r.x0, r.y1}, {r.x1, r.y1}}
}

// dedupPoints keeps the first of each point, in order. The lists decide
// makes are short (the corners of two squares and of the solid squares
// near the line between them): a look back over what is kept is cheaper
// than a map until a list is long.
func dedupPoints(ps []Point) []Point {
	out := ps[:0]
	if len(ps) > 64 {
		seen := make(map[Point]bool, len(ps))
		for _, p := range ps {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
		return out
	}
	for _, p := range ps {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

const far = 1 << 40

// line is the line through the grid point u with direction d; a point
// on it is u + (n/l)·d for a whole number n.
type line struct {
	u, d Point
	l    int
}

func newLine(u, d Point) line {
	l := 1
	switch {
	case d.X != 0 && d.Y != 0:
		l = abs(d.X * d.Y)
	case d.X != 0:
		l = abs(d.X)
	default:
		l = abs(d.Y)
	}
	return line{u, d, l}
}

// slab gives the parameters at which the line is between lo and hi along
// one axis (u0 the start, d0 the direction on that axis). all means every
// parameter.
func (ln line) slab(u0, d0, lo, hi int, open bool) (n0, n1 int, all, none bool) {
	if d0 == 0 {
		in := lo <= u0 && u0 <= hi
		if open {
			in = lo < u0 && u0 < hi
		}
		return 0, 0, in, !in
	}
	n0, n1 = (lo-u0)*ln.l/d0, (hi-u0)*ln.l/d0
	if n0 > n1 {
		n0, n1 = n1, n0
	}
	return n0, n1, false, false
}

// entersSquare reports whether the line passes through the inside of
// the square at c (not only along its edge or through a corner): its
// corners lie strictly on both sides of the line. It is what clip of the
// open square reports as ok, in whole numbers and without a division.
func (ln line) entersSquare(c Point) bool {
	c00 := ln.d.X*(c.Y-ln.u.Y) - ln.d.Y*(c.X-ln.u.X) // the corner (x, y); the others add:
	lo, hi := c00, c00
	for _, k := range [3]int{-ln.d.Y, ln.d.X, ln.d.X - ln.d.Y} { // (x+1, y), (x, y+1), (x+1, y+1)
		lo, hi = min(lo, c00+k), max(hi, c00+k)
	}
	return lo < 0 && hi > 0
}

// meets reports whether the line meets the closed region r: its corners
// are not all strictly on one side of it. It is what clip of the closed
// region reports as ok, by signs alone. The side of the corner (x0, y0)
// is s; the other corners add kx (x1 for x0), ky (y1 for y0) or both, so
// the least and the greatest are s plus the negative ones, or plus the
// positive ones: written out, not a loop over the corners, since every
// line decide tries asks it of both regions (2.5 million times in the
// scaled shock_and_swarm fight at 1000 a side, 3% of its instructions
// as a loop).
func (ln line) meets(r rect) bool {
	s := ln.d.X*(r.y0-ln.u.Y) - ln.d.Y*(r.x0-ln.u.X)
	kx, ky := -ln.d.Y*(r.x1-r.x0), ln.d.X*(r.y1-r.y0)
	return s+min(0, kx)+min(0, ky) <= 0 && s+max(0, kx)+max(0, ky) >= 0
}

// clip gives the parameter interval of the line inside a rectangle.
func (ln line) clip(r rect, open bool) (lo, hi int, ok bool) {
	lo, hi = -far, far
	for axis := 0; axis < 2; axis++ {
		u0, d0, a0, a1 := ln.u.X, ln.d.X, r.x0, r.x1
		if axis == 1 {
			u0, d0, a0, a1 = ln.u.Y, ln.d.Y, r.y0, r.y1
		}
		n0, n1, all, none := ln.slab(u0, d0, a0, a1, open)
		if none {
			return 0, 0, false
		}
		if !all {
			lo, hi = max(lo, n0), min(hi, n1)
		}
	}
	if open {
		return lo, hi, lo < hi
	}
	return lo, hi, lo <= hi
}

// lineFree reports whether the shortest piece of the line from region a
// to region b avoids the solid region: the solid squares cells, the walls
// on edges walls, and the points where they seal the way.
func (v view) lineFree(u, d Point, a, b rect, cells []Point, walls []edge) bool {
	if d.X == 0 && d.Y == 0 {
		return false
	}
	ln := newLine(u, d)
	v.spend(1)
	if !ln.meets(a) || !ln.meets(b) {
		return false // most lines through two critical points miss a or b
	}
	a0, a1, okA := ln.clip(a, false)
	b0, b1, okB := ln.clip(b, false)
	if !okA || !okB {
		return false
	}
	s, t := a1, b0
	if b1 < a0 {
		s, t = b1, a0
	} else if a1 >= b0 {
		return false // regions overlap on the line; decide handles touching regions
	}
	for i, c := range cells {
		if !ln.entersSquare(c) {
			continue // clip would find nothing inside
		}
		lo, hi, ok := ln.clip(squareRect(c), true)
		if ok && lo < t && s < hi {
			// The square that blocked this line is tried first on the
			// next: when a and b are out of sight, one pillar between
			// them blocks most of the lines decide tries, so each is
			// refused at its first square, not after all of them.
			cells[0], cells[i] = cells[i], cells[0]
			v.spend(i + 1)
			return false
		}
	}
	v.spend(len(cells) + len(walls))
	for _, w := range walls {
		if ln.crosses(w, s, t) {
			return false
		}
	}
	// Grid points on the segment.
	gcd := gcdInt(abs(d.X), abs(d.Y))
	step := ln.l / gcd
	for k := ceilDiv(s, step); k*step <= t; k++ {
		p := Point{u.X + k*d.X/gcd, u.Y + k*d.Y/gcd}
		// sealedAcross reads the walls at p from the grid, not from the
		// list: a wall that only meets the segment at p (at an end of
		// it, say) is in no band's list, yet seals p all the same.
		if v.pointBlocked(p.X, p.Y) || v.g.HasWalls() && v.sealedAcross(p, d) {
			return false
		}
	}
	// Along a grid line: the edge between two solid squares.
	if d.X == 0 || d.Y == 0 {
		p0 := Point{u.X + s*d.X/ln.l, u.Y + s*d.Y/ln.l}
		p1 := Point{u.X + t*d.X/ln.l, u.Y + t*d.Y/ln.l}
		if d.X == 0 {
			for y := min(p0.Y, p1.Y); y < max(p0.Y, p1.Y); y++ {
				if v.solid(u.X-1, y) && v.solid(u.X, y) {
					return false
				}
			}
		} else {
			for x := min(p0.X, p1.X); x < max(p0.X, p1.X); x++ {
				if v.solid(x, u.Y-1) && v.solid(x, u.Y) {
					return false
				}
			}
		}
	}
	return true
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// ceilDiv is ⌈a/b⌉ for b > 0.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}
