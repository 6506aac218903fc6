package stdlib

import "fmt"

// Movement on the grid: how far a square is, how long the way to it is,
// and where a run in a straight line ends.

// gridDistanceTo is distance(c, x, y): feet from a combatant to a square.
func gridDistanceTo(w World, a []any) (any, error) {
	_, ps, err := gridAndPoints(w, a[0])
	if err != nil {
		return nil, err
	}
	to := Point{a[1].(int), a[2].(int)}
	// The square may be anywhere, off the map too: its feet are counted
	// with the whole numbers' checks, where Distance (between squares of
	// the map) would wrap round to a wrong distance.
	dx, errX := Sub(to.X, ps[0].X)
	dy, errY := Sub(to.Y, ps[0].Y)
	if errX == nil && errY == nil {
		dx, errX = Abs(dx)
		dy, errY = Abs(dy)
	}
	if errX == nil && errY == nil {
		if feet, err := Mul(SquareFeet, max(dx, dy)); err == nil {
			return feet, nil
		}
	}
	return nil, fmt.Errorf("distance_to: the square [%d, %d] is too far away to count in feet (beyond the whole numbers)", to.X, to.Y)
}

// gridPathLength is path_length(c, x, y): the feet of the shortest walk
// from the combatant's square to the square, or -1.
func gridPathLength(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0])
	if err != nil {
		return nil, err
	}
	to := Point{a[1].(int), a[2].(int)}
	n, err := amidOthers(w, g, a[0],
		func(c Crowd) (int, int) { return g.pathLengthIn(ps[0], to, c) },
		func(occ []Point) (int, int) { return g.pathLengthAmid(ps[0], to, occ) })
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return -1, nil
	}
	return n * SquareFeet, nil
}

// gridStraightToward is straight_toward(a, b, feet).
func gridStraightToward(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	feet := a[2].(int)
	if feet < 0 {
		return nil, fmt.Errorf("straight_toward cannot move %d feet", feet)
	}
	squares := feet / SquareFeet
	p, err := amidOthers(w, g, a[0],
		func(c Crowd) (Point, int) { return g.straightIn(ps[0], ps[1], squares, c) },
		func(occ []Point) (Point, int) { return g.straightAmid(ps[0], ps[1], squares, occ) })
	if err != nil {
		return nil, err
	}
	return []int{p.X, p.Y}, nil
}

var kingSteps = []Point{{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}

// canStep reports whether a mover may step from p by d: onto floor, and
// on a diagonal without cutting the corner of a solid square; on a map
// with walls on edges or windows, canStepWalled decides (grid_walls.go).
// The searches read it from the grid's steps (grid_search.go).
func (g *Grid) canStep(p, d Point) bool {
	if g.vwall != nil || g.window != nil {
		return g.canStepWalled(p, d)
	}
	if g.Solid(p.X+d.X, p.Y+d.Y) {
		return false
	}
	return d.X == 0 || d.Y == 0 || !g.Solid(p.X+d.X, p.Y) && !g.Solid(p.X, p.Y+d.Y)
}

// Line is the squares a straight line from the centre of square a to the
// centre of square b passes, one step (orthogonal or diagonal) at a time,
// a first and b last: the squares nearest the line along its longer axis
// (a tie, exactly between two squares, goes to the one nearer a).
func Line(a, b Point) []Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := max(abs(dx), abs(dy))
	out := []Point{a}
	for i := 1; i <= n; i++ {
		// The point i/n of the way, rounded half toward a.
		out = append(out, Point{a.X + roundHalfDown(i*dx, n), a.Y + roundHalfDown(i*dy, n)})
	}
	return out
}

// roundHalfDown is num/den rounded to the nearest whole number, halves
// toward zero (den > 0).
func roundHalfDown(num, den int) int {
	s := 1
	if num < 0 {
		s, num = -1, -num
	}
	q, r := num/den, num%den
	if 2*r > den {
		q++
	}
	return s * q
}

// Straight is where a mover at from gets running at most squares steps in
// a straight line toward goal (the squares of Line), stopping next to the
// goal: it stops early before a solid square or window, a wall on an
// edge, a corner it cannot cut or a square someone in occupied stands on.
func (g *Grid) Straight(from, goal Point, squares int, occupied []Point) Point {
	at, _ := g.straightAmid(from, goal, squares, occupied)
	return at
}

// straightAmid is Straight and its work (grid_work.go): the list of who
// stands where, and the squares of the line.
func (g *Grid) straightAmid(from, goal Point, squares int, occupied []Point) (Point, int) {
	blocked := map[Point]bool{}
	for _, p := range occupied {
		blocked[p] = true
	}
	at, work := g.straight(from, goal, squares, func(q Point) bool { return blocked[q] })
	return at, work + len(occupied)
}

// straightIn is Straight amid a crowd, the mover apart from its counts,
// and its work: the squares of the line.
func (g *Grid) straightIn(from, goal Point, squares int, c Crowd) (Point, int) {
	if !c.fits(g) {
		return g.straight(from, goal, squares, func(Point) bool { return false })
	}
	return g.straight(from, goal, squares, func(q Point) bool {
		if !g.In(q.X, q.Y) {
			return false
		}
		i := g.index(q)
		n := c.Count[i]
		return n > 1 || n == 1 && int(i) != c.Self
	})
}

// straight is Straight with who stands where asked of blocked.
func (g *Grid) straight(from, goal Point, squares int, blocked func(Point) bool) (Point, int) {
	line := Line(from, goal)
	at := from
	for i := 1; i < len(line)-1 && i <= squares; i++ {
		q := line[i]
		if !g.canStep(at, Point{q.X - at.X, q.Y - at.Y}) || blocked(q) {
			break
		}
		at = q
	}
	return at, len(line)
}
