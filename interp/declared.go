package interp

import (
	"fmt"
	"reflect"
)

// DeclaredInt reads a whole-number argument of what a combatant declared
// this round, so that a procedure can order or time actions by what was
// declared (a spell's casting time, a delay) before they resolve: the
// declared value, else the parameter's default evaluated for the
// combatant, else 0 when its action has no parameter of that name.
func (r *Run) DeclaredInt(c any, name string) (int, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return 0, err
	}
	d := r.declared[idxOf(cv)]
	if d == nil && r.m.Default != nil {
		d = &declared{action: r.plan.actions[r.m.Default]}
	}
	if d == nil {
		return 0, nil
	}
	a := d.action.a
	for j, p := range a.Params {
		if p.Name != name {
			continue
		}
		if p.Type.R.Kind() != reflect.Int {
			return 0, fmt.Errorf("parameter %s of action %s is not a whole number", name, a.Name)
		}
		if j < len(d.args) && d.args[j].IsValid() {
			return int(d.args[j].Int()), nil
		}
		if p.Default == nil {
			return 0, nil
		}
		// The default is evaluated as the action would: with self bound.
		fr := r.newFrame(a.Frame)
		fr.Elem().Field(a.Self.Index).Set(cv)
		v, err := r.eval(p.Default, fr)
		if err != nil {
			return 0, err
		}
		n, _ := toInt(v)
		return n, nil
	}
	return 0, nil
}
