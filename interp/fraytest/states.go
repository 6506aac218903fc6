package fraytest

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// states keeps what after_round and after_segment read: the fight as it
// stood when its log moved on from each round and from each segment of
// a round (the last state a log line of it saw, effects included), and
// at the end.
type states struct {
	te       *check.TestEnv
	lists    func() (reflect.Value, reflect.Value)
	started  bool
	round    int
	segment  int
	rounds   map[int]reflect.Value
	segments map[[2]int]reflect.Value
	final    reflect.Value
}

func newStates(te *check.TestEnv, lists func() (reflect.Value, reflect.Value)) *states {
	return &states{te: te, lists: lists, rounds: map[int]reflect.Value{}, segments: map[[2]int]reflect.Value{}}
}

// reset readies the states for the next fight of a property.
func (st *states) reset() {
	st.started = false
	clear(st.rounds)
	clear(st.segments)
}

// see is called with each event before it is kept: when the log moves
// to another segment or round, the one it leaves is kept as it stands.
func (st *states) see(e *interp.Event) {
	if st.started && (e.Round != st.round || e.Segment != st.segment) {
		snap := st.snapshot()
		st.segments[[2]int{st.round, st.segment}] = snap
		st.rounds[st.round] = snap
	}
	st.started, st.round, st.segment = true, e.Round, e.Segment
}

// end keeps the state the fight ended in, as that of its last segment
// and round too.
func (st *states) end() {
	st.final = st.snapshot()
	if st.started {
		st.segments[[2]int{st.round, st.segment}] = st.final
		st.rounds[st.round] = st.final
	}
}

// afterRound is after_round's value: a round the fight never reached
// is the final state.
func (st *states) afterRound(round int) reflect.Value {
	if v, ok := st.rounds[round]; ok {
		return v
	}
	return st.final
}

func (st *states) afterSegment(round, segment int) reflect.Value {
	if v, ok := st.segments[[2]int{round, segment}]; ok {
		return v
	}
	if round > st.round {
		return st.final
	}
	return reflect.Zero(st.te.State) // nil: the expectation reads nothing there
}

// snapshot copies every side and combatant, each combatant's side
// pointing at the copy of its side.
func (st *states) snapshot() reflect.Value {
	sides, comb := st.lists()
	v := reflect.New(st.te.State.Elem())
	sv := v.Elem().FieldByName(check.TestFieldSides)
	cv := v.Elem().FieldByName(check.TestFieldCombatants)
	if !sides.IsValid() || !comb.IsValid() { // before the fight is set up
		sides, comb = reflect.Zero(sv.Type()), reflect.Zero(cv.Type())
	}
	copies := map[uintptr]reflect.Value{}
	ns := reflect.MakeSlice(sv.Type(), sides.Len(), sides.Len())
	for i := 0; i < sides.Len(); i++ {
		old := sides.Index(i)
		cp := reflect.New(old.Type().Elem())
		cp.Elem().Set(old.Elem())
		copies[old.Pointer()] = cp
		ns.Index(i).Set(cp)
	}
	nc := reflect.MakeSlice(cv.Type(), comb.Len(), comb.Len())
	for i := 0; i < comb.Len(); i++ {
		old := comb.Index(i)
		cp := reflect.New(old.Type().Elem())
		cp.Elem().Set(old.Elem())
		if side := cp.Elem().Field(check.FieldSide); !side.IsNil() {
			if c, ok := copies[side.Pointer()]; ok {
				side.Set(c)
			}
		}
		nc.Index(i).Set(cp)
	}
	sv.Set(ns)
	cv.Set(nc)
	t := v.Elem().Type()
	for i := 0; i < t.NumField(); i++ {
		name := t.Field(i).Tag.Get("expr")
		if _, ok := st.te.Combatants[name]; ok {
			v.Elem().Field(i).Set(find(nc, name))
		} else if _, ok := st.te.Sides[name]; ok {
			v.Elem().Field(i).Set(find(ns, name))
		}
	}
	return v
}

// find is the entity of a list with that name.
func find(list reflect.Value, name string) reflect.Value {
	for i := 0; i < list.Len(); i++ {
		if p := list.Index(i); p.Elem().Field(check.FieldName).String() == name {
			return p
		}
	}
	return reflect.Zero(list.Type().Elem())
}
