package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// DeclaredInt reads a whole-number argument of what a combatant declared
// this round, so that a procedure can order or time actions by what was
// declared (a spell's casting time, a delay) before they resolve: the
// declared value, else the parameter's default evaluated for the
// combatant, else 0 when its action has no parameter of that name.
func (r *Run) DeclaredInt(c any, name string) (int, error) {
	v, err := r.declaredArg(c, name, reflect.Int, "a whole number")
	if err != nil || v == nil {
		return 0, err
	}
	n, _ := toInt(v)
	return n, nil
}

// DeclaredString reads a text argument of what a combatant declared this
// round (a spell's name, say) the same way: the declared value, else the
// parameter's default, else "" when its action has no such parameter.
func (r *Run) DeclaredString(c any, name string) (string, error) {
	v, err := r.declaredArg(c, name, reflect.String, "text")
	if err != nil || v == nil {
		return "", err
	}
	s, _ := v.(string)
	return s, nil
}

// DeclaredCombatant reads a combatant argument of what a combatant
// declared this round (whom it attacks, say) the same way: the declared
// combatant, else the parameter's default, else nil (none) when its
// action has no such parameter.
func (r *Run) DeclaredCombatant(c any, name string) (any, error) {
	v, err := r.declaredArg(c, name, reflect.Pointer, "a combatant")
	if err != nil || v == nil {
		return nil, err
	}
	rv := reflect.ValueOf(v)
	if rv.Type() != r.m.U.Combatant.R {
		return nil, fmt.Errorf("parameter %s is not a combatant", name)
	}
	if rv.IsNil() {
		return nil, nil
	}
	return v, nil
}

// declaredArg is the argument name of what c declared this round, of the
// given kind: the declared value, else the parameter's default, else nil.
func (r *Run) declaredArg(c any, name string, kind reflect.Kind, what string) (any, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	return r.declaredArgOf(addrOf(cv), name, kind, what)
}

// declaredIntP is DeclaredInt for the combatant at c (natively called).
func (r *Run) declaredIntP(c addr, name string) (int, error) {
	if c.isNil() {
		return 0, errNobody
	}
	v, err := r.declaredArgOf(c, name, reflect.Int, "a whole number")
	n, _ := v.(int)
	return n, err
}

// declaredArgOf is declaredArg for the combatant at c.
func (r *Run) declaredArgOf(c addr, name string, kind reflect.Kind, what string) (any, error) {
	d := r.declared[load[int](c, r.plan.lay.idx)]
	var byDefault declared
	if d == nil && r.m.Default != nil {
		byDefault.action = r.plan.actions[r.m.Default]
		d = &byDefault
	}
	// With several declarations (slots.go), the first whose action has
	// a parameter of that name answers: "stand_up then cast(segments =
	// 3)" declares a casting time of 3.
	walked := 0
	for d != nil && d.next != nil && !hasParam(d.action.a, name) {
		d = d.next
		walked++
	}
	if err := r.Work(walked / 8); err != nil { // a step for every 8, as declares()
		return nil, err
	}
	if d == nil {
		return nil, nil
	}
	a := d.action.a
	for j, p := range a.Params {
		if p.Name != name {
			continue
		}
		if p.Type.R.Kind() != kind {
			return nil, fmt.Errorf("parameter %s of action %s is not %s", name, a.Name, what)
		}
		if j < len(d.args) && d.args[j].IsValid() {
			return d.args[j].Interface(), nil
		}
		if p.Default == nil {
			return nil, nil
		}
		// The default is evaluated as the action would (its planned
		// form, actionPlan.defaults): with self bound, into the
		// parameter's place in a frame of the action's pool.
		ap := d.action
		fr, base := r.frameAtP(ap.fid)
		if ct := r.plan.M.U.Combatant.R; ap.self.ok && ap.self.t == ct {
			store(base, ap.self.off, c)
		} else {
			setField(fr, a.Self.Index, ptrValue(r.plan.combPtr, c))
		}
		var at addr
		if s := ap.params[j]; s.ok {
			at = fieldAt(base, s.off)
		} else {
			at = addrOfVar(fr.Elem().Field(p.Field.Index))
		}
		if err := ap.defaults[j](r, base, at); err != nil {
			return nil, err
		}
		var v any
		if kind == reflect.Int && ap.params[j].ok && ap.params[j].t == intT {
			v = load[int](at, 0)
		} else {
			v = fr.Elem().Field(p.Field.Index).Interface()
		}
		r.releaseAtP(ap.fid, fr, base)
		return v, nil
	}
	return nil, nil
}

// hasParam reports whether action a has a parameter of that name.
func hasParam(a *check.Action, name string) bool {
	for _, p := range a.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}
