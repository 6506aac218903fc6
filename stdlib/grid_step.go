package stdlib

// Step, and PathLength, by best-first searches (grid_astar.go), with the
// answers of a breadth-first search from the mover:
//
//   - the square Step heads for is, of the squares the mover can reach,
//     the one with the least key (its ring, the steps to it, y, x): the
//     ring of a square is its king-move distance from the goal, the goal's
//     neighbours and the goal itself sharing ring 1;
//   - the path to it is the breadth-first search's: of the shortest paths,
//     the one whose steps, in the order of kingSteps, come first one by
//     one (a square's parent is the first square of the level before that
//     reaches it, and a level's squares come in that order of their
//     paths), and the mover stops after squares steps of it.
//
// So Step looks for the nearest ring that has a free square (on the map,
// not a wall or window, no one standing on it), searches for the nearest
// square of that ring, settles ties among equally near ones, and then
// walks the first path step by step, trying the steps in order and
// keeping the first from which the rest of a shortest path exists. Each
// search costs about the squares of the paths it proves, not the map's
// area; only when the ring's free squares are all cut off from the mover
// does the first search see every square the mover can reach (as the
// breadth-first search did).

// Step is where a mover at from gets, going at most squares steps toward
// the square goal: along a shortest path over floor squares that no one in
// occupied stands on, to the reachable square nearest the goal (a square
// next to it, if one can be reached). A diagonal step may not cut the
// corner of a solid square. Ties go to the shorter path, then to the
// topmost, then the leftmost square; the path is the one whose steps come
// first in the order up, left, right, down, up-left, up-right, down-left,
// down-right.
func (g *Grid) Step(from, goal Point, squares int, occupied []Point) Point {
	at, _ := g.stepAmid(from, goal, squares, occupied)
	return at
}

// stepAmid is Step and its work: the squares its searches closed
// (grid_work.go).
func (g *Grid) stepAmid(from, goal Point, squares int, occupied []Point) (Point, int) {
	if !g.In(from.X, from.Y) {
		return from, 0
	}
	p := g.pad()
	defer g.putPad(p)
	g.block(p, occupied)
	return g.step(p, from, goal, squares), p.work
}

// step is Step amid the crowd the pad reads (from is on the map).
func (g *Grid) step(p *searchPad, from, goal Point, squares int) Point {
	// A search that looks round walls or a crowd for the way to the goal
	// sees about the squares the breadth-first search would, and settling
	// the tie and the path would cost more again: past this budget the
	// breadth-first search is cheaper.
	p.budget = (2*cheb(from, goal) + 3) * (2*cheb(from, goal) + 3) / 2
	t, d, to, ok := g.heading(p, from, goal)
	if !ok {
		return g.stepBreadthFirst(p, from, goal, squares)
	}
	switch {
	case d == 0 || d <= squares && to.r == 0:
		return g.at(t) // the square Step heads for is known, and reached
	case squares <= 0:
		return from
	}
	// Settling a tie and walking the path cost about the path's squares
	// a search across open floor; amid walls or a crowd, a search that
	// proves there is no shorter way round costs more. Past a budget, or
	// at once when the first search already had to look round walls or a
	// crowd (it closed more than twice the squares of the path), settle
	// decides both: by that search resumed, or one search seeing only
	// squares that can lie on a path of d steps to the aim. (The budget
	// and the factor are what cost least in the scaled shock_and_swarm
	// fight at 200 a side: see docs/performance.md, "The grid".)
	p.budget = (squares + 2) * (d + 1)
	if len(p.closing) > 2*(d+1) {
		return g.settle(p, from, to, d, squares, p.stamp) // the first search is in the pad
	}
	p.trace(t, 0, d) // the first search's path, for along
	if to.r > 0 {
		var ok bool
		if t, ok = g.firstOfRing(p, from, t, d); !ok {
			return g.bfsStep(p, from, to, d, squares)
		}
	}
	if d <= squares {
		return g.at(t)
	}
	if at, ok := g.along(p, from, g.at(t), d, squares); ok {
		return at
	}
	return g.settle(p, from, to, d, squares, 0)
}

// settle is Step's answer by the first search resumed, when it is still
// in the pad and looked for a ring (onWayStep: it has closed most of the
// squares already); or by one search of the squares that can lie on a
// way of d steps from the mover to the aim: backwards from the ring's
// free squares (ringStep), which round a crowd sees fewer; or, for one
// square, forwards (bfsStep). astamp is the stamp of the first search
// when it is still in the pad (0 if not).
func (g *Grid) settle(p *searchPad, from Point, to aim, d, squares int, astamp uint32) Point {
	if to.r > 0 {
		if astamp != 0 {
			if at, ok := g.onWayStep(p, from, to, d, squares); ok {
				return at
			}
		}
		if at, ok := g.ringStep(p, from, to, d, squares, astamp); ok {
			return at
		}
	}
	return g.bfsStep(p, from, to, d, squares)
}

