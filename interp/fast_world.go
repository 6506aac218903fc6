package interp

import (
	"errors"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// The world functions on combatant and side lists, written once over
// raw pointers to the run's structs. The expr VM reaches them through the
// stdlib.World methods in world.go, which convert their lists; native
// expressions call them directly, with results in the run's scratch
// space.

// layout is where the built-in attributes sit in the ruleset's structs.
type layout struct {
	side, alive, present, idx uintptr // combatant fields
}

func newLayout(u *check.Universe) layout {
	c := u.Combatant.R.Elem()
	idx, _ := c.FieldByName(check.HiddenIndexField)
	return layout{side: c.Field(check.FieldSide).Offset, alive: c.Field(check.FieldAlive).Offset,
		present: c.Field(check.FieldPresent).Offset, idx: idx.Offset}
}

var errNobody = errors.New("expected a combatant or side, found nobody")

// inFightP: the combatant is alive and present (it has arrived).
func (r *Run) inFightP(c unsafe.Pointer) bool {
	return *(*bool)(unsafe.Add(c, r.plan.lay.alive)) && *(*bool)(unsafe.Add(c, r.plan.lay.present))
}

// pointers views a list value ([]*T) as raw pointers, without copying.
func pointers(v reflect.Value) []unsafe.Pointer {
	if v.Len() == 0 {
		return nil
	}
	return unsafe.Slice((*unsafe.Pointer)(v.UnsafePointer()), v.Len())
}

// listView caches the raw view of one of the run's lists; lists is
// the Run.lists it was made for.
type listView struct {
	lists uint64
	p     []unsafe.Pointer
}

func (v *listView) get(list reflect.Value, lists uint64) []unsafe.Pointer {
	if v.lists != lists || lists == 0 {
		v.lists, v.p = lists, pointers(list)
	}
	return v.p
}

func (r *Run) combP() []unsafe.Pointer  { return r.combView.get(r.combList, r.lists) }
func (r *Run) sidesP() []unsafe.Pointer { return r.sideView.get(r.sideList, r.lists) }

// keep appends to the scratch space; a list is what was kept since start.
func (r *Run) list(start int) []unsafe.Pointer {
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
func (r *Run) relatedP(x unsafe.Pointer, rel int, living bool) []unsafe.Pointer {
	start := len(r.scratch)
	r.scratch = r.appendRelated(r.scratch, x, rel, living)
	return r.list(start)
}

// appendRelated appends the combatants related to x to list.
func (r *Run) appendRelated(list []unsafe.Pointer, x unsafe.Pointer, rel int, living bool) []unsafe.Pointer {
	lay := &r.plan.lay
	sideAt, alive, pres := lay.side, lay.alive, lay.present
	side := x
	if rel != relMembers {
		side = *(*unsafe.Pointer)(unsafe.Add(x, sideAt))
	}
	in := func(c unsafe.Pointer) bool {
		return !living || *(*bool)(unsafe.Add(c, alive)) && *(*bool)(unsafe.Add(c, pres))
	}
	all := r.combP()
	switch rel {
	case relMembers:
		for _, c := range all {
			if *(*unsafe.Pointer)(unsafe.Add(c, sideAt)) == side && in(c) {
				list = append(list, c)
			}
		}
	case relEnemies:
		for _, c := range all {
			if *(*unsafe.Pointer)(unsafe.Add(c, sideAt)) != side && in(c) {
				list = append(list, c)
			}
		}
	default:
		for _, c := range all {
			if *(*unsafe.Pointer)(unsafe.Add(c, sideAt)) == side && c != x && in(c) {
				list = append(list, c)
			}
		}
	}
	return list
}

// livingList is the list of the living enemies of one side's
// combatants as they stood when world was as kept. Whatever changes who
// is alive, present or on which side bumps world (Plan.mayChangeEnd
// counts those three among what the end condition reads), so while
// world stands the list stands.
type livingList struct {
	side  unsafe.Pointer // nil: a free entry, with its storage
	world int
	p     []unsafe.Pointer
}

// livingEnemiesP is relatedP(x, relEnemies, true), kept per side while
// world stands: a combatant's foes are listed once between two changes
// of who is alive, not at every act. The list is only read (pickP).
func (r *Run) livingEnemiesP(x unsafe.Pointer) []unsafe.Pointer {
	side := *(*unsafe.Pointer)(unsafe.Add(x, r.plan.lay.side))
	free := -1
	for i := range r.enemies {
		e := &r.enemies[i]
		switch {
		case e.side == side:
			if e.world != r.world {
				e.p, e.world = r.appendRelated(e.p[:0], x, relEnemies, true), r.world
			}
			return e.p
		case e.side == nil && free < 0:
			free = i
		}
	}
	if free < 0 {
		r.enemies = append(r.enemies, livingList{})
		free = len(r.enemies) - 1
	}
	e := &r.enemies[free]
	e.side, e.world, e.p = side, r.world, r.appendRelated(e.p[:0], x, relEnemies, true)
	return e.p
}

// forgetEnemies empties the kept lists of enemies, keeping their storage:
// a new fight has new combatants, and world goes on counting.
func (r *Run) forgetEnemies() {
	for i := range r.enemies {
		r.enemies[i].side = nil
	}
}

func (r *Run) membersP(side unsafe.Pointer) []unsafe.Pointer {
	return r.relatedP(side, relMembers, false)
}

func (r *Run) enemiesP(c unsafe.Pointer) []unsafe.Pointer {
	return r.relatedP(c, relEnemies, false)
}

func (r *Run) alliesP(c unsafe.Pointer) []unsafe.Pointer {
	return r.relatedP(c, relAllies, false)
}

func (r *Run) enemySidesP(s unsafe.Pointer) []unsafe.Pointer {
	start := len(r.scratch)
	for _, x := range r.sidesP() {
		if x != s {
			r.scratch = append(r.scratch, x)
		}
	}
	return r.list(start)
}

func (r *Run) livingP(list []unsafe.Pointer) []unsafe.Pointer {
	start := len(r.scratch)
	for _, c := range list {
		if c != nil && r.inFightP(c) {
			r.scratch = append(r.scratch, c)
		}
	}
	return r.list(start)
}

func (r *Run) standingP(sides []unsafe.Pointer) []unsafe.Pointer {
	start := len(r.scratch)
	all := r.combP()
	for _, s := range sides {
		if r.stands(s, all) {
			r.scratch = append(r.scratch, s)
		}
	}
	return r.list(start)
}

// standingCount is len(standingP(sides)), without the list.
func (r *Run) standingCount(sides []unsafe.Pointer) int {
	n := 0
	all := r.combP()
	for _, s := range sides {
		if r.stands(s, all) {
			n++
		}
	}
	return n
}

// stands reports whether side s has a member among all that is alive
// and present.
func (r *Run) stands(s unsafe.Pointer, all []unsafe.Pointer) bool {
	sideAt, alive, pres := r.plan.lay.side, r.plan.lay.alive, r.plan.lay.present
	for _, c := range all {
		if *(*unsafe.Pointer)(unsafe.Add(c, sideAt)) == s && *(*bool)(unsafe.Add(c, alive)) && *(*bool)(unsafe.Add(c, pres)) {
			return true
		}
	}
	return false
}

func (r *Run) pendingP(owner unsafe.Pointer, label string) bool {
	if owner == nil {
		return false
	}
	i := *(*int)(unsafe.Add(owner, r.plan.lay.idx))
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

func (r *Run) pickP(list []unsafe.Pointer) (unsafe.Pointer, error) {
	switch len(list) {
	case 0:
		return nil, nil
	case 1:
		return list[0], nil
	}
	k, err := r.pickIndex(len(list))
	if err != nil {
		return nil, err
	}
	return list[k], nil
}

// pickIndex rolls which of n (two or more) pick takes, from 0.
func (r *Run) pickIndex(n int) (int, error) {
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

// eface is the layout of an interface{} value.
type eface struct {
	typ, data unsafe.Pointer
}

// sameType is a == b for reflect types without the runtime's call for
// comparing interfaces: every reflect.Type is a *rtype, the same type
// the same pointer, so the data words decide.
func sameType(a, b reflect.Type) bool {
	return (*eface)(unsafe.Pointer(&a)).data == (*eface)(unsafe.Pointer(&b)).data
}

// typeWord is the type word of interface values of a pointer type.
func typeWord(t reflect.Type) unsafe.Pointer {
	v := reflect.Zero(t).Interface()
	return (*eface)(unsafe.Pointer(&v)).typ
}

// boxPtr makes the interface value of a *T from its type word, as
// reflect would, without reflect's look-ups.
func boxPtr(typ, p unsafe.Pointer) any {
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = typ, p
	return v
}

// boxList copies raw pointers into a new []*T value of the list type t.
func boxList(t reflect.Type, list []unsafe.Pointer) reflect.Value {
	out := reflect.MakeSlice(t, len(list), len(list))
	copy(pointers(out), list)
	return out
}
