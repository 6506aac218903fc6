package stdlib

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

// stepBreadthFirst is Step by a breadth-first search out from the mover
// (the grid's search before the best-first ones, kept for the maps where
// those cost more: when the mover's target is round walls or behind a
// crowd, the first best-first search sees about as many squares as this
// one, and then the tie and the path would cost as much again). The pad
// has the crowd marked.
//
// The search stops once a square next to the goal is found and every
// square as few steps away has been seen: no square further on can come
// before it. Only when nothing next to the goal can be reached does it see
// every reachable square.
func (g *Grid) stepBreadthFirst(p *searchPad, from, goal Point, squares int) Point {
	p.fresh()
	queue := p.closing[:0]
	defer func() { p.closing, p.work = queue, p.work+len(queue) }()
	key := func(q Point, d int) stepKey {
		return stepKey{max(Distance(q, goal), SquareFeet), d, q.Y, q.X}
	}
	start := g.index(from)
	p.seen[start], p.dist[start] = p.stamp, 0
	queue = append(queue, start)
	best, bestKey := start, key(from, 0)
	refuted := -1 // a distance from the goal some nearer square may still beat
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		if int(p.dist[i]) >= bestKey.dist {
			// Every square bestKey.dist steps away is seen: only a square
			// nearer the goal, further away, could still come first.
			if bestKey.feet == SquareFeet {
				break // none is nearer
			}
			if refuted != bestKey.feet {
				none, looked := g.noneNearer(p, goal, bestKey.feet, len(queue))
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
			if p.seen[j] == p.stamp || p.taken(j) {
				continue
			}
			p.seen[j], p.dist[j], p.parent[j] = p.stamp, p.dist[i]+1, i
			queue = append(queue, j)
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
			if !g.Solid(x, y) && (g.window == nil || !g.window[y*g.W+x]) && !p.taken(int32(y*g.W+x)) {
				return false, true
			}
		}
	}
	return true, true
}
