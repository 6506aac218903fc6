package stdlib

// The searches of the grid (Step, PathLength) mark squares in a scratch
// pad the size of the map, lent by the grid and returned after, instead
// of maps of points: a search then costs in proportion to the squares it
// reaches, not to the map's area, once the grid has made its first pad.
// Marks are stamps: a square is marked when its stamp is the pad's
// current one, so a new search forgets the last one by a new stamp, not by
// clearing the pad.

// searchPad is one search's marks, and the grid's steps (Grid.steps).
type searchPad struct {
	moves   []uint8  // the grid's steps, read only
	seen    []uint32 // stamp of the squares reached
	blocked []uint32 // stamp of the squares someone stands on
	dist    []int32  // steps from the start, for squares reached
	parent  []int32  // square of the step before, for squares reached
	queue   []int32
	stamp   uint32
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
		p = &searchPad{seen: make([]uint32, n), blocked: make([]uint32, n), dist: make([]int32, n), parent: make([]int32, n)}
	}
	p.stamp++
	if p.stamp == 0 { // the stamps went round: forget every old mark
		clear(p.seen)
		clear(p.blocked)
		p.stamp = 1
	}
	p.queue = p.queue[:0]
	p.moves = moves
	return p
}

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
			p.blocked[q.Y*g.W+q.X] = p.stamp
		}
	}
}

// index is a square's place in a pad; at is the square of an index.
func (g *Grid) index(q Point) int32 { return int32(q.Y*g.W + q.X) }
func (g *Grid) at(i int32) Point    { return Point{int(i) % g.W, int(i) / g.W} }

// stepKey orders the squares a Step may end on: nearest the goal (a
// square next to it as near as the goal itself), then the shorter path,
// then the topmost, then the leftmost.
type stepKey struct{ feet, dist, y, x int }

func (k stepKey) less(o stepKey) bool {
	if k.feet != o.feet {
		return k.feet < o.feet
	}
	if k.dist != o.dist {
		return k.dist < o.dist
	}
	if k.y != o.y {
		return k.y < o.y
	}
	return k.x < o.x
}

// Step is where a mover at from gets, going at most squares steps toward
// the square goal: along a shortest path over floor squares that no one in
// occupied stands on, to the reachable square nearest the goal (a square
// next to it, if one can be reached). A diagonal step may not cut the
// corner of a solid square. Ties go to the shorter path, then to the
// topmost, then the leftmost square.
//
// The search goes out from the mover breadth first, and stops once a
// square next to the goal is found and every square as few steps away has
// been seen: no square further on can come before it. Only when nothing
// next to the goal can be reached does it see every reachable square.
func (g *Grid) Step(from, goal Point, squares int, occupied []Point) Point {
	if !g.In(from.X, from.Y) {
		return from
	}
	p := g.pad()
	defer g.putPad(p)
	g.block(p, occupied)
	key := func(q Point, d int) stepKey {
		return stepKey{max(Distance(q, goal), SquareFeet), d, q.Y, q.X}
	}
	start := g.index(from)
	p.seen[start], p.dist[start] = p.stamp, 0
	p.queue = append(p.queue, start)
	best, bestKey := start, key(from, 0)
	refuted := -1 // a distance from the goal some nearer square may still beat
	for head := 0; head < len(p.queue); head++ {
		i := p.queue[head]
		if int(p.dist[i]) >= bestKey.dist {
			// Every square bestKey.dist steps away is seen: only a square
			// nearer the goal, further away, could still come first.
			if bestKey.feet == SquareFeet {
				break // none is nearer
			}
			if refuted != bestKey.feet {
				none, looked := g.noneNearer(p, goal, bestKey.feet, len(p.queue))
				if none {
					break
				}
				if looked {
					refuted = bestKey.feet // a free square is nearer: no need to look again
				}
			}
		}
		at := g.at(i)
		for k, d := range kingSteps {
			q := Point{at.X + d.X, at.Y + d.Y}
			if p.moves[i]>>k&1 == 0 {
				continue
			}
			j := g.index(q)
			if p.seen[j] == p.stamp || p.blocked[j] == p.stamp {
				continue
			}
			p.seen[j], p.dist[j], p.parent[j] = p.stamp, p.dist[i]+1, i
			p.queue = append(p.queue, j)
			if k := key(q, int(p.dist[j])); k.less(bestKey) {
				best, bestKey = j, k
			}
		}
	}
	switch {
	case bestKey.dist <= squares:
		return g.at(best)
	case squares <= 0:
		return from
	}
	for int(p.dist[best]) > squares {
		best = p.parent[best]
	}
	return g.at(best)
}

// noneNearer reports whether every square nearer the goal than feet (a
// box around it) is solid or taken, so that no search can reach one: the
// usual case when the mover's target is surrounded. It looks at the box
// only when it is no larger than budget (the squares the search has seen
// so far), so that it never costs more than the search: looked is false
// when it did not, and then none is false too.
func (g *Grid) noneNearer(p *searchPad, goal Point, feet, budget int) (none, looked bool) {
	r := feet/SquareFeet - 1 // the nearer squares are within r steps of the goal
	if side := 2*r + 1; side*side > budget {
		return false, false
	}
	for y := goal.Y - r; y <= goal.Y+r; y++ {
		for x := goal.X - r; x <= goal.X+r; x++ {
			// Blocked, written out: Solid has checked that the square is
			// on the map, and most maps have no window.
			if !g.Solid(x, y) && (g.window == nil || !g.window[y*g.W+x]) && p.blocked[y*g.W+x] != p.stamp {
				return false, true
			}
		}
	}
	return true, true
}

// PathLength is the number of steps (a diagonal one counting as one) of
// the shortest walk from one square to another over floor squares that
// no one in occupied stands on, never cutting the corner of a solid
// square; 0 for the same square, -1 if the square cannot be reached.
func (g *Grid) PathLength(from, to Point, occupied []Point) int {
	if from == to {
		return 0
	}
	if g.Blocked(to.X, to.Y) || !g.In(from.X, from.Y) {
		return -1
	}
	p := g.pad()
	defer g.putPad(p)
	g.block(p, occupied)
	if p.blocked[g.index(to)] == p.stamp {
		return -1
	}
	start, goal := g.index(from), g.index(to)
	p.seen[start], p.dist[start] = p.stamp, 0
	p.queue = append(p.queue, start)
	for head := 0; head < len(p.queue); head++ {
		i := p.queue[head]
		at := g.at(i)
		for k, d := range kingSteps {
			if p.moves[i]>>k&1 == 0 {
				continue
			}
			j := g.index(Point{at.X + d.X, at.Y + d.Y})
			if p.seen[j] == p.stamp || p.blocked[j] == p.stamp {
				continue
			}
			p.seen[j], p.dist[j] = p.stamp, p.dist[i]+1
			if j == goal {
				return int(p.dist[j])
			}
			p.queue = append(p.queue, j)
		}
	}
	return -1
}
