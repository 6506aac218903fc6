package stdlib

import (
	"math"
	"math/bits"
)

// The grid's searches (Step, PathLength) are best-first (A*): a square is
// expanded in the order of the steps to it plus a floor under the steps
// still to go, so that a search toward a square across an open field
// sees about the squares of one shortest path, not every square as near
// the start as the goal (what a breadth-first search sees, the map's area
// when the goal is across the map).
//
// The floor is the king-move distance left to the squares looked for,
// which a step lowers by at most one (the heuristic is consistent): so
// every square is closed by a shortest path, the first square looked for
// that the search closes is a nearest one, and the search finds a path
// of a given length whenever one exists, whatever order it takes equal
// squares in. Squares of equal f go last in, first out: the search then
// runs down one shortest path instead of widening over all of them.

// aim is what a search looks for: the squares within r king steps of c.
type aim struct {
	c Point
	r int
}

// left is the floor under the steps from q to a square of the aim.
func (a aim) left(q Point) int { return max(0, cheb(q, a.c)-a.r) }

// cheb is the king-move distance between two squares, in steps.
func cheb(a, b Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

// search looks from the square from for a square of to, over squares the
// grid's steps allow and no one in the pad's crowd stands on. It returns
// a square of to and its steps from from, by a shortest path; or, when
// enough >= 0, the first square of to it reaches in at most enough steps,
// by whatever path. It expands no square whose f (steps to it plus the
// floor) exceeds bound (bound < 0: no bound), and gives -1, -1 when it
// finds nothing, -1, -2 when it closed as many squares as the pad's
// budget allowed (counted down). With no bound and nothing found, p.closing holds every
// square the mover can reach, each with its steps in p.dist (shortest).
func (g *Grid) search(p *searchPad, from Point, to aim, bound, enough int) (int32, int) {
	p.fresh()
	for b := range p.used {
		p.buckets[b] = p.buckets[b][:0]
	}
	p.used, p.cut = 0, -1
	p.closing = p.closing[:0]
	start, f0 := g.index(from), to.left(from)
	p.f0 = f0
	if f0 == 0 {
		return start, 0
	}
	if bound >= 0 && f0 > bound {
		return -1, -1
	}
	p.seen[start], p.dist[start] = p.stamp, 0
	p.push(0, start)
	// The pad's slices and stamp in locals: the loop stores into the pad,
	// which would make the compiler load them again at every step.
	seen, closed, dist, parent, moves := p.seen, p.closed, p.dist, p.parent, p.moves
	stamp := p.stamp
	steps := [8]Point(kingSteps)
	var off [8]int32 // a step's change of index
	for k, s := range steps {
		off[k] = int32(s.Y*g.W + s.X)
	}
	for fb := 0; fb < p.used; fb++ { // p.used grows as squares are pushed
		for n := len(p.buckets[fb]); n > 0; n = len(p.buckets[fb]) {
			i := p.buckets[fb][n-1]
			p.buckets[fb] = p.buckets[fb][:n-1]
			if closed[i] == stamp {
				continue // pushed again by a shorter path, and closed by it
			}
			closed[i] = stamp
			p.work++
			if p.budget--; p.budget < 0 {
				return -1, -2
			}
			p.closing = append(p.closing, i)
			at := g.at(i)
			if to.left(at) == 0 {
				p.fb = fb
				return i, int(dist[i])
			}
			d := dist[i] + 1
			// The steps go in backwards, so that of equal squares the one
			// by the first step comes out first: the path found is then
			// often the first in the order of kingSteps, the one Step walks.
			for m := moves[i] & 0xff; m != 0; {
				k := bits.Len16(m) - 1 // the last step left
				m &^= 1 << k
				j := i + off[k]
				// A closed square was reached by its fewest steps, at most
				// d (it is next to i), so the test of seen squares covers it.
				if seen[j] == stamp && dist[j] <= d || p.taken(j) {
					continue
				}
				seen[j], dist[j], parent[j] = stamp, d, i
				q := Point{at.X + steps[k].X, at.Y + steps[k].Y}
				h := to.left(q)
				f := int(d) + h
				if bound >= 0 && f > bound {
					continue
				}
				// A square of the aim with f as low as any open square's
				// is a nearest one: no path left can be shorter.
				if h == 0 && (int(d) <= enough || f == f0+fb) {
					p.fb, p.cut = fb, i // where finishBucket goes on
					return j, int(d)
				}
				p.push(f-f0, j)
			}
		}
	}
	return -1, -1
}

// finishBucket goes on with the pad's search from where it found its
// first square of the aim (p.fb, the bucket; p.cut, the square whose
// steps it did not finish) to the end of the bucket of f bound, the f of
// that square: it expands every square of f up to bound but the squares
// of the aim, which it only reaches (no shortest way to the aim passes
// one). ok is false when it ran out of budget. It is search's loop apart,
// not a mode of it: one loop for both made BenchmarkPathLength 11% dearer
// in instructions (the loop's registers).
func (g *Grid) finishBucket(p *searchPad, to aim, bound int) (ok bool) {
	seen, closed, dist, parent, moves := p.seen, p.closed, p.dist, p.parent, p.moves
	stamp, fb := p.stamp, bound-p.f0
	if fb != p.fb || fb >= p.used {
		return false // cannot happen: the search stopped in that bucket
	}
	if p.cut >= 0 { // its steps again, all of them
		closed[p.cut] = 0
		p.buckets[fb] = append(p.buckets[fb], p.cut)
		p.cut = -1
	}
	off := g.backSteps()
	for n := len(p.buckets[fb]); n > 0; n = len(p.buckets[fb]) {
		i := p.buckets[fb][n-1]
		p.buckets[fb] = p.buckets[fb][:n-1]
		if closed[i] == stamp {
			continue
		}
		closed[i] = stamp
		p.work++
		if p.budget--; p.budget < 0 {
			return false
		}
		p.closing = append(p.closing, i)
		at := g.at(i)
		if to.left(at) == 0 {
			continue
		}
		d := dist[i] + 1
		for m := moves[i] & 0xff; m != 0; m &= m - 1 {
			k := bits.TrailingZeros16(m)
			j := i + off[k]
			if seen[j] == stamp && dist[j] <= d || p.taken(j) {
				continue
			}
			seen[j], dist[j], parent[j] = stamp, d, i
			h := to.left(Point{at.X + kingSteps[k].X, at.Y + kingSteps[k].Y})
			if int(d)+h > bound || h == 0 {
				continue // past the bucket, or of the aim: only reached
			}
			p.buckets[fb] = append(p.buckets[fb], j)
		}
	}
	return true
}

// push puts square i among those of f f0+b to expand.
func (p *searchPad) push(b int, i int32) {
	for len(p.buckets) <= b {
		p.buckets = append(p.buckets, nil)
	}
	p.buckets[b] = append(p.buckets[b], i)
	p.used = max(p.used, b+1)
}

// within reports whether the square to can be reached from from in at
// most n steps; ok is false when the search ran out of budget.
func (g *Grid) within(p *searchPad, from, to Point, n int) (yes, ok bool) {
	_, d := g.search(p, from, aim{to, 0}, n, n)
	return d >= 0, d != -2
}

// noBudget lets a search close as many squares as it needs.
const noBudget = math.MaxInt
