package stdlib

import "math/bits"

// ringStep is Step's answer, once the first search has found the ring
// to.r round the goal nearest it that the mover can reach and its steps d
// to it, by one breadth-first search backwards from the ring's free
// squares (p.scratch, topmost then leftmost first: in index order) toward
// the mover. Each square it reaches gets its steps to the ring (p.level)
// and the first, in that order, of the ring's squares that near it (its
// label, in p.parent: the least among those of its successors one step
// nearer the ring, since every shortest way from it goes through one of
// them).
//
// It sees only the squares that can lie on a way of d steps from the
// mover: steps to the ring plus a floor under the steps from the mover at
// most d. The floor is the king-move distance from the mover, and, when
// the first search is still in the pad (astamp, its stamp; 0 if not), what
// it proved: it closed every square whose steps plus its own floor (steps
// left to the ring ignoring the crowd) are under d, each with its exact
// steps, so a square it did not close is at least d minus that floor from
// the mover. Round a crowd this sees far fewer squares than a search
// forwards (bfsStep, whose floor ignores the crowd and so sees the
// crowd's whole near side). A square on a way of d steps has all its
// successors on one too, so none of those is left out and the steps and
// labels of the squares that matter are exact.
//
// The answer is bfsStep's: the square Step heads for is the first of the
// ring's squares d steps from the mover, the least label among the
// mover's successors d-1 steps from the ring; the path is, of the shortest
// ones to it, the one whose steps come first in the order of kingSteps,
// so each step is the first whose square is one step nearer that square
// (d-n-1 steps from the ring, with its label). The mover's own square is
// never entered: no shortest way from the mover comes back through it.
// ok is false when the mover was not found d steps away (cannot happen
// when d is the first search's).
func (g *Grid) ringStep(p *searchPad, from Point, to aim, d, squares int, astamp uint32) (_ Point, ok bool) {
	p.fresh()
	if p.stamp <= astamp { // the stamps went round, and the marks with them
		astamp = 0
	}
	if len(p.level) != len(p.seen) {
		p.level = make([]int32, len(p.seen))
	}
	queue := p.closing[:0]
	defer func() { p.closing, p.work = queue, p.work+len(queue) }()
	var back [8]int32 // a square's index minus the index of the square before it by kingSteps[k]
	for k, s := range kingSteps {
		back[k] = int32(s.Y*g.W + s.X)
	}
	start := g.index(from)
	for _, u := range p.scratch {
		if cheb(from, g.at(u)) <= d {
			p.seen[u], p.level[u], p.parent[u] = p.stamp, 0, u // parent: the label
			queue = append(queue, u)
		}
	}
	t, found := int32(-1), int32(-1) // the mover's label, and the level it was found from
	// The pad's slices and stamp in locals: the loop stores into the pad,
	// which would make the compiler load them again at every step.
	seen, level, label, moves := p.seen, p.level, p.parent, p.moves
	closed, dist, stamp := p.closed, p.dist, p.stamp
	for head := 0; head < len(queue); head++ {
		j := queue[head]
		lj := level[j]
		if found >= 0 && lj > found {
			break // every square of the mover's level is done: t is the least
		}
		jx, jy, lab := int(j)%g.W, int(j)/g.W, label[j]
		for m := moves[j] >> 8; m != 0; m &= m - 1 {
			k := bits.TrailingZeros16(m)
			i := j - back[k]
			switch {
			case i == start:
				if found < 0 || lab < t {
					t, found = lab, lj
				}
				continue
			case seen[i] == stamp:
				if level[i] == lj+1 && lab < label[i] {
					label[i] = lab
				}
				continue
			case p.taken(i):
				continue
			}
			// A floor under the steps from the mover to the square i.
			qx, qy := jx-kingSteps[k].X, jy-kingSteps[k].Y
			floor := max(abs(qx-from.X), abs(qy-from.Y))
			if astamp != 0 {
				if closed[i] == astamp {
					floor = int(dist[i])
				} else {
					floor = max(floor, d-to.left(Point{qx, qy}))
				}
			}
			if floor+int(lj)+1 > d {
				// Never on a way of d steps, nor when reached again (from
				// as near the ring or further): marked, not queued.
				seen[i], level[i] = stamp, -1
				continue
			}
			seen[i], level[i], label[i] = stamp, lj+1, lab
			queue = append(queue, i)
		}
	}
	if found < 0 || int(found)+1 != d {
		return from, false
	}
	if d <= squares {
		return g.at(t), true
	}
	at := start
	for n := range squares {
		rest := int32(d - n - 1) // steps from the next square to the ring
		moved := false
		for k := range back {
			if p.moves[at]>>k&1 == 0 {
				continue
			}
			j := at + back[k]
			if p.seen[j] == p.stamp && p.level[j] == rest && p.parent[j] == t {
				at, moved = j, true
				break
			}
		}
		if !moved {
			return from, false // cannot happen: at is on a shortest way to t
		}
	}
	return g.at(at), true
}
