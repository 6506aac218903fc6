package stdlib

import "slices"

// A quick proof that a line of sight is blocked, tried before the lines
// through every critical point (anyLineFree), which must all be tried
// to answer no: between two squares on either side of a wall that is
// hundreds of lines, each tested against the solid squares near it.
//
// The segments from region a to region b all lie in the convex hull of
// the two, whose boundary runs round a, along a "bridge" (a segment from
// a corner of a to a corner of b with every corner on one side of it),
// round b, and back along the other bridge. Two solid squares side by
// side block the edge between them as well as their insides, so a chain
// of solid squares, each sharing an edge with the next, is solid from
// end to end (its union is open, and convex pair by pair). If such a
// chain, of squares that each meet the inside of the hull, runs from a
// square whose inside one bridge passes through to one the other bridge
// passes through, it joins the two bridges inside the hull and cuts it
// in two, a on one side and b on the other: every segment from a to b
// crosses it, and none is free. That is sufficient, not necessary (a
// wall on an edge, or two squares touching only at a corner, also
// block): when it finds no such chain, anyLineFree decides as before.
// The chain is searched among the solid squares that meet the hull,
// which are about as many as the squares along the line.

// blockedByWall reports whether a chain of solid squares joins the two
// bridges of a and b inside their hull (see above). A chain of one
// square, or a box of them, is tried first, without the search.
func (v view) blockedByWall(a, b rect) bool {
	first, second, ok := bridges(a, b)
	if !ok {
		return false
	}
	var buf1, buf2 [16]Point // the squares the bridges enter, on the stack
	starts := v.solidEntered(first, buf1[:0])
	if len(starts) == 0 {
		return false
	}
	ends := v.solidEntered(second, buf2[:0])
	if len(ends) == 0 {
		return false
	}
	for _, p := range starts {
		for _, q := range ends {
			if abs(p.X-q.X) <= 1 && abs(p.Y-q.Y) <= 1 && v.solidBox(p, q, a, b) {
				return true
			}
		}
	}
	return v.chainBetween(starts, ends, a, b)
}

// chainMax is the most squares chainBetween looks at before it gives
// up (anyLineFree then decides): a wall across the hull is about as
// many squares as the hull is long, and this bounds a search among many.
const chainMax = 256

// chainBetween searches, breadth first, for a chain of solid squares
// from one of starts to one of ends, each square sharing an edge with
// the next and meeting the inside of the hull of a and b.
func (v view) chainBetween(starts, ends []Point, a, b rect) bool {
	hull := hullOf(a, b)
	inChain := func(c Point) bool {
		sq := squareRect(c)
		return v.solid(c.X, c.Y) && !overlaps(sq, a) && !overlaps(sq, b) && meetsHull(sq, hull)
	}
	// Chains are short: the squares seen are kept in a list, looked up
	// by a walk (chainMax bounds it).
	seen := make([]Point, 0, 64)
	for _, c := range starts {
		if !slices.Contains(seen, c) && inChain(c) {
			seen = append(seen, c)
		}
	}
	for i := 0; i < len(seen); i++ {
		c := seen[i]
		v.spend(1)
		if slices.Contains(ends, c) {
			return true
		}
		for _, d := range [4]Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			n := Point{c.X + d.X, c.Y + d.Y}
			if len(seen) < chainMax && !slices.Contains(seen, n) && inChain(n) {
				seen = append(seen, n)
			}
		}
	}
	return false
}

// solidBox reports whether the rectangle of squares with corners p and q
// is solid throughout and holds no point of a or b: a chain of them.
func (v view) solidBox(p, q Point, a, b rect) bool {
	box := rect{min(p.X, q.X), min(p.Y, q.Y), max(p.X, q.X) + 1, max(p.Y, q.Y) + 1}
	if overlaps(box, a) || overlaps(box, b) {
		return false
	}
	for y := box.y0; y < box.y1; y++ {
		for x := box.x0; x < box.x1; x++ {
			v.spend(1)
			if !v.solid(x, y) {
				return false
			}
		}
	}
	return true
}

