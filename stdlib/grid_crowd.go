package stdlib

// A Crowd is who stands on each square of a map, kept by the caller as
// combatants move, fall and leave: with it, step_toward and path_length
// read one count per square they look at, instead of being handed every
// living combatant's square per call (World.Occupied), which cost each
// move the size of the fight.

// Crowd counts who stands on each square of a grid: Count[y*W+x] is how
// many stand on (x, y), the mover among them on Self (-1: the mover is on
// none), whom the searches leave out (the squares of the others, as
// World.Occupied lists them). The searches only read Count.
type Crowd struct {
	Count []int32
	Self  int
	// Ways, if not nil, is the caller's keep of the ways to the goals
	// Step is asked about (grid_ways.go), told of every change of Count
	// (Ways.Changed) and of every time Count is made again (Ways.Reset).
	Ways *Ways
}

// CrowdWorld is a World that keeps a Crowd of its map: the grid functions
// use it instead of Occupied when the world offers one.
type CrowdWorld interface {
	// Crowd is who stands on each square of the map, c counted on its
	// square; it is read at once, before the world changes again.
	Crowd(c any) (Crowd, error)
}

// fits reports whether c is a crowd of g's squares.
func (c Crowd) fits(g *Grid) bool {
	return len(c.Count) == g.W*g.H && c.Self >= -1 && c.Self < len(c.Count)
}

// StepIn is Step amid a crowd: the same square, the mover apart from the
// crowd's counts. A crowd that does not fit the map counts no one.
func (g *Grid) StepIn(from, goal Point, squares int, c Crowd) Point {
	at, _ := g.stepIn(from, goal, squares, c)
	return at
}

// stepIn is StepIn and its work: the squares its searches closed
// (grid_work.go).
func (g *Grid) stepIn(from, goal Point, squares int, c Crowd) (Point, int) {
	if !g.In(from.X, from.Y) {
		return from, 0
	}
	p := g.pad()
	defer g.putPad(p)
	if c.fits(g) {
		p.useCrowd(c)
		if c.Ways != nil {
			return g.stepWays(p, c, from, goal, squares), p.work
		}
	}
	return g.step(p, from, goal, squares), p.work
}

// stepWays is Step amid a crowd whose keeper keeps Ways: read off the
// field of the goal's ring when there is one, else searched (and the
// searches' squares counted toward making one).
func (g *Grid) stepWays(p *searchPad, c Crowd, from, goal Point, squares int) Point {
	w := c.Ways
	w.forMap(p.moves)
	if w.has(goal) {
		if r, ok := g.nearestFreeRing(p, from, goal); ok {
			if f := g.field(w, p, c, goal, r); f != nil {
				if at, ok := g.readField(p.moves, f, from, squares); ok {
					return at
				}
			}
		}
		return g.step(p, from, goal, squares) // stays, or the ring cannot be reached
	}
	at := g.step(p, from, goal, squares)
	if w.spend(g, goal, p.work) {
		if r, ok := g.nearestFreeRing(p, from, goal); ok {
			g.makeField(w, p, c, goal, r)
		}
	}
	return at
}

// nearestFreeRing is the ring round goal, nearer than the mover's own,
// that Step heads for: the first with a free square (ok false: none, and
// the mover stays).
func (g *Grid) nearestFreeRing(p *searchPad, from, goal Point) (int, bool) {
	rs := max(1, cheb(from, goal))
	r := g.firstRing(goal)
	for r < rs && len(g.freeRing(p, goal, r)) == 0 {
		r++
	}
	return r, r < rs
}

// PathLengthIn is PathLength amid a crowd, the mover apart from its
// counts.
func (g *Grid) PathLengthIn(from, to Point, c Crowd) int {
	n, _ := g.pathLengthIn(from, to, c)
	return n
}

// pathLengthIn is PathLengthIn and its work (grid_work.go).
func (g *Grid) pathLengthIn(from, to Point, c Crowd) (int, int) {
	if from == to {
		return 0, 0
	}
	if g.Blocked(to.X, to.Y) || !g.In(from.X, from.Y) {
		return -1, 0
	}
	p := g.pad()
	defer g.putPad(p)
	if c.fits(g) {
		p.useCrowd(c)
	}
	return g.pathLength(p, from, to), p.work
}

// crowdOf is the world's crowd of g for the mover c, if it keeps one
// (ok false: ask Occupied).
func crowdOf(w World, g *Grid, c any) (_ Crowd, ok bool, _ error) {
	cw, ok := w.(CrowdWorld)
	if !ok {
		return Crowd{}, false, nil
	}
	crowd, err := cw.Crowd(c)
	if err != nil {
		return Crowd{}, false, err
	}
	return crowd, crowd.fits(g), nil
}
