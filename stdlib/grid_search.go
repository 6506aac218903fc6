package stdlib

// The searches of the grid (Step, PathLength) mark squares in a scratch
// pad the size of the map, lent by the grid and returned after, instead
// of maps of points: a search then costs in proportion to the squares it
// reaches, not to the map's area, once the grid has made its first pad.
// Marks are stamps: a square is marked when its stamp is the pad's
// current one, so a new search forgets the last one by a new stamp, not by
// clearing the pad. The squares someone stands on have their own stamp,
// so that one Step can run several searches (grid_step.go) amid the same
// crowd.

// searchPad is one search's marks, and the grid's steps (Grid.steps).
type searchPad struct {
	moves   []uint8   // the grid's steps, read only
	seen    []uint32  // stamp of the squares reached
	blocked []uint32  // bstamp of the squares someone stands on
	closed  []uint32  // stamp of the squares a best-first search is done with
	dist    []int32   // steps from the start, for squares reached
	parent  []int32   // square of the step before, for squares a breadth-first search reached
	budget  int       // squares the searches may still close (grid_step.go)
	work    int       // squares the searches closed since the pad was lent (for tests)
	used    int       // buckets a best-first search pushed to, from 0
	scratch []int32   // a Step's squares of one ring (grid_step.go)
	before  []int32   // the squares of the ring before the one found (grid_step.go)
	route   []int32   // the squares of the path a Step walks, by steps from the mover
	buckets [][]int32 // a best-first search's squares to expand, by f (grid_astar.go)
	closing []int32   // the squares a best-first search closed, in order
	stamp   uint32    // of the current search
	bstamp  uint32    // of the current crowd
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
		p = &searchPad{seen: make([]uint32, n), blocked: make([]uint32, n), closed: make([]uint32, n), dist: make([]int32, n), parent: make([]int32, n)}
	}
	p.bstamp++
	if p.bstamp == 0 { // the stamps went round: forget every old mark
		clear(p.blocked)
		p.bstamp = 1
	}
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
		p.stamp = 1
	}
}

// taken reports whether someone in the crowd stands on square i.
func (p *searchPad) taken(i int32) bool { return p.blocked[i] == p.bstamp }

// steps are, for each square of the map, the steps a mover on it may
// take: bit k for kingSteps[k] (canStep). The searches read one byte per
// square instead of deciding each step again, whatever the map has
// (walls on edges and windows cost nothing more than squares). A grid
// makes them for its first search, under its lock, and forgets them when
// a square or wall changes.
func (g *Grid) steps() []uint8 {
	moves := make([]uint8, g.W*g.H)
	for y := range g.H {
		for x := range g.W {
			var m uint8
			for k, d := range kingSteps {
				if g.canStep(Point{x, y}, d) {
					m |= 1 << k
				}
			}
			moves[y*g.W+x] = m
		}
	}
	return moves
}

func (g *Grid) putPad(p *searchPad) {
	g.mu.Lock()
	g.pads = append(g.pads, p)
	g.mu.Unlock()
}

// block marks the squares of occupied that are on the map.
func (g *Grid) block(p *searchPad, occupied []Point) {
	for _, q := range occupied {
		if g.In(q.X, q.Y) {
			p.blocked[q.Y*g.W+q.X] = p.bstamp
		}
	}
}

// index is a square's place in a pad; at is the square of an index.
func (g *Grid) index(q Point) int32 { return int32(q.Y*g.W + q.X) }
func (g *Grid) at(i int32) Point    { return Point{int(i) % g.W, int(i) / g.W} }
