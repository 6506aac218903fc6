package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// apply TABLE[(KEYS)] to TARGET: the table rolled (or its keys looked
// up), the row logged, and the row's effect run against the target in
// a frame of its own, nested as events and actions are (--max-nesting).

type applyNode struct {
	at     diag.Range
	table  *check.Table
	keys   []*check.CExpr // none: roll the table's dice
	target *check.CExpr
	why    string             // "apply TABLE", the reason of its rolls
	fids   map[*check.Row]int // the frame of each row's effect
}

// apply TABLE[(KEYS)] to TARGET rolls the table (or looks its keys up),
// logs the row and runs the row's effect against the target.
func (p *Plan) compileApply(n *applyNode) stmtFn {
	pt := p.curPtr()
	n.why = "apply " + n.table.Name
	n.fids = map[*check.Row]int{}
	for _, row := range n.table.Rows {
		if row.Effect != nil {
			n.fids[row] = p.frameID(row.EffectFrame)
		}
	}
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

func (n *applyNode) run(r *Run, fr reflect.Value) (flow, error) {
	r.reason = n.why
	v, err := r.eval(n.target, fr)
	if err != nil {
		return flowNext, err
	}
	c := reflect.ValueOf(v)
	if !c.IsValid() || c.IsNil() {
		return flowNext, &RunError{At: n.at, Msg: "apply needs a combatant, found nobody"}
	}
	var keys []any
	for _, k := range n.keys {
		r.reason = n.why
		kv, err := r.eval(k, fr)
		if err != nil {
			return flowNext, err
		}
		keys = append(keys, kv)
	}
	_, row, err := r.tableRow(n.table, keys, len(n.keys) == 0, nameOf(c))
	if err != nil {
		if _, ok := err.(*RunError); ok {
			return flowNext, err
		}
		return flowNext, &RunError{At: n.at, Msg: err.Error()}
	}
	if row == nil || row.Effect == nil {
		return flowNext, nil
	}
	// An effect may apply a table in turn (its own, even): the depth is
	// bounded like that of events and actions.
	if r.nesting >= r.opt.MaxNesting {
		return flowNext, &RunError{At: n.at, Msg: r.tooDeep("tables, actions and events are nested more than %d deep: an effect that applies, in the end, its own table?")}
	}
	// The effect's frame comes from its pool (its locals zeroed) and
	// goes back when the effect is done.
	fid := n.fids[row]
	ef, eb := r.frameAtP(fid)
	setField(ef, row.Target.Index, c)
	b := r.plan.effects[row]
	r.nesting++
	_, err = r.runBlock(&b, eb)
	r.nesting--
	if err == nil {
		r.releaseAtP(fid, ef, eb)
	}
	return flowNext, err
}
