package interp

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/frayrules/fray/stdlib"
)

// The space index: which living combatants (in the fight: alive,
// present, no state) stand on each square of the
// map, kept by the run so that nearby(c, feet) (and Occupied, the squares
// step_toward, path_length and straight_toward go around) do not walk
// every combatant of the fight per call: the quadratic term of a rule
// file that asks, per move or attack, who is next to someone.
//
// It follows the rosters (roster.go): it is made the first time it is
// asked for, from the run's list of combatants, for the rosters'
// generation (rosterGen); an assignment the plan can follow to x, y,
// alive, present, state or side moves the one combatant it reaches
// (spaceMoved); any other change of who is alive or where drops the
// rosters and with them this index (a new generation), and it is made
// again when next asked for.

// spaceIndex is the map's squares and who stands on them.
type spaceIndex struct {
	gen   int      // the rosterGen it was made or kept for; stale otherwise
	ok    bool     // made at least once for this run's map
	w, h  int      // the map's size
	cells [][]addr // per square (y*w+x): the combatants in the fight on it, any order
	count []int32  // per square: len(cells[i]), the grid searches' Crowd (grid_crowd.go)
	at    []int    // per combatant, by its hidden index: its square, -1 none
	// occupied is Occupied's storage (grid.go), reused from call to call.
	occupied []stdlib.Point
	// ways is step_toward's keep of the ways to its goals (stdlib.Ways,
	// grid_crowd.go), told of every change of count.
	ways stdlib.Ways
}

// space is the index, made again if the world changed in a way it could
// not follow.
func (r *Run) space() (*spaceIndex, error) {
	g, err := r.Grid()
	if err != nil {
		return nil, err
	}
	s := &r.spaceIdx
	if s.ok && s.gen == r.rosterGen && s.w == g.W && s.h == g.H {
		return s, nil
	}
	if s.w != g.W || s.h != g.H || len(s.cells) != g.W*g.H {
		s.w, s.h, s.cells, s.count = g.W, g.H, make([][]addr, g.W*g.H), make([]int32, g.W*g.H)
	}
	for i := range s.cells {
		s.cells[i] = s.cells[i][:0]
	}
	clear(s.count)
	s.at = s.at[:0]
	for range r.comb {
		s.at = append(s.at, -1)
	}
	for _, c := range r.combP() {
		s.place(r, c)
	}
	s.ways.Reset()
	s.gen, s.ok = r.rosterGen, true
	return s, nil
}

// square is where c stands as the index counts it: its square on the
// map if it is in the fight (alive, present, no state: living) and on
// one, else -1. Only they stand in the way of step_toward, path_length
// and straight_toward, as the README says: a goblin that has fled
// (state "fled") but was left on its square once blocked the lane for
// good. (A combatant off the map or in a wall is left out here; the
// grid functions name that mistake when they are asked about it.)
func (s *spaceIndex) square(r *Run, c addr) int {
	if !r.inFightP(c) {
		return -1
	}
	lay := &r.plan.lay
	x, y := load[int](c, lay.x), load[int](c, lay.y)
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return -1
	}
	return y*s.w + x
}

// place puts c on the square it now stands on, if any.
func (s *spaceIndex) place(r *Run, c addr) {
	i := load[int](c, r.plan.lay.idx)
	if i < 0 || i >= len(s.at) {
		return
	}
	sq := s.square(r, c)
	s.at[i] = sq
	if sq >= 0 {
		s.cells[sq] = append(s.cells[sq], c)
		s.count[sq]++
	}
}

