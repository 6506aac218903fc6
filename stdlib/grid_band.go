package stdlib

import "math"

// solidNear is every solid square that a segment from region a to region
// b could touch, and perhaps a few more, in no particular order, and the
// walls on the edges of the squares it looks at (each once).
//
// Every such segment lies in the convex hull of a and b, and that hull
// lies within half a square (in each axis) of the segment joining their
// centres: a point of the hull is a mix of a point of a and one of b,
// each within half a square of its centre. So it is enough to look, in
// each column (or each row, for a steep line) between a and b, at the
// squares within that reach of the centre line, with a square to spare
// on each side against rounding: a band a few squares wide, not the whole
// box between a and b. Squares beyond the band are harmless to look at,
// and none that matter is missed, so the answer of decide is the same.
func (v view) solidNear(a, b rect) ([]Point, []edge) {
	g := v.g
	bx0, by0 := min(a.x0, b.x0), min(a.y0, b.y0)
	bx1, by1 := max(a.x1, b.x1), max(a.y1, b.y1)
	// The centre line, from (ax, ay) to (ax+dx, ay+dy).
	ax, ay := float64(a.x0+a.x1)/2, float64(a.y0+a.y1)/2
	dx, dy := float64(b.x0+b.x1)/2-ax, float64(b.y0+b.y1)/2-ay
	steep := math.Abs(dy) > math.Abs(dx)
	if steep { // walk rows: swap the axes, then swap back when reporting
		bx0, by0, bx1, by1 = by0, bx0, by1, bx1
		ax, ay, dx, dy = ay, ax, dy, dx
	}
	var cells []Point
	var walls []edge
	for x := bx0; x < bx1; x++ {
		// The line's reach over the column [x, x+1], widened by half a
		// square: its parameters t in [0, 1] with x-0.5 <= ax+t*dx <= x+1.5.
		t0, t1 := 0.0, 1.0
		if dx != 0 {
			u0, u1 := (float64(x)-0.5-ax)/dx, (float64(x)+1.5-ax)/dx
			t0, t1 = max(t0, min(u0, u1)), min(t1, max(u0, u1))
		}
		if t0 > t1 {
			continue
		}
		ylo, yhi := min(ay+t0*dy, ay+t1*dy), max(ay+t0*dy, ay+t1*dy)
		lo := max(by0, int(math.Floor(ylo-0.5))-1)
		hi := min(by1-1, int(math.Floor(yhi+0.5))+1)
		v.spend(max(0, hi-lo+1))
		for y := lo; y <= hi; y++ {
			p := Point{x, y}
			if steep {
				p = Point{y, x}
			}
			if v.solid(p.X, p.Y) {
				cells = append(cells, p)
			}
			if g.vwall != nil {
				walls = g.wallsOf(p, walls)
			}
		}
	}
	return cells, dedupEdges(walls)
}

// inHull keeps, in place and in order, the solid squares of cells whose
// inside meets the inside of the convex hull of a and b: the only ones a
// segment from a to b can touch. Every such segment lies in the hull,
// and one that meets the hull's boundary anywhere but at its ends runs
// along a bridge, through a corner of a and one of b, a line tried
// anyway. The band solidNear gives is a few squares wider than the hull
// (more for the corner of a square, as cover asks), and each square of
// it adds its corners to the critical points, whose lines decide tries
// two by two: across a field of pillars, where a line of sight is
// blocked only by several together, most of those lines were of
// squares no segment could touch.
func inHull(a, b rect, cells []Point) []Point {
	hull := hullOf(a, b)
	if len(hull) < 3 {
		return cells // no inside to meet (a and b both points): every square kept
	}
	out := cells[:0]
	for _, c := range cells {
		if meetsHull(squareRect(c), hull) {
			out = append(out, c)
		}
	}
	return out
}
