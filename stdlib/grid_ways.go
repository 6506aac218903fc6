package stdlib

import "math/bits"

// Ways to a target, kept and mended (issue #15: the scaled fights). When
// many movers chase one target, each Step searches again for the way
// round the crowd to it (grid_step.go), and every step changes the crowd
// for the next. A caller that keeps a Crowd may also keep Ways: for a
// goal that the searches have already cost more than the map's area, a
// field of every square's steps to the goal's ring of free squares (the
// nearest ring that has one) and the first ring square that near it (its
// label), as ringStep works them out for one mover, but for every square
// at once. The caller tells the Ways of every square whose count changed
// (Changed); before the field answers it is mended where those squares
// were (sync), not made again. A mover's step is then read off the field
// along its path: the squares one step nearer, as ringStep reads them.
//
// The field treats every combatant's square as taken, the mover's too:
// no shortest way from the mover comes back through its own square, so
// the levels and labels of the squares its answer reads are the same.

// Ways is what a Crowd's keeper keeps of the ways to the goals step_toward
// is asked about. The zero value is ready; it is not safe for use by
// several goroutines at once (a run keeps its own).
type Ways struct {
	fields []*wayField                   // at most maxWayFields, the last used last
	spent  [8]waySpent                   // the last goals stepped toward without a field, and what their searches cost
	moves  *uint16                       // the grid's steps the fields were made with (a new map forgets them)
	spare  []*wayField                   // fields forgotten, whose storage is lent again
	lost   []uint32                      // stamp: the square's way got longer, and is worked out again
	done   []uint32                      // stamp: the square's level and label are final in a mending search
	stamp  uint32                        // of the current mend
	buck   [][]int32                     // a mending search's squares, by level
	queue  []int32                       // scratch: build's queue, mend's freed squares
	lostq  []int32                       // scratch: mend's lost squares
	check  func(*Grid, *wayField, Crowd) // tests: called after every mend and build
	eager  bool                          // tests: make a field at the first Step toward a goal
}

// maxWayFields is how many goals' fields Ways keeps at once.
const maxWayFields = 4

// Marks in a field's levels: wayTaken is a square someone stands on (as
// the field last knew), wayLost one whose way is being worked out again;
// -1 is a square the ring cannot be reached from.
const (
	wayTaken = -2
	wayLost  = -3
)

// wayField is the field of one goal and ring: lv[i] the steps from
// square i to the nearest free square of the ring, lab[i] the first
// (least index: topmost, then leftmost) ring square that near.
type wayField struct {
	goal    Point
	r       int
	lv, lab []int32
	pending []int32 // squares whose count changed since the field was mended
}

// Changed tells the Ways that the count of square i changed.
func (w *Ways) Changed(i int) {
	for k := 0; k < len(w.fields); k++ {
		f := w.fields[k]
		f.pending = append(f.pending, int32(i))
		if len(f.pending) > len(f.lv)/8+64 {
			w.drop(k) // cheaper to make again, if it is asked for
			k--
		}
	}
}

// Reset forgets every field and count: the caller's counts were made
// again.
func (w *Ways) Reset() {
	for len(w.fields) > 0 {
		w.drop(0)
	}
	w.spent = [8]waySpent{}
}

// waySpent is the squares the searches toward goal square goal+1 (0:
// none) have closed without a field.
type waySpent struct{ goal, work int }

// drop forgets field k, keeping its storage.
func (w *Ways) drop(k int) {
	f := w.fields[k]
	f.pending = f.pending[:0]
	w.spare = append(w.spare, f)
	w.fields = append(w.fields[:k], w.fields[k+1:]...)
}

// forMap forgets the fields of another map, or of the grid's steps
// before they were made again.
func (w *Ways) forMap(moves []uint16) {
	if w.moves != &moves[0] {
		w.Reset()
		w.moves = &moves[0]
	}
}

// field is the mended field of goal and its ring r, or nil when none is
// kept.
func (g *Grid) field(w *Ways, p *searchPad, c Crowd, goal Point, r int) *wayField {
	for k, f := range w.fields {
		if f.goal != goal {
			continue
		}
		if f.r != r { // a nearer ring was freed, or this one filled
			w.drop(k)
			return nil
		}
		w.fields = append(append(w.fields[:k], w.fields[k+1:]...), f) // the last used last
		g.mend(w, p.moves, c, f)
		return f
	}
	return nil
}