// spaceMoved keeps the index true after an assignment to c's x, y,
// alive, present, state or side: c leaves the square the index had it
// on and goes onto the one it stands on now.
func (r *Run) spaceMoved(c addr) {
	s := &r.spaceIdx
	if !s.ok || s.gen != r.rosterGen {
		return // made again when next asked for
	}
	i := load[int](c, r.plan.lay.idx)
	if i < 0 || i >= len(s.at) {
		s.ok = false
		return
	}
	if old := s.at[i]; old >= 0 {
		cell := s.cells[old]
		for k := range cell {
			if same(cell[k], c) {
				s.cells[old] = append(cell[:k], cell[k+1:]...)
				s.count[old]--
				s.ways.Changed(old)
				break
			}
		}
	}
	s.place(r, c)
	if sq := s.at[i]; sq >= 0 {
		s.ways.Changed(sq)
	}
}

// Nearby are the combatants in the fight (alive, present, no state) on
// the map at most feet from c (a square is 5 feet, a diagonal step one
// square), c apart, in the fight's order.
func (r *Run) Nearby(c any, feet int) (any, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	start := len(r.scratch)
	found, err := r.nearbyOf(addrOf(cv), feet)
	if err != nil {
		return nil, err
	}
	return r.listResult(r.combList.Type(), start, found), nil
}

// nearbyOf is Nearby of the combatant at c (not nobody), in the run's
// scratch space: what the native compiler calls (fast_space.go).
func (r *Run) nearbyOf(c addr, feet int) ([]addr, error) {
	if feet < 0 {
		return nil, fmt.Errorf("nearby cannot look %d feet away", feet)
	}
	from, err := r.positionP(c)
	if err != nil {
		return nil, err
	}
	found, work := r.nearbyP(c, from, feet/stdlib.SquareFeet)
	return found, r.Work(work / stdlib.GridWorkPerStep)
}

// nearbyP appends to the run's scratch space the combatants in the fight
// within squares steps of from, self apart, in the fight's order; work is
// the squares and combatants it looked at, which the budget is charged
// as a grid function's (a box of a few hundred squares round a dense
// crowd is not one step's work).
func (r *Run) nearbyP(self addr, from stdlib.Point, squares int) (_ []addr, work int) {
	start := len(r.scratch)
	if side := 2*squares + 1; side*side >= len(r.comb) {
		// A box as large as the fight: walking everyone costs less.
		g := r.enc.Map.Grid // Position has found the map
		all := r.livingAllP()
		for _, o := range all {
			if !same(o, self) && r.within(g, o, from, squares) {
				r.scratch = append(r.scratch, o)
			}
		}
		return r.scratch[start:], len(all)
	}
	s, err := r.space()
	if err != nil {
		return r.scratch[start:], 0
	}
	for y := max(from.Y-squares, 0); y <= min(from.Y+squares, s.h-1); y++ {
		for x := max(from.X-squares, 0); x <= min(from.X+squares, s.w-1); x++ {
			work++
			for _, o := range s.cells[y*s.w+x] {
				if !same(o, self) && r.inFightP(o) {
					r.scratch = append(r.scratch, o)
				}
			}
		}
	}
	// In the fight's order: a few neighbours, sorted by insertion; a
	// crowd (a box full of the fight) with a sort, not in k^2 steps.
	found := r.scratch[start:]
	idx := r.plan.lay.idx
	if len(found) > 16 {
		slices.SortFunc(found, func(a, b addr) int { return cmp.Compare(load[int](a, idx), load[int](b, idx)) })
		return found, work + len(found)
	}
	for i := 1; i < len(found); i++ {
		for j := i; j > 0 && load[int](found[j], idx) < load[int](found[j-1], idx); j-- {
			found[j], found[j-1] = found[j-1], found[j]
		}
	}
	return found, work + len(found)
}

// within reports whether o stands on the map g at most squares steps
// from p (on any square of it, as the index counts).
func (r *Run) within(g *stdlib.Grid, o addr, p stdlib.Point, squares int) bool {
	lay := &r.plan.lay
	x, y := load[int](o, lay.x), load[int](o, lay.y)
	if !g.In(x, y) {
		return false
	}
	return max(abs(x-p.X), abs(y-p.Y)) <= squares
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
