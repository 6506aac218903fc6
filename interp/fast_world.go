package interp

import (
	"errors"
	"reflect"
	"strconv"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// The world functions on combatant and side lists, written once over
// the addresses of the run's structs (mem_unsafe). The expr VM
// reaches them through the stdlib.World methods in world.go, which
// convert their lists; native expressions call them directly, with
// results in the run's scratch space.

// layout is where the built-in attributes sit in the ruleset's structs.
type layout struct {
	side, alive, present, idx uintptr // combatant fields
	sideIdx                   uintptr // a side's hidden index
	state                     uintptr // why it is out of the fight ("" while in it)
	action                    uintptr // what it declared this round (the first declaration's name)
	x, y                      uintptr // its square on the map (space.go)
}

func newLayout(u *check.Universe) layout {
	c := u.Combatant.R.Elem()
	idx, _ := c.FieldByName(check.HiddenIndexField)
	sideIdx, _ := u.Side.R.Elem().FieldByName(check.HiddenIndexField)
	return layout{sideIdx: sideIdx.Offset, side: c.Field(check.FieldSide).Offset, alive: c.Field(check.FieldAlive).Offset,
		present: c.Field(check.FieldPresent).Offset, idx: idx.Offset, state: c.Field(check.FieldState).Offset,
		action: c.Field(check.FieldAction).Offset, x: c.Field(check.FieldX).Offset, y: c.Field(check.FieldY).Offset}
}

var errNobody = errors.New("expected a combatant or side, found nobody")

// inFightP: the combatant is alive, present (it has arrived) and not
// taken out of the fight by its state (fled, asleep, ...).
func (r *Run) inFightP(c addr) bool {
	lay := &r.plan.lay
	return load[bool](c, lay.alive) && load[bool](c, lay.present) && load[string](c, lay.state) == ""
}

// nameAt is the name of the combatant or side at a: the first field
// of their structs (dsl's structOf), at offset 0.
func nameAt(a addr) string { return load[string](a, 0) }

// listView caches the view of one of the run's lists as addresses;
// lists is the Run.lists it was made for. Only a view that shares the
// list's storage (not safeMem's copies) may be kept: the lists' elements are set
// in place between fights.
type listView struct {
	lists uint64
	p     []addr
}

func (v *listView) get(list reflect.Value, lists uint64) []addr {
	if safeMem || v.lists != lists || lists == 0 {
		v.lists, v.p = lists, pointers(list)
	}
	return v.p
}

func (r *Run) combP() []addr  { return r.combView.get(r.combList, r.lists) }
func (r *Run) sidesP() []addr { return r.sideView.get(r.sideList, r.lists) }

// dropScratch gives back the scratch space kept since mark, once the
// lists there are read. Most expressions keep none: the store (a slice
// header, with its write barrier) is then left out.
func (r *Run) dropScratch(mark int) {
	if len(r.scratch) != mark {
		r.scratch = r.scratch[:mark]
	}
}

// keep appends to the scratch space; a list is what was kept since start.
func (r *Run) list(start int) []addr {
	return r.scratch[start:len(r.scratch):len(r.scratch)]
}

// The combatants related to one: the members of a side, the enemies or
// the allies of a combatant.
const (
	relMembers = iota
	relEnemies
	relAllies
)

// relatedP lists the combatants related to x (a side for relMembers, a
// combatant otherwise), only those in the fight when living is set: one
// pass for living(enemies(c)) and the like, a loop per relation.
func (r *Run) relatedP(x addr, rel int, living bool) []addr {
	start := len(r.scratch)
	r.scratch = r.appendRelated(r.scratch, x, rel, living)
	return r.list(start)
}

// appendRelated appends the combatants related to x to list.
func (r *Run) appendRelated(list []addr, x addr, rel int, living bool) []addr {
	sideAt := r.plan.lay.side
	side := x
	if rel != relMembers {
		side = load[addr](x, sideAt)
	}
	in := func(c addr) bool {
		return !living || r.inFightP(c)
	}
	all := r.combP()
	r.walked(len(all))
	switch rel {
	case relMembers:
		for _, c := range all {
			if same(load[addr](c, sideAt), side) && in(c) {
				list = append(list, c)
			}
		}
	case relEnemies:
		for _, c := range all {
			if !same(load[addr](c, sideAt), side) && in(c) {
				list = append(list, c)
			}
		}
	default:
		for _, c := range all {
			if same(load[addr](c, sideAt), side) && !same(c, x) && in(c) {
				list = append(list, c)
			}
		}
	}
	return list
}

func (r *Run) membersP(side addr) []addr {
	return r.relatedP(side, relMembers, false)
}

func (r *Run) enemiesP(c addr) []addr {
	return r.relatedP(c, relEnemies, false)
}

func (r *Run) alliesP(c addr) []addr {
	return r.relatedP(c, relAllies, false)
}

func (r *Run) enemySidesP(s addr) []addr {
	start := len(r.scratch)
	r.walked(len(r.sidesP()))
	for _, x := range r.sidesP() {
		if !same(x, s) {
			r.scratch = append(r.scratch, x)
		}
	}
	return r.list(start)
}

func (r *Run) livingP(list []addr) []addr {
	start := len(r.scratch)
	r.walked(len(list))
	for _, c := range list {
		if !c.isNil() && r.inFightP(c) {
			r.scratch = append(r.scratch, c)
		}
	}
	return r.list(start)
}

func (r *Run) standingP(sides []addr) []addr {
	start := len(r.scratch)
	marks := r.standingMarks(sides)
	for i, s := range sides {
		if marks != nil && marks[i] || marks == nil && r.stands(s) {
			r.scratch = append(r.scratch, s)
		}
	}
	return r.list(start)
}

// standingCount is len(standingP(sides)), without the list.
func (r *Run) standingCount(sides []addr) int {
	n := 0
	marks := r.standingMarks(sides)
	for i, s := range sides {
		if marks != nil && marks[i] || marks == nil && r.stands(s) {
			n++
		}
	}
	return n
}

// standsManyMin is the fewest sides standingMarks answers for at once.
const standsManyMin = 16

// standingMarks says, for a list of standsManyMin sides or more, which
// stand, from one walk of the combatants, counted as a walk of the
// fight's list: asking each side (stands) found its roster among the
// kept rosters one by one, so standing(sides) of a thousand sides of one
// combatant each compared a million entries a call, uncounted (a loop of
// it: hours). nil for fewer sides, which stands answers.
func (r *Run) standingMarks(sides []addr) []bool {
	if len(sides) < standsManyMin {
		return nil
	}
	all := r.combP()
	r.walked(len(all) + len(sides))
	n := len(r.sidesP())
	in := make([]bool, n)
	sideAt, sideIdx := r.plan.lay.side, r.plan.lay.sideIdx
	for _, c := range all {
		if s := load[addr](c, sideAt); !s.isNil() && r.inFightP(c) {
			if i := load[int](s, sideIdx); i >= 0 && i < n {
				in[i] = true
			}
		}
	}
	marks := make([]bool, len(sides))
	for i, s := range sides {
		if !s.isNil() {
			if k := load[int](s, sideIdx); k >= 0 && k < n {
				marks[i] = in[k]
			}
		}
	}
	return marks
}

// stands reports whether side s has a member that is alive and present.
// In a large fight it asks whether the side's kept roster of living
// members (roster.go) is not empty: a scan of every combatant for the
// first such member costs O(N) per side, and an end condition
// (len(standing(sides)) <= 1) asks after every action, O(N^2) a round;
// the roster is made once and kept in place as combatants fall. A small
// fight scans, which costs less than keeping one more roster. Either
// answer is exact. Asking leaves the entry rosterOf looks at first
// alone, so that a side's actions still find their enemies there.
// standsScanMax is the most combatants a fight may have for stands to
// scan them rather than keep a roster.
const standsScanMax = 32

func (r *Run) stands(s addr) bool {
	if all := r.combP(); len(all) <= standsScanMax {
		sideAt := r.plan.lay.side
		for _, c := range all {
			if same(load[addr](c, sideAt), s) && r.inFightP(c) {
				return true
			}
		}
		return false
	}
	last := r.rosterLast
	n := len(r.rosterOf(s, true, false))
	r.rosterLast = last
	return n > 0
}

func (r *Run) pendingP(owner addr, label string) bool {
	if owner.isNil() {
		return false
	}
	i := load[int](owner, r.plan.lay.idx)
	r.walked(len(r.scheduled))
	for _, s := range r.scheduled {
		if s.owner == i && s.label == label {
			return true
		}
	}
	return false
}

// pickReasons are the roll reasons of pick, made once.
var pickReasons = func() []string {
	out := make([]string, 65)
	for i := range out {
		out[i] = "pick among " + strconv.Itoa(i)
	}
	return out
}()

func (r *Run) pickP(list []addr) (addr, error) {
	switch len(list) {
	case 0:
		return addr{}, nil
	case 1:
		return list[0], nil
	}
	k, err := r.pickIndex(len(list))
	if err != nil {
		return addr{}, err
	}
	return list[k], nil
}

// pickIndex rolls which of n (two or more) pick takes, from 0.
func (r *Run) pickIndex(n int) (int, error) {
	if r.quickDice != nil && n <= stdlib.MaxFaces {
		// A quick roll is neither logged nor described to a dice source
		// (Run.quickDice): no reason to name.
		k, err := r.die(n)
		return k - 1, err
	}
	prev := r.reason
	if n < len(pickReasons) {
		r.reason = pickReasons[n]
	} else {
		r.reason = "pick among " + strconv.Itoa(n)
	}
	var k int
	var err error
	if n <= stdlib.MaxFaces {
		k, err = r.die(n)
	} else {
		k, err = r.Roll(1, n)
	}
	r.reason = prev
	return k - 1, err
}

// walked counts a walk of n combatants (or scheduled blocks) toward the
// run's budget, a step for every stdlib.GridWorkPerStep of them, as the
// grid functions count their squares: members(s), enemies(c) or
// living(list) of a thousand combatants, or pending(c, label) among
// forty thousand scheduled blocks, in a loop is not one step's work
// each. The next statement's check stops the run if it is over (these
// walks have no error to give).
func (r *Run) walked(n int) {
	r.steps += n / stdlib.GridWorkPerStep
}