// has reports whether a field of goal is kept.
func (w *Ways) has(goal Point) bool {
	for _, f := range w.fields {
		if f.goal == goal {
			return true
		}
	}
	return false
}

// spend counts the squares a Step toward goal closed without a field; it
// reports whether they have passed the map's area, and the field is to
// be made: so a goal asked about a few times costs what it did.
func (w *Ways) spend(g *Grid, goal Point, work int) bool {
	k := int(g.index(goal)) + 1
	e := &w.spent[k%len(w.spent)] // goals that share an entry start again
	if e.goal != k {
		*e = waySpent{goal: k}
	}
	if e.work += work; e.work < g.W*g.H && !w.eager {
		return false
	}
	*e = waySpent{}
	return true
}

// makeField makes and keeps the field of goal and its ring r.
func (g *Grid) makeField(w *Ways, p *searchPad, c Crowd, goal Point, r int) {
	if len(w.fields) >= maxWayFields {
		w.drop(0)
	}
	var f *wayField
	if n := len(w.spare); n > 0 {
		f, w.spare = w.spare[n-1], w.spare[:n-1]
	} else {
		f = &wayField{}
	}
	if len(f.lv) != g.W*g.H {
		f.lv, f.lab = make([]int32, g.W*g.H), make([]int32, g.W*g.H)
	}
	f.goal, f.r, f.pending = goal, r, f.pending[:0]
	g.build(w, p.moves, c, f)
	w.fields = append(w.fields, f)
}

// build makes the field from scratch: a breadth-first search backwards
// from the ring's free squares, in index order, over the squares no one
// stands on; a square's label is the least of its successors' one step
// nearer the ring (ringStep's, for every square).
func (g *Grid) build(w *Ways, moves []uint16, c Crowd, f *wayField) {
	for i, n := range c.Count {
		f.lv[i] = -1
		if n > 0 {
			f.lv[i] = wayTaken
		}
	}
	queue := w.queue[:0]
	for _, u := range g.ringSquares(f.goal, f.r) {
		if f.lv[u] == -1 {
			f.lv[u], f.lab[u] = 0, u
			queue = append(queue, u)
		}
	}
	back := g.backSteps()
	for head := 0; head < len(queue); head++ {
		j := queue[head]
		lj, lab := f.lv[j], f.lab[j]
		for m := moves[j] >> 8; m != 0; m &= m - 1 {
			i := j - back[bits.TrailingZeros16(m)]
			switch li := f.lv[i]; {
			case li == -1:
				f.lv[i], f.lab[i] = lj+1, lab
				queue = append(queue, i)
			case li == lj+1 && lab < f.lab[i]:
				f.lab[i] = lab
			}
		}
	}
	w.queue = queue
	if w.check != nil {
		w.check(g, f, c)
	}
}

// ringSquares are the floor squares (not a wall or window) of ring r
// around goal, in index order.
func (g *Grid) ringSquares(goal Point, r int) []int32 {
	var out []int32
	for y := max(0, goal.Y-r); y <= min(g.H-1, goal.Y+r); y++ {
		for x := max(0, goal.X-r); x <= min(g.W-1, goal.X+r); x++ {
			if i := int32(y*g.W + x); inRing(Point{x, y}, goal, r) && !g.solid[i] && (g.window == nil || !g.window[i]) {
				out = append(out, i)
			}
		}
	}
	return out
}

// inRing reports whether square q is of ring r around goal (the goal
// itself is of ring 1).
func inRing(q, goal Point, r int) bool { return max(1, cheb(q, goal)) == r }

// backSteps are the changes of index of the steps of kingSteps: a mover
// on square i steps by kingSteps[k] onto i+back[k].
func (g *Grid) backSteps() [8]int32 {
	var back [8]int32
	for k, s := range kingSteps {
		back[k] = int32(s.Y*g.W + s.X)
	}
	return back
}
