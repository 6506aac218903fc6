package stdlib

// The searches of the grid (Step, PathLength) mark squares in a scratch
// pad the size of the map, lent by the grid and returned after, instead
// of maps of points: a search then costs in proportion to the squares it
// reaches, not to the map's area, once the grid has made its first pad.
// Marks are stamps: a square is marked when its stamp is the pad's
// current one, so a new search forgets the last one by a new stamp, not by
// clearing the pad. Who stands where is a count per square, read by every
// search of one Step (grid_step.go): the caller's own (a Crowd the run
// keeps as combatants move, grid_crowd.go), or the pad's, counted from a
// list of squares and counted back when the pad is returned.

// searchPad is one search's marks, and the grid's steps (Grid.steps).
type searchPad struct {
	moves   []uint16  // the grid's steps, read only
	seen    []uint32  // stamp of the squares reached
	occ     []int32   // how many stand on each square: own, or a Crowd's (read only)
	self    int32     // the square of occ whose count includes the mover, or -1
	own     []int32   // the pad's counts, for a list of squares (block)
	listed  []Point   // the list counted into own, counted back by putPad
	closed  []uint32  // stamp of the squares a best-first search is done with
	dist    []int32   // steps from the start, for squares reached
	parent  []int32   // square of the step before, for squares a breadth-first search reached
	level   []int32   // steps to the ring, for squares ringStep reached (made at its first use)
	budget  int       // squares the searches may still close (grid_step.go)
	work    int       // squares the searches closed since the pad was lent (for tests)
	used    int       // buckets a best-first search pushed to, from 0
	f0      int       // a best-first search's floor at its start: bucket b holds f f0+b
	fb      int       // the bucket a best-first search stopped in
	cut     int32     // the square whose steps it stopped among, or -1
	onWay   []uint32  // stamp: the square is on a shortest way to the square Step heads for (made at its first use)
	sweep   []int32   // scratch: the squares marked onWay, in order
	scratch []int32   // a Step's squares of one ring (grid_step.go)
	before  []int32   // the squares of the ring before the one found (grid_step.go)
	route   []int32   // the squares of the path a Step walks, by steps from the mover
	buckets [][]int32 // a best-first search's squares to expand, by f (grid_astar.go)
	closing []int32   // the squares a best-first search closed, in order
	stamp   uint32    // of the current search
}

// pad lends a scratch pad for one search; give it back with putPad.
// Searches at once (fray sim's workers share the map) each get their own.
func (g *Grid) pad() *searchPad {
	g.mu.Lock()
	var p *searchPad
	if n := len(g.pads); n > 0 {
		p, g.pads = g.pads[n-1], g.pads[:n-1]
	}
	if g.moves == nil {
		g.moves = g.steps()
	}
	moves := g.moves
	g.mu.Unlock()
	if p == nil {
		n := g.W * g.H
		p = &searchPad{seen: make([]uint32, n), own: make([]int32, n), closed: make([]uint32, n), dist: make([]int32, n), parent: make([]int32, n)}
	}
	p.occ, p.self = p.own, -1 // no one, until block or useCrowd
	p.fresh()
	p.budget, p.work = noBudget, 0
	p.moves = moves
	return p
}

// fresh starts a new search on the pad: no square seen or closed yet, the
// crowd kept.
func (p *searchPad) fresh() {
	p.stamp++
	if p.stamp == 0 { // the stamps went round: forget every old mark
		clear(p.seen)
		clear(p.closed)
		clear(p.onWay)
		p.stamp = 1
	}
}

// taken reports whether someone in the crowd, the mover apart, stands on
// square i.
func (p *searchPad) taken(i int32) bool {
	n := p.occ[i]
	return n > 1 || n == 1 && i != p.self
}

// steps are, for each square of the map, the steps a mover on it may
// take: bit k for kingSteps[k] (canStep); and bit 8+k when a mover on
// the floor square before it by kingSteps[k] may step onto it (for
// ringStep, which searches backwards: no way passes a blocked square). The searches read them instead of deciding
// each step again, whatever the map has (walls on edges and windows cost
// nothing more than squares). A grid makes them for its first search,
// under its lock, and forgets them when a square or wall changes.
func (g *Grid) steps() []uint16 {
	moves := make([]uint16, g.W*g.H)
	for y := range g.H {
		for x := range g.W {
			for k, d := range kingSteps {
				if g.canStep(Point{x, y}, d) {
					moves[y*g.W+x] |= 1 << k
					if !g.Blocked(x, y) { // the square stepped onto is on the map: canStep says so
						moves[(y+d.Y)*g.W+x+d.X] |= 1 << (8 + k)
					}
				}
			}
		}
	}
	return moves
}

func (g *Grid) putPad(p *searchPad) {
	g.unblock(p)
	p.occ = nil // a Crowd is the caller's: not kept past the call
	g.mu.Lock()
	g.pads = append(g.pads, p)
	g.mu.Unlock()
}

// block counts into the pad the squares of occupied that are on the map
// (costing the list's length: a caller that keeps a Crowd passes that
// instead, useCrowd); putPad counts them back out.
func (g *Grid) block(p *searchPad, occupied []Point) {
	g.unblock(p)
	for _, q := range occupied {
		if g.In(q.X, q.Y) {
			p.own[q.Y*g.W+q.X]++
		}
	}
	p.occ, p.self, p.listed = p.own, -1, occupied
}

// unblock counts back out of the pad the list block counted in, leaving
// its own counts at zero for the next search.
func (g *Grid) unblock(p *searchPad) {
	for _, q := range p.listed {
		if g.In(q.X, q.Y) {
			p.own[q.Y*g.W+q.X]--
		}
	}
	p.listed = nil
}

// useCrowd makes the pad read who stands where from c (its counts include
// the mover, on c.Self), at no cost per combatant.
func (p *searchPad) useCrowd(c Crowd) {
	p.occ, p.self = c.Count, int32(c.Self)
}

// index is a square's place in a pad; at is the square of an index.
func (g *Grid) index(q Point) int32 { return int32(q.Y*g.W + q.X) }
func (g *Grid) at(i int32) Point    { return Point{int(i) % g.W, int(i) / g.W} }
