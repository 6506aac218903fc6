package stdlib

import "math/bits"

// onWayStep is Step's answer, once the first search has found the ring
// to.r round the goal nearest it that the mover can reach and its steps d
// to it, from that search itself, resumed rather than done again
// (ringStep sees about the same squares once more, backwards):
//
//  1. The search goes on until it has expanded every square of f up to d
//     (finishBucket). Every square on a shortest way from the mover
//     to a square of the ring d steps away has f at most d (the floor is
//     under the steps left), so each is closed, with its steps exact, and
//     every square of the ring d steps away is reached: the square Step
//     heads for is the first of them in p.scratch (topmost, then
//     leftmost).
//  2. A sweep back from that square t marks the squares on a shortest way
//     to it: those one step nearer the mover, by the steps the search
//     gave them, than a square already marked. It sees the shortest ways
//     to t only, not every square the search closed.
//  3. The mover walks, each step the first in the order of kingSteps whose
//     square is marked and one step further from the mover: bfsStep's
//     path (a square one step nearer t whose first ring square d steps
//     from the mover is t, as ringStep reads its labels: a ring square
//     before t as near would be d steps from the mover too).
//
// ok is false when the search ran out of budget.
func (g *Grid) onWayStep(p *searchPad, from Point, to aim, d, squares int) (_ Point, ok bool) {
	if !g.finishBucket(p, to, d) {
		return from, false
	}
	seen, dist, stamp := p.seen, p.dist, p.stamp
	t := int32(-1)
	for _, u := range p.scratch {
		if seen[u] == stamp && int(dist[u]) == d {
			t = u
			break
		}
	}
	switch {
	case t < 0:
		return from, false // cannot happen: the first search found one
	case d <= squares:
		return g.at(t), true
	}
	if len(p.onWay) != len(seen) {
		p.onWay = make([]uint32, len(seen))
	}

	onWay, moves := p.onWay, p.moves
	back := g.backSteps()
	onWay[t] = stamp
	queue := append(p.sweep[:0], t)
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		ds := dist[s] - 1 // the steps of the square before s on a shortest way
		if int(ds) < 1 {
			continue // the mover's own square: the walk starts there
		}
		for m := moves[s] >> 8; m != 0; m &= m - 1 {
			u := s - back[bits.TrailingZeros16(m)]
			if seen[u] == stamp && dist[u] == ds && onWay[u] != stamp {
				onWay[u] = stamp
				queue = append(queue, u)
			}
		}
	}
	p.sweep = queue
	p.work += len(queue)
	at := g.index(from)
	for n := range squares {
		moved := false
		for k := range back {
			if moves[at]>>k&1 == 0 {
				continue
			}
			if j := at + back[k]; onWay[j] == stamp && seen[j] == stamp && int(dist[j]) == n+1 {
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
