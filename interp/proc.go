package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Procedures (language v2): fns with a statement body (check/proc.go).
// A procedure's body is lowered once, like an action's, and runs in a
// frame of its own lent by the frame pools. Two ways in:
//   - from an expression: natively (fast_proc.go) when the procedure's
//     result and arguments have native forms, else through Run.Call as
//     every fn called by the VM (callProc); both run the same lowered
//     body, in the same order, since both evaluate left to right;
//   - from the statement "call NAME(args)", which evaluates the
//     arguments into the frame by offset, as emit does.
// Each call counts as a step of work and nests: a procedure that calls
// itself without end stops at --max-nesting, at the call.

type procPlan struct {
	f      *check.Func
	body   block
	fid    int
	params []slot
	result int // the field of the hidden result local, -1 without a result
}

// planProcs makes every procedure's plan before any body is lowered, so
// that every body (a handler's too) may call any procedure, itself
// included; lowerProcs lowers their bodies once the events are planned.
func (p *Plan) planProcs() {
	p.procs = map[*check.Func]*procPlan{}
	for _, f := range p.M.Funcs {
		if f.Block == nil {
			continue
		}
		pp := &procPlan{f: f, fid: p.frameID(f.Frame), result: -1}
		for _, prm := range f.Params {
			pp.params = append(pp.params, slotIn(f.Frame, prm.Field.Index, nil))
		}
		if f.ResultField != nil {
			pp.result = f.ResultField.Index
		}
		p.procs[f] = pp
	}
}

// lowerProcs lowers the procedures' bodies.
func (p *Plan) lowerProcs() {
	for _, pp := range p.procs {
		pp.body = p.blockIn(pp.f.Frame, pp.f.Block)
	}
}

// return EXPR: the value is stored in the procedure's result local and
// the body ends.
func (p *Plan) compileReturnValue(at diag.Range, f *check.Func, val *check.CExpr) stmtFn {
	if f == nil || f.ResultField == nil {
		return compileReturn() // the checker refused it
	}
	set := p.compileLet(at, f.ResultField.Index, val, f.Name) // "rolls d8 for strike", not "for return"
	return func(r *Run, base addr) (flow, error) {
		if _, err := set(r, base); err != nil {
			return flowNext, err
		}
		return flowReturn, nil
	}
}

// call NAME(ARGS): the arguments are evaluated in the caller's frame
// into the procedure's, then its body runs; a value is dropped.
func (p *Plan) compileCall(at diag.Range, f *check.Func, args []*check.CExpr) stmtFn {
	pp := p.procs[f]
	if pp == nil {
		return func(*Run, addr) (flow, error) {
			return flowNext, &RunError{At: at, Msg: "internal: call of an unchecked procedure"}
		}
	}
	sets := make([]intoFn, len(args))
	for i, a := range args {
		sets[i] = p.into(a, pp.params[i].t, at)
	}
	return func(r *Run, base addr) (flow, error) {
		fr, fb := r.frameAtP(pp.fid)
		for i, set := range sets {
			r.reason = f.Name
			if err := set(r, base, fieldAt(fb, pp.params[i].off)); err != nil {
				return flowNext, err
			}
		}
		if err := r.Work(1); err != nil {
			return flowNext, err
		}
		if r.nesting >= r.opt.MaxNesting {
			return flowNext, &RunError{At: at, Msg: r.nestedTooDeep(f)}
		}
		return flowNext, r.runProc(pp, fr, fb)
	}
}

// runProc runs a procedure's body in its frame, set up, and gives the
// frame back when the body ends without an error.
func (r *Run) runProc(pp *procPlan, fr reflect.Value, base addr) error {
	r.nesting++
	_, err := r.runBlock(&pp.body, base)
	r.nesting--
	if err == nil {
		r.releaseAtP(pp.fid, fr, base)
	}
	return err
}

// callProc runs a procedure called from an expression in the VM
// (Run.Call) and gives its value.
func (r *Run) callProc(pp *procPlan, args []any) (any, error) {
	f := pp.f
	if err := r.Work(1); err != nil {
		r.callFailed = true
		return nil, err
	}
	if r.nesting >= r.opt.MaxNesting {
		r.callFailed = true
		return nil, fmt.Errorf("%s", r.nestedTooDeep(f))
	}
	fr, base := r.frameAtP(pp.fid)
	e := fr.Elem()
	for i, prm := range f.Params {
		if err := r.store(e.Field(prm.Field.Index), args[i], diag.Range{}); err != nil {
			return nil, err
		}
	}
	var v any
	r.nesting++
	reason := r.reason
	_, err := r.runBlock(&pp.body, base)
	r.reason = reason // the rolls after the call, in the caller's expression, are the caller's
	r.nesting--
	if err != nil {
		if re, ok := err.(*RunError); ok && r.inner == nil {
			// expr-lang reports a function's error as text; keep the
			// positioned error for the caller's eval to return.
			r.inner = re
		}
		return nil, err
	}
	if pp.result >= 0 {
		v = e.Field(pp.result).Interface() // read before the frame goes back to its pool
	}
	r.releaseAtP(pp.fid, fr, base)
	return v, nil
}

// nestedTooDeep is the error of a call nested past --max-nesting.
func (r *Run) nestedTooDeep(f *check.Func) string {
	return r.tooDeep("fn " + f.Name + ": functions are nested more than %d deep (does it call itself without end?)")
}
