package interp

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Several declarations a round, held declarations and choice points
// (language v2, issue #16 item 5; dsl/check/slots.go, docs/actions.md).
//
// A combatant's declarations of a round are a chain (declared.next) in
// the order its script line gives them; r.declared holds the first, so
// c.action, declared_int and declared_string read the first
// declaration as before. "act c" performs every declaration that is not
// held, in order, stopping when the combatant leaves the fight; "act
// held c" performs the first held one not yet performed. Nothing here
// runs for a combatant with one declaration that is not held: act tests
// d.next and d.held and goes on as before.

// KChoice is the kind of the log line of a choice point's answer.
const KChoice = "choice"

// actAll performs a chain of declarations, the held ones left for "act
// held".
func (r *Run) actAll(cp addr, ct reflect.Type, d *declared) error {
	first := true
	for ; d != nil; d = d.next {
		if d.held {
			continue
		}
		// Standing up then attacking: a blow that felled the combatant
		// in between (a reaction, say) ends its turn.
		if !first && !r.inFightP(cp) {
			return nil
		}
		first = false
		if err := r.perform(cp, ct, d); err != nil {
			return err
		}
	}
	return nil
}

// act held WHO: the combatant performs its held declaration now, out of
// turn (from a reaction, say); nothing if it holds none. With arguments
// (act held WHO with NAME = EXPR, ...), each takes the place of the
// one the script gave, read in the statement's frame once the held
// declaration is found (none is read if there is none).
func (p *Plan) compileActHeld(at diag.Range, who *check.CExpr, with []*syntax.HeldArg) stmtFn {
	find := p.somebody(who)
	var args []heldArg
	for _, a := range with {
		args = append(args, heldArg{name: a.Name.Text, at: syntax.RangeOf(a.Name.Pos, a.Name.EndPos), value: p.value(p.expr(a.Value))})
	}
	return func(r *Run, base addr) (flow, error) {
		r.reason = "act held"
		cp, ct, err := find(r, base)
		if err != nil {
			return flowNext, err
		}
		return flowNext, r.actHeld(at, cp, ct, args, base)
	}
}

// heldArg is one argument of act held: the parameter it sets, where it
// is written, and its value.
type heldArg struct {
	name  string
	at    diag.Range
	value valueFn
}

// withArgs is the held declaration d with the arguments of act held in
// place of its own: a copy, d itself stays as the script declared it.
func (r *Run) withArgs(d *declared, args []heldArg, base addr) (*declared, error) {
	a := d.action.a
	nd := *d
	nd.args = make([]reflect.Value, len(a.Params))
	copy(nd.args, d.args)
	for _, h := range args {
		i := slices.IndexFunc(a.Params, func(p *check.ParamInfo) bool { return p.Name == h.name })
		if i < 0 {
			return nil, &RunError{At: h.at, Msg: fmt.Sprintf("the held declaration is %s, which has no parameter %s", a.Name, h.name)}
		}
		r.reason = h.name
		v, err := h.value(r, base)
		if err != nil {
			return nil, err
		}
		dst := reflect.New(a.Params[i].Type.R).Elem()
		if err := r.store(dst, v, h.at); err != nil {
			return nil, err
		}
		nd.args[i] = dst
	}
	return &nd, nil
}

func (r *Run) actHeld(at diag.Range, cp addr, ct reflect.Type, args []heldArg, base addr) error {
	if cp.isNil() {
		return &RunError{At: at, Msg: "act held needs a combatant, found nobody"}
	}
	if !r.inFightP(cp) {
		return nil
	}
	d := r.heldOf(load[int](cp, r.plan.lay.idx))
	if d == nil {
		return nil
	}
	if len(r.conds) > 0 { // conditions.go
		if k := r.cannotAct(cp); k != nil {
			r.skipAct(cp, k)
			return nil
		}
	}
	d.done = true // performed once, even if its body fails
	if len(args) > 0 {
		var err error
		if d, err = r.withArgs(d, args, base); err != nil {
			return err
		}
	}
	return r.perform(cp, ct, d)
}

// heldOf is the first held declaration of combatant i not yet performed.
func (r *Run) heldOf(i int) *declared {
	walked := 0
	defer func() { r.steps += walked / 8 }() // a line of thousands of declarations, asked in a loop
	for d := r.declared[i]; d != nil; d = d.next {
		walked++
		if d.held && !d.done {
			return d
		}
	}
	return nil
}

// Declares is declares(c, action) (stdlib.DeclarationWorld).
func (r *Run) Declares(c any, action string) (bool, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return false, err
	}
	d := r.declared[idxOf(cv)]
	if d == nil {
		d = r.defaultDecl()
	}
	// The walk counts a step for every 8 declarations: a script line
	// of 50 000 of them, asked about in a loop, is work like any other.
	walked := 0
	for ; d != nil; d = d.next {
		walked++
		if d.action.a.Name == action {
			break
		}
	}
	if err := r.Work(walked / 8); err != nil {
		return false, err
	}
	return d != nil, nil
}

// Holding is holding(c) (stdlib.DeclarationWorld).
func (r *Run) Holding(c any) (bool, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return false, err
	}
	return r.heldOf(idxOf(cv)) != nil, nil
}

// choose answers a choice point for the combatant args[0]: the
// encounter's answer for it this round, else the default policy; the
// log says which.
func (r *Run) choose(f *check.Func, args []any) (any, error) {
	cv, err := ptrOf(args[0])
	if err != nil {
		r.callFailed = true
		return nil, fmt.Errorf("choice %s: made by nobody", f.Name)
	}
	who := nameOf(cv)
	var v any
	by := ""
	for _, a := range r.enc.Choices[r.round] {
		if a.Func == f && a.Who == who {
			v, by = a.Value, "script"
			if err := r.Work(1); err != nil {
				r.callFailed = true
				return nil, err
			}
			break
		}
	}
	if by == "" {
		if v, err = r.callExpr(f, args); err != nil {
			return nil, err
		}
		by = "default"
	}
	if !r.quiet() {
		how := "by default"
		if by == "script" {
			how = "script"
		}
		// A choice the script answered is said at the table; one left to
		// the default policy is a detail of -v (and of JSON and tests).
		r.emitLog(&Event{Kind: KChoice, Who: who, Name: f.Name, Args: map[string]any{"value": v, "by": by}, detail: by == "default",
			Text:    fmt.Sprintf("%s chooses %s: %s (%s)", who, readable(f.Name), quoteArg(v), how),
			verbose: fmt.Sprintf("%s chooses %s: %s (%s)", who, f.Name, quoteArg(v), how)})
	}
	return v, nil
}