// heading is the square Step heads for (when to.r is 0) or one of the
// squares it may head for (the squares of the ring to.r around to.c that
// the free ring p.scratch lists and that are as near the mover: a tie
// firstOfRing settles), and its steps from from; ok is false when the
// search ran out of budget.
func (g *Grid) heading(p *searchPad, from, goal Point) (_ int32, _ int, _ aim, ok bool) {
	// The mover's own square is in ring rs, 0 steps away: no other square
	// of its ring or further out can come first.
	rs := max(1, cheb(from, goal))
	for r := g.firstRing(goal); r < rs; r++ {
		free := g.freeRing(p, goal, r)
		if len(free) == 0 {
			continue // nothing nearer than ring r+1 can be reached
		}
		// No square nearer the goal is free, so the search's first square
		// within r of the goal is in ring r, and a nearest one.
		t, d := g.search(p, from, aim{goal, r}, -1, -1)
		switch {
		case d == -2:
			return t, d, aim{}, false
		case t < 0:
			t, d = g.bestReached(p, goal)
			return t, d, aim{g.at(t), 0}, true
		}
		return t, d, aim{goal, r}, true
	}
	return g.index(from), 0, aim{from, 0}, true
}

// firstRing is the first ring around goal with a square on the map.
func (g *Grid) firstRing(goal Point) int {
	dx := max(0, -goal.X, goal.X-(g.W-1))
	dy := max(0, -goal.Y, goal.Y-(g.H-1))
	return max(1, dx, dy)
}

// freeRing is the free squares of ring r around goal (on the map, not a
// wall or window, no one on them), topmost first, then leftmost.
func (g *Grid) freeRing(p *searchPad, goal Point, r int) []int32 {
	out := p.scratch[:0]
	for y := max(0, goal.Y-r); y <= min(g.H-1, goal.Y+r); y++ {
		edge := r == 1 || y == goal.Y-r || y == goal.Y+r
		for x := max(0, goal.X-r); x <= min(g.W-1, goal.X+r); x++ {
			if !edge && x != goal.X-r && x != goal.X+r {
				if x < goal.X+r {
					x = goal.X + r - 1 // the inside of the ring: on to its right side
				}
				continue
			}
			i := int32(y*g.W + x)
			if !g.solid[i] && (g.window == nil || !g.window[i]) && !p.taken(i) {
				out = append(out, i)
			}
		}
	}
	p.scratch = out
	return out
}

// firstOfRing settles a tie: t is a square of the ring, d steps from
// from, and none of the ring is nearer; the answer is the topmost, then
// leftmost, of the ring's free squares (p.scratch, in that order) d steps
// away. Those the search reached in d steps are; for the others before t,
// a search bounded at d decides. ok is false when the searches ran out
// of budget.
func (g *Grid) firstOfRing(p *searchPad, from Point, t int32, d int) (_ int32, ok bool) {
	before := p.before[:0] // the ring's squares before t, ^i when reached in d steps
	for _, u := range p.scratch {
		if u == t {
			break
		}
		if p.seen[u] == p.stamp && int(p.dist[u]) == d {
			u = ^u
		}
		before = append(before, u)
	}
	p.before = before
	searched := false
	for _, u := range before {
		if u < 0 {
			if searched { // the first search's path to it is gone: along searches
				for i := range p.route {
					p.route[i] = -1
				}
			} else { // the first search's path to it is still in the pad
				p.trace(^u, 0, d)
			}
			return ^u, true
		}
		if q := g.at(u); cheb(from, q) <= d {
			searched = true
			if yes, ok := g.within(p, from, q, d); !ok || yes {
				if yes {
					p.trace(u, 0, d)
				}
				return u, ok
			}
		}
	}
	return t, true
}

// bestReached is the square Step heads for when no square of the ring
// searched for can be reached: the search has closed every square the
// mover can reach, each by a shortest path, and the least key among them
// wins.
func (g *Grid) bestReached(p *searchPad, goal Point) (int32, int) {
	best := p.closing[0] // the mover's square
	key := func(i int32) [4]int {
		q := g.at(i)
		return [4]int{max(1, cheb(q, goal)), int(p.dist[i]), q.Y, q.X}
	}
	bk := key(best)
	for _, i := range p.closing[1:] {
		if k := key(i); k[0] < bk[0] || k[0] == bk[0] && (k[1] < bk[1] || k[1] == bk[1] && (k[2] < bk[2] || k[2] == bk[2] && k[3] < bk[3])) {
			best, bk = i, k
		}
	}
	return best, bk[1]
}