// bridges are the two segments, corner of a to corner of b, along which
// the convex hull of a and b runs from one to the other: every corner of
// both lies on or to one side of the first, and on or to the other side
// of the second. ok is false when they cannot be found (a and b are not
// apart, which touching decides before).
func bridges(a, b rect) (first, second [2]Point, ok bool) {
	ca, cb := cornersOf(a), cornersOf(b)
	all := append(ca[:], cb[:]...)
	found := [2]bool{}
	for _, u := range ca {
		for _, w := range cb {
			d := Point{w.X - u.X, w.Y - u.Y}
			if d.X == 0 && d.Y == 0 {
				continue
			}
			left, right := false, false
			for _, p := range all {
				switch c := d.X*(p.Y-u.Y) - d.Y*(p.X-u.X); {
				case c > 0:
					left = true
				case c < 0:
					right = true
				}
			}
			switch {
			case !right && !found[0]:
				first, found[0] = [2]Point{u, w}, true
			case !left && !found[1]:
				second, found[1] = [2]Point{u, w}, true
			}
		}
	}
	return first, second, found[0] && found[1]
}

// solidEntered appends to out the solid squares whose inside the open
// segment s passes through, column by column (a segment along a grid
// line enters none).
func (v view) solidEntered(s [2]Point, out []Point) []Point {
	p, q := s[0], s[1]
	if p.X > q.X {
		p, q = q, p
	}
	d := Point{q.X - p.X, q.Y - p.Y}
	if d.X == 0 || d.Y == 0 {
		return out
	}
	ln := newLine(p, d) // p at parameter 0, q at ln.l
	for x := p.X; x < q.X; x++ {
		// The rows the segment spans over the column [x, x+1]: between
		// its heights at the column's two sides, rounded outwards.
		y0 := p.Y + floorDiv((x-p.X)*d.Y, d.X)
		y1 := p.Y + floorDiv((x+1-p.X)*d.Y, d.X)
		if y0 > y1 {
			y0, y1 = y1, y0
		}
		for y := y0; y <= y1; y++ {
			v.spend(1)
			c := Point{x, y}
			if !v.solid(x, y) || !ln.entersSquare(c) {
				continue
			}
			if lo, hi, ok := ln.clip(squareRect(c), true); ok && lo < ln.l && 0 < hi {
				out = append(out, c)
			}
		}
	}
	return out
}

// overlaps reports whether the insides of two regions meet (a region
// that is a point has none).
func overlaps(r, q rect) bool {
	return r.x0 < q.x1 && q.x0 < r.x1 && r.y0 < q.y1 && q.y0 < r.y1
}

// hullOf is the convex hull of the corners of a and b, its vertices in
// counter-clockwise order (y down: clockwise on the map), no three in a
// line.
func hullOf(a, b rect) []Point {
	ca, cb := cornersOf(a), cornersOf(b)
	pts := dedupPoints(append(ca[:], cb[:]...))
	slices.SortFunc(pts, func(p, q Point) int {
		if p.X != q.X {
			return p.X - q.X
		}
		return p.Y - q.Y
	})
	cross := func(o, p, q Point) int { return (p.X-o.X)*(q.Y-o.Y) - (p.Y-o.Y)*(q.X-o.X) }
	var h []Point
	for pass := 0; pass < 2; pass++ { // the lower chain, then the upper
		start := len(h)
		for _, p := range pts {
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1] // the last point starts the other chain
		slices.Reverse(pts)
	}
	return h
}

// meetsHull reports whether the inside of the square sq meets the
// inside of the convex polygon hull: no edge of either separates them
// (two convex shapes are apart exactly when one of their edges' lines
// does; shapes that only touch are apart, their insides being open).
func meetsHull(sq rect, hull []Point) bool {
	if len(hull) < 3 {
		return false
	}
	corners := cornersOf(sq)
	// The square's own axes: the hull's extent in x and in y.
	minX, maxX, minY, maxY := hull[0].X, hull[0].X, hull[0].Y, hull[0].Y
	for _, p := range hull[1:] {
		minX, maxX = min(minX, p.X), max(maxX, p.X)
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	if maxX <= sq.x0 || sq.x1 <= minX || maxY <= sq.y0 || sq.y1 <= minY {
		return false
	}
	// The hull's edges: the square must have a corner strictly inside
	// each edge's half-plane.
	for i, p := range hull {
		q := hull[(i+1)%len(hull)]
		inside := false
		for _, c := range corners {
			if (q.X-p.X)*(c.Y-p.Y)-(q.Y-p.Y)*(c.X-p.X) > 0 {
				inside = true
				break
			}
		}
		if !inside {
			return false
		}
	}
	return true
}

// floorDiv is ⌊a/b⌋ for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
