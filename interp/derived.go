package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Derived attributes (check/derived.go) are stored like any attribute
// and recomputed, in declaration order, when a combatant is set up and
// after every assignment to an attribute one of them reads: readers,
// native or in the VM, load a field that is always current. An
// assignment whose target the plan cannot name (a combatant found only
// while running) recomputes every combatant's.

// derivedPlan is one derived attribute, planned.
type derivedPlan struct {
	attr  *check.Attr
	at    diag.Range // its declaration, where a failure or the budget is placed
	field int        // its index in the combatant struct
	fid   int        // the frame ID of its expression's frame
	self  int        // self's index in that frame
}

// derivedPlans are a ruleset's derived attributes; nil when it has none.
type derivedPlans struct {
	attrs []derivedPlan
	// after are, by combatant field, the derived attributes (indexes of
	// attrs, in declaration order) an assignment to it changes: those
	// that read it and those that read one of them. Only they are
	// recomputed (a ruleset whose armour class reads the defence mode set
	// every round recomputed its ability modifiers too: the homebrew
	// mindwar).
	after [][]int
	// names are the attributes some derived attribute reads, and the
	// derived attributes themselves, by name: what an assignment whose
	// target is found only while running may change (deriveEffect; one
	// to a derived attribute is undone by recomputing it, as before).
	names map[string]bool
}

// planDerived plans the derived attributes of the ruleset.
func (p *Plan) planDerived() {
	var d derivedPlans
	cattrs := p.M.U.CombatantAttrs
	for _, a := range cattrs {
		if a.Derived == nil {
			continue
		}
		d.attrs = append(d.attrs, derivedPlan{attr: a, at: syntax.RangeOf(a.Decl.Pos, a.Decl.EndPos), field: a.Field, fid: p.frameID(a.Derived.Frame), self: a.Derived.Self.Index})
		if d.names == nil {
			d.names = map[string]bool{}
		}
		d.names[a.Name] = true
		for _, name := range a.Derived.Reads {
			d.names[name] = true
		}
	}
	if len(d.attrs) == 0 {
		return
	}
	d.after = make([][]int, len(cattrs))
	for _, src := range cattrs {
		changed := map[string]bool{src.Name: true}
		for i, dp := range d.attrs {
			for _, name := range dp.attr.Derived.Reads {
				if changed[name] {
					d.after[src.Field] = append(d.after[src.Field], i)
					changed[dp.attr.Name] = true // those declared after it may read it
					break
				}
			}
		}
	}
	p.derived = &d
}

// What an assignment does to derived attributes.
const (
	deriveNone   = iota // it sets nothing a derived attribute reads
	deriveHolder        // it sets a source of the combatant it reaches
	deriveAll           // it may: its target is found only while running
)

// deriveEffect is what an assignment to t, along tp, does to derived
// attributes. A target found only while running (x.quarry = y with x
// from first(sortBy(...)), typed any) still names its attribute: if no
// derived attribute reads one of that name, it changes none, and every
// combatant's need not be recomputed (the chase homebrew spent 8% of a
// fight there, on attributes no derived one reads).
func (p *Plan) deriveEffect(t *check.Target, tp targetPath) int {
	switch {
	case p.derived == nil:
		return deriveNone
	case !tp.ok && len(t.Dynamic) > 0 && !p.derived.names[t.Dynamic[len(t.Dynamic)-1]]:
		return deriveNone
	case !tp.ok:
		return deriveAll
	case tp.holder == p.M.U.Combatant.R && tp.field < len(p.derived.after) && len(p.derived.after[tp.field]) > 0:
		return deriveHolder
	}
	return deriveNone
}

// deriveAfter recomputes after an assignment with the given effect that
// stored into field of the struct at holder.
func (r *Run) deriveAfter(effect int, holder addr, field int) error {
	if effect == deriveHolder {
		return r.recomputeOf(ptrValue(r.plan.combPtr, holder), r.plan.derived.after[field])
	}
	return r.recomputeAll()
}

// recomputeAll recomputes the derived attributes of every combatant.
func (r *Run) recomputeAll() error {
	if r.plan.derived == nil {
		return nil
	}
	for _, c := range r.comb {
		if err := r.recompute(c); err != nil {
			return err
		}
	}
	return nil
}

// recompute evaluates the derived attributes of combatant c (a pointer),
// in declaration order, so that one may read those before it.
func (r *Run) recompute(c reflect.Value) error { return r.recomputeOf(c, nil) }

// recomputeOf evaluates the derived attributes of c whose indexes are
// only (in declaration order), or all of them when only is nil.
func (r *Run) recomputeOf(c reflect.Value, only []int) error {
	d := r.plan.derived
	if d == nil || c.IsNil() {
		return nil
	}
	reason := r.reason
	defer func() { r.reason = reason }()
	r.world++ // the end condition may read a derived attribute
	n := len(d.attrs)
	if only != nil {
		n = len(only)
	}
	for k := range n {
		i := k
		if only != nil {
			i = only[k]
		}
		dp := &d.attrs[i]
		at := dp.at
		// Each attribute is a step: thousands of them, recomputed after
		// every assignment in a loop, would otherwise be uncounted work.
		if r.overSteps() {
			return r.tooManySteps(at)
		}
		fr := r.frameAt(dp.fid)
		fr.Elem().Field(dp.self).Set(c)
		r.reason = dp.attr.Name
		v, err := r.eval(dp.attr.Derived.Expr, fr)
		r.releaseAt(dp.fid, fr)
		if err == nil && len(r.conds) > 0 {
			v, err = r.adjust(c, dp.attr, v) // conditions.go
		}
		if err != nil {
			return err
		}
		if err := r.store(c.Elem().Field(dp.field), v, at); err != nil {
			return err
		}
	}
	return nil
}
