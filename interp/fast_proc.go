package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/frayrules/fray/dsl/check"
)

// Calls of procedures (fns with a statement body and a result) from
// expressions, natively: `if strike(self, foe) >= 4 { ... }`. As Run.Call
// does for the VM (callProc), a call evaluates its arguments, counts a
// step of work, nests, runs the body's statements in the procedure's own
// frame and reads the value its `return` left there; the statements are
// the same lowered body either way, run in the same order, since both
// evaluators go left to right. A failure inside the body keeps its place
// in the body (fnFailure); nesting too deep is placed at the call.
// Arguments of whole numbers, truth values, strings, dice, combatants
// and sides; results of whole numbers, truth values, strings, combatants
// and sides; a procedure of another result (an optional one) stays with
// the VM.

// procCall is a compiled call of a procedure: its plan (planned before
// any expression is compiled; its body is lowered after, into the same
// plan), its arguments' stores into the frame, and where the frame
// holds the result.
type procCall struct {
	call   *ast.CallNode
	in     *check.CExpr // the expression holding the call
	pp     *procPlan
	sets   []func(r *Run, base, fb addr) error
	result uintptr
}

// procCallOf compiles the call x of a procedure whose result is of type
// t; nil for anything else.
func (c *fastCompiler) procCallOf(x *ast.CallNode, t reflect.Type) *procCall {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	f := c.p.funcs[id.Value]
	if f == nil || f.Block == nil || f.ResultField == nil || f.Choice {
		return nil
	}
	if t == nil {
		return nil
	}
	res := slotIn(f.Frame, f.ResultField.Index, t)
	args := callArgs(x)
	if !res.ok || len(args) != len(f.Params) {
		return nil
	}
	pp := c.p.procs[f]
	if pp == nil {
		return nil
	}
	k := &procCall{call: x, in: c.ce, pp: pp, result: res.off}
	for i, a := range args {
		s := slotIn(f.Frame, f.Params[i].Field.Index, nil)
		if !s.ok {
			return nil
		}
		var set func(r *Run, base, fb addr) error
		switch {
		case s.t == intT:
			set = setArg(c.int(a), s.off)
		case s.t == boolT:
			set = setArg(c.bool(a), s.off)
		case s.t == strT:
			set = setArg(c.str(a), s.off)
		case s.t == diceT: // trait(c, c.spirit): the musketeers homebrew
			set = setArg(c.dice(a), s.off)
		case c.isEntity(s.t) && a.Type() == s.t:
			set = setArg(c.ptr(a), s.off)
		}
		if set == nil {
			return nil
		}
		k.sets = append(k.sets, set)
	}
	c.impure = true // its statements may roll, emit, assign
	return k
}

// procFn is the call's closure for a result of type T.
// Not inlined, as into (eval.go), so that its closure's accessors are.
//
//go:noinline
func procFn[T any](k *procCall) func(*Run, addr) (T, error) {
	if k == nil {
		return nil
	}
	return func(r *Run, base addr) (T, error) {
		var zero T
		pp := k.pp
		fr, fb := r.frameAtP(pp.fid)
		for _, set := range k.sets {
			if err := set(r, base, fb); err != nil {
				return zero, err
			}
		}
		if err := r.Work(1); err != nil {
			return zero, err
		}
		if r.nesting >= r.opt.MaxNesting {
			return zero, k.tooDeep(r, pp)
		}
		r.nesting++
		reason := r.reason
		_, err := r.runBlock(&pp.body, fb)
		r.reason = reason // as callProc
		r.nesting--
		if err != nil {
			if re, ok := err.(*RunError); ok {
				return zero, &fnFailure{re}
			}
			return zero, err
		}
		v := load[T](fb, k.result) // read before the frame goes back to its pool
		r.releaseAtP(pp.fid, fr, fb)
		return v, nil
	}
}

// tooDeep is the failure of a call nested past --max-nesting, placed at the
// call, as the VM places it (Run.eval, callFailed).
func (k *procCall) tooDeep(r *Run, pp *procPlan) error {
	f := r.exprFailure(k.in, r.nestedTooDeep(pp.f))
	if prog := k.in.Program(); prog != nil {
		// The VM's error is at the call's instruction, whose place in
		// the expression's source Bind turns into a line and column.
		at := (&file.Error{Location: k.call.Location()}).Bind(prog.Source())
		placeAt(f, k.in, at.Line, at.Column)
	}
	return &fnFailure{f}
}