// along is the square squares steps along the first shortest path (in
// the order of kingSteps) from from to t, d steps long (squares < d); ok
// is false when the searches ran out of budget.
func (g *Grid) along(p *searchPad, from, t Point, d, squares int) (_ Point, ok bool) {
	at := from
	for n := range squares {
		rest := d - n - 1 // steps from the next square to t
		i := g.index(at)
		moved := false
		for k, s := range kingSteps {
			q := Point{at.X + s.X, at.Y + s.Y}
			j := g.index(q)
			if p.moves[i]>>k&1 == 0 || q == from || p.taken(j) || cheb(q, t) > rest {
				continue
			}
			// The path the pad holds goes on by a shortest path: its next
			// square needs no search (the earlier steps had theirs).
			yes, ok := p.route[n+1] == j, true
			if !yes {
				if yes, ok = g.within(p, q, t, rest); !ok {
					return at, false
				}
				if yes {
					p.trace(g.index(t), n+1, rest)
				}
			}
			if yes {
				at, moved = q, true
				break
			}
		}
		if !moved {
			break // cannot happen: at is on a shortest path to t
		}
	}
	return at, true
}

// bfsStep is Step's answer by a breadth-first search from the mover, as
// the grid searched before its best-first searches, but seeing only the
// squares that can lie on a path of d steps to a square of the aim (steps
// to it plus the floor under the steps left at most d): the squares of
// the aim d steps away are all among them, and so is every square of
// their shortest paths, with the parent the full search gives it (the
// first square of the level before that reaches it, in the same order).
// The aim is the ring of the free squares p.scratch lists (the topmost,
// then leftmost, of them reached in d steps wins), or one square (r 0).
func (g *Grid) bfsStep(p *searchPad, from Point, to aim, d, squares int) Point {
	p.fresh()
	queue := p.closing[:0]
	start := g.index(from)
	p.seen[start], p.dist[start] = p.stamp, 0
	queue = append(queue, start)
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		if int(p.dist[i]) >= d {
			break // every square d steps away is seen
		}
		at := g.at(i)
		for k, s := range kingSteps {
			if p.moves[i]>>k&1 == 0 {
				continue
			}
			q := Point{at.X + s.X, at.Y + s.Y}
			j := g.index(q)
			if p.seen[j] == p.stamp || p.taken(j) || int(p.dist[i])+1+to.left(q) > d {
				continue
			}
			p.seen[j], p.dist[j], p.parent[j] = p.stamp, p.dist[i]+1, i
			queue = append(queue, j)
		}
	}
	p.closing = queue
	p.work += len(queue)
	t := g.index(to.c)
	if to.r > 0 {
		for _, u := range p.scratch {
			if p.seen[u] == p.stamp && int(p.dist[u]) == d {
				t = u
				break
			}
		}
	}
	if squares <= 0 {
		return from
	}
	for int(p.dist[t]) > squares {
		t = p.parent[t]
	}
	return g.at(t)
}

// PathLength is the number of steps (a diagonal one counting as one) of
// the shortest walk from one square to another over floor squares that
// no one in occupied stands on, never cutting the corner of a solid
// square; 0 for the same square, -1 if the square cannot be reached.
func (g *Grid) PathLength(from, to Point, occupied []Point) int {
	n, _ := g.pathLengthAmid(from, to, occupied)
	return n
}

// pathLengthAmid is PathLength and its work (grid_work.go).
func (g *Grid) pathLengthAmid(from, to Point, occupied []Point) (int, int) {
	if from == to {
		return 0, 0
	}
	if g.Blocked(to.X, to.Y) || !g.In(from.X, from.Y) {
		return -1, 0
	}
	p := g.pad()
	defer g.putPad(p)
	g.block(p, occupied)
	return g.pathLength(p, from, to), p.work
}

// pathLength is PathLength amid the crowd the pad reads (from and to
// apart, to not blocked, from on the map).
func (g *Grid) pathLength(p *searchPad, from, to Point) int {
	if p.taken(g.index(to)) {
		return -1
	}
	_, n := g.search(p, from, aim{to, 0}, -1, -1)
	return n
}

// trace puts in p.route[n:n+k+1] the path of the last search to square t,
// k steps long: the squares n to n+k steps along the path Step walks.
func (p *searchPad) trace(t int32, n, k int) {
	for len(p.route) <= n+k {
		p.route = append(p.route, -1)
	}
	for m := n + k; m >= n; m-- {
		p.route[m], t = t, p.parent[t]
	}
}
