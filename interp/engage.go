package interp

import (
	"reflect"
	"sort"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Engagement: which combatants are in melee with which, kept by the
// engine for rulesets with or without a map. `engage a with b` records
// the pair, `disengage a from b` drops it and `disengage a` drops every
// pair of a; engaged(a, b) and engaged_with(a) read them (World). A pair
// is dropped as soon as either combatant leaves the fight (whatever makes
// inFightP false: death, not yet arrived, and any later state the engine
// keeps), so a rule never finds a dead foe still engaged; engaging a
// combatant out of the fight records nothing. The statements print
// nothing: a rule logs what its reader should see.

// engagedPair is one pair in melee, a before b in the run's order.
type engagedPair struct{ a, b addr }

type engageNode struct {
	at   diag.Range
	who  *check.CExpr
	with *check.CExpr // nil: disengage from everyone
	off  bool         // disengage
}

// compileEngage compiles engage WHO with WITH, disengage WHO [from WITH].
func (p *Plan) compileEngage(n *engageNode) stmtFn {
	pt := p.curPtr()
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

func (n *engageNode) run(r *Run, fr reflect.Value) (flow, error) {
	r.world++ // engaged and engaged_with read what this changes
	word := "engage"
	if n.off {
		word = "disengage"
	}
	r.reason = word
	a, err := n.combatant(r, fr, n.who, word)
	if err != nil {
		return flowNext, err
	}
	if n.with == nil {
		r.disengageAll(a)
		return flowNext, nil
	}
	b, err := n.combatant(r, fr, n.with, word)
	if err != nil {
		return flowNext, err
	}
	if same(a, b) {
		return flowNext, &RunError{At: n.at, Msg: nameAt(a) + " cannot " + word + " itself"}
	}
	if n.off {
		r.disengage(a, b)
	} else {
		r.engage(a, b)
	}
	return flowNext, nil
}

func (n *engageNode) combatant(r *Run, fr reflect.Value, e *check.CExpr, word string) (addr, error) {
	v, err := r.eval(e, fr)
	if err != nil {
		return addr{}, err
	}
	c := reflect.ValueOf(v)
	if !c.IsValid() || c.Kind() != reflect.Pointer || c.IsNil() {
		return addr{}, &RunError{At: n.at, Msg: word + " needs a combatant, found nobody"}
	}
	return addrOf(c), nil
}

// pairKey is a pair's key in Run.engagedSet: its combatants' indexes.
func (r *Run) pairKey(p engagedPair) [2]int {
	idx := r.plan.lay.idx
	return [2]int{load[int](p.a, idx), load[int](p.b, idx)}
}

// pairOf orders two combatants as a pair keeps them.
func (r *Run) pairOf(a, b addr) engagedPair {
	if idx := r.plan.lay.idx; load[int](b, idx) < load[int](a, idx) {
		a, b = b, a
	}
	return engagedPair{a, b}
}

func (r *Run) engage(a, b addr) {
	if !r.inFightP(a) || !r.inFightP(b) {
		return
	}
	// The pairs are found by key, not by a walk of them all: a thousand
	// combatants each engaged with every other (half a million pairs)
	// walked the pairs made so far at each engage, uncounted: hours.
	p := r.pairOf(a, b)
	k := r.pairKey(p)
	if _, ok := r.engagedSet[k]; ok {
		return
	}
	if r.engagedSet == nil {
		r.engagedSet = map[[2]int]struct{}{}
	}
	r.engagedSet[k] = struct{}{}
	r.engaged = append(r.engaged, p)
}

func (r *Run) disengage(a, b addr) {
	p := r.pairOf(a, b)
	if _, ok := r.engagedSet[r.pairKey(p)]; !ok {
		return
	}
	r.dropEngaged(func(q engagedPair) bool { return same(q.a, p.a) && same(q.b, p.b) })
}

func (r *Run) disengageAll(a addr) {
	r.dropEngaged(func(q engagedPair) bool { return same(q.a, a) || same(q.b, a) })
}

// pruneEngaged drops the pairs with a combatant out of the fight; the
// rosters call it whenever who is in the fight may have changed.
func (r *Run) pruneEngaged() {
	if len(r.engaged) > 0 {
		r.dropEngaged(func(q engagedPair) bool { return !r.inFightP(q.a) || !r.inFightP(q.b) })
	}
}

// dropEngaged walks the pairs, a step for every 8 (the walk of a
// fight's list, as living's).
func (r *Run) dropEngaged(drop func(engagedPair) bool) {
	r.steps += len(r.engaged) / 8
	kept := r.engaged[:0]
	for _, q := range r.engaged {
		if !drop(q) {
			kept = append(kept, q)
		} else {
			delete(r.engagedSet, r.pairKey(q))
		}
	}
	clear(r.engaged[len(kept):])
	r.engaged = kept
}

// Engaged reports whether two combatants are engaged with each other.
func (r *Run) Engaged(a, b any) (bool, error) {
	av, err := ptrOf(a)
	if err != nil {
		return false, err
	}
	bv, err := ptrOf(b)
	if err != nil {
		return false, err
	}
	if av.IsNil() || bv.IsNil() {
		return false, nil
	}
	_, ok := r.engagedSet[r.pairKey(r.pairOf(addrOf(av), addrOf(bv)))]
	return ok, nil
}

// EngagedWith are the combatants engaged with c, in the run's order.
func (r *Run) EngagedWith(c any) (any, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	x := addrOf(cv)
	start := len(r.scratch)
	r.steps += len(r.engaged) / 8 // as dropEngaged
	for _, q := range r.engaged {
		switch {
		case same(q.a, x):
			r.scratch = append(r.scratch, q.b)
		case same(q.b, x):
			r.scratch = append(r.scratch, q.a)
		}
	}
	found := r.scratch[start:]
	idx := r.plan.lay.idx
	sort.Slice(found, func(i, j int) bool { return load[int](found[i], idx) < load[int](found[j], idx) })
	return r.listResult(r.combList.Type(), start, found), nil
}
