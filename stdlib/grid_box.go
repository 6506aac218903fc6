package stdlib

// A quick proof that a line of sight is blocked, tried before the lines
// through every critical point (anyLineFree), which must all be tried
// to answer no: between two squares on either side of a wall that is
// hundreds of lines, each tested against the solid squares near it.
//
// The segments from region a to region b all lie in the convex hull of
// the two, whose boundary runs round a, along a "bridge" (a segment from
// a corner of a to a corner of b with every corner on one side of it),
// round b, and back along the other bridge. If the inside of one box of
// solid squares (a rectangle of them, all solid: its inside, the edges
// between its squares included, is solid) meets both bridges, the chord
// between those two points lies inside the box and cuts the hull in two,
// a on one side and b on the other: every segment from a to b crosses
// the chord, so enters the solid box, and none is free. That is
// sufficient, not necessary (the wall may be two boxes, or walls on
// edges): when it finds no such box, anyLineFree decides as before.

// blockedByBox reports whether a box of solid squares meets both bridges
// of a and b inside it (see above).
func (v view) blockedByBox(a, b rect) bool {
	first, second, ok := bridges(a, b)
	if !ok {
		return false
	}
	s1 := v.solidEntered(first, nil)
	if len(s1) == 0 {
		return false
	}
	s2 := v.solidEntered(second, s1[len(s1):])
	for _, p := range s1 {
		for _, q := range s2 {
			if abs(p.X-q.X) <= 2 && abs(p.Y-q.Y) <= 2 && v.solidBox(p, q, a, b) {
				return true
			}
		}
	}
	return false
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

// solidBox reports whether the rectangle of squares with corners p and q
// is solid throughout and holds no point of a or b.
func (v view) solidBox(p, q Point, a, b rect) bool {
	box := rect{min(p.X, q.X), min(p.Y, q.Y), max(p.X, q.X) + 1, max(p.Y, q.Y) + 1}
	for _, r := range [2]rect{a, b} {
		// The box's inside is open: a region that only touches its
		// border is outside it.
		if r.x0 < box.x1 && box.x0 < r.x1 && r.y0 < box.y1 && box.y0 < r.y1 {
			return false
		}
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

// floorDiv is ⌊a/b⌋ for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
