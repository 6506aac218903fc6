package fraytest

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// states keeps what after_round and after_segment read: the fight as it
// stood when its log moved on from each round and from each segment of
// a round (the last state a log line of it saw, effects included), and
// at the end.
//
// A copy of every side and combatant at every segment the log passes
// grows with the fight's length times its crowd: 100 000 rounds of a
// thousand combatants, each a short log line, were some 10^8 copies
// (past 30 s, held at the memory limit). The copies a fight keeps are
// bounded by statesPerLogByte times --max-log, in bytes; past it the
// states stop and the test fails, naming the flag.
type states struct {
	te       *check.TestEnv
	lists    func() (reflect.Value, reflect.Value)
	started  bool
	round    int
	segment  int
	rounds   map[int]reflect.Value
	segments map[[2]int]reflect.Value
	final    reflect.Value
	budget   int // bytes the copies may take (statesPerLogByte * --max-log)
	used     int
	over     bool // the copies reached budget: the states are incomplete
}

// statesPerLogByte is the bytes of copies a fight's states may keep for
// each byte --max-log allows its log (64 MiB at the default 16 MiB).
const statesPerLogByte = 4

func newStates(te *check.TestEnv, maxLog int, lists func() (reflect.Value, reflect.Value)) *states {
	if maxLog <= 0 {
		maxLog = interp.DefaultMaxLog
	}
	return &states{te: te, lists: lists, rounds: map[int]reflect.Value{}, segments: map[[2]int]reflect.Value{},
		budget: satMul(maxLog, statesPerLogByte)}
}

func satMul(a, b int) int {
	if a > (1<<62)/b {
		return 1 << 62
	}
	return a * b
}

// reset readies the states for the next fight of a property.
func (st *states) reset() {
	st.started, st.used, st.over = false, 0, false
	clear(st.rounds)
	clear(st.segments)
}

// err is the failure of a fight whose states passed their budget.
func (st *states) err() error {
	if !st.over {
		return nil
	}
	return fmt.Errorf("after_round and after_segment keep a copy of every side and combatant at each segment of the log, and this fight's copies passed %d bytes (%d times --max-log); raise it with --max-log", st.budget, statesPerLogByte)
}

// see is called with each event before it is kept: when the log moves
// to another segment or round, the one it leaves is kept as it stands.
func (st *states) see(e *interp.Event) {
	if st.started && !st.over && (e.Round != st.round || e.Segment != st.segment) {
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
	if st.started && !st.over {
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
	// What the copy takes: each entity's struct and its pointer, and the
	// two map entries that keep the snapshot.
	st.used += sides.Len()*(int(sv.Type().Elem().Elem().Size())+8) + comb.Len()*(int(cv.Type().Elem().Elem().Size())+8) + 128
	if st.used > st.budget {
		st.over = true
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
	// Each name's field is set from an index of the copies by name (a
	// search of the list for each name was a thousand squared string
	// comparisons a snapshot in a fight of a thousand).
	combs, sidesByName := byName(nc), byName(ns)
	t := v.Elem().Type()
	for i := 0; i < t.NumField(); i++ {
		name := t.Field(i).Tag.Get("expr")
		if _, ok := st.te.Combatants[name]; ok {
			if p, ok := combs[name]; ok {
				v.Elem().Field(i).Set(p)
			}
		} else if _, ok := st.te.Sides[name]; ok {
			if p, ok := sidesByName[name]; ok {
				v.Elem().Field(i).Set(p)
			}
		}
	}
	return v
}

// byName indexes the entities of a list by name; the first of a name
// is kept, as a search from the start finds it.
func byName(list reflect.Value) map[string]reflect.Value {
	m := make(map[string]reflect.Value, list.Len())
	for i := 0; i < list.Len(); i++ {
		p := list.Index(i)
		name := p.Elem().Field(check.FieldName).String()
		if _, ok := m[name]; !ok {
			m[name] = p
		}
	}
	return m
}
