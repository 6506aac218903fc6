package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// Running a native expression: a Run's way into what the compiler made.
// Each entry reclaims the scratch space the expression's lists used,
// boxes the value as expr-lang would (evalFast) when a caller needs it
// boxed, and reports a failure where and as the VM's would be
// (nativeFailure), so a caller cannot tell which evaluator ran.

// fastOf is the native form of an expression, or nil.
func (r *Run) fastOf(ce *check.CExpr) *fexpr {
	return r.plan.fastExpr(ce)
}

// evalFast evaluates natively and boxes the value as expr-lang would.
func (r *Run) evalFast(ce *check.CExpr, fe *fexpr, fr reflect.Value) (any, error) {
	if fe.noBox {
		return r.evalVM(ce, fr)
	}
	return r.evalFastAt(ce, fe, addrOf(fr))
}

// evalFastAt is evalFast in the frame at f, for an expression whose
// value is boxed natively (not noBox).
func (r *Run) evalFastAt(ce *check.CExpr, fe *fexpr, f addr) (any, error) {
	mark := len(r.scratch)
	var v any
	var err error
	switch {
	case fe.boxed != nil:
		v, err = fe.boxed(r, f)
	case fe.i != nil:
		var x int
		x, err = fe.i(r, f)
		v = x
	case fe.b != nil:
		var x bool
		x, err = fe.b(r, f)
		v = x
	case fe.p != nil:
		var x addr
		x, err = fe.p(r, f)
		v = boxPtr(fe.tw, x)
	case fe.s != nil:
		var x string
		x, err = fe.s(r, f)
		v = x
	case fe.d != nil:
		var x stdlib.Dice
		x, err = fe.d(r, f)
		v = x
	case fe.f != nil:
		var x float64
		x, err = fe.f(r, f)
		v = x
	case fe.a != nil:
		v, err = fe.a(r, f)
	case fe.l != nil:
		var x []addr
		x, err = fe.l(r, f)
		if err == nil && fe.anyList {
			out := make([]any, len(x))
			for i, p := range x {
				out[i] = boxPtr(fe.tw, p)
			}
			v = out
		} else if err == nil {
			v = boxList(fe.rt, x).Interface()
		}
	}
	r.dropScratch(mark)
	if err != nil {
		return nil, r.nativeFailure(ce, err)
	}
	return v, nil
}

// fastRun runs a native function with the scratch space reclaimed after.
func fastRun[T any](r *Run, ce *check.CExpr, fn func(*Run, addr) (T, error), fr reflect.Value) (T, error) {
	mark := len(r.scratch)
	v, err := fn(r, addrOf(fr))
	r.dropScratch(mark)
	if err != nil {
		return v, r.nativeFailure(ce, err)
	}
	return v, nil
}

// fastRunP is fastRun on a frame's address.
func fastRunP[T any](r *Run, ce *check.CExpr, fn func(*Run, addr) (T, error), f addr) (T, error) {
	mark := len(r.scratch)
	v, err := fn(r, f)
	r.scratch = r.scratch[:mark]
	if err != nil {
		err = r.nativeFailure(ce, err)
	}
	return v, err
}

// evalBool evaluates a condition; anything but true is false.
func (r *Run) evalBool(ce *check.CExpr, fr reflect.Value) (bool, error) {
	if fe := r.fastOf(ce); fe != nil && fe.b != nil {
		return fastRun(r, ce, fe.b, fr)
	}
	v, err := r.eval(ce, fr)
	b, _ := v.(bool)
	return b, err
}

// evalDiscard evaluates for the effects and failures only.
func (r *Run) evalDiscard(ce *check.CExpr, fr reflect.Value) error {
	// The evaluator eval would take, so that a quiet run counts the same
	// work as a logged one: one whose value is not boxed natively (noBox)
	// goes to the VM there, which counts its own instructions.
	if fe := r.fastOf(ce); fe != nil && !fe.noBox {
		var err error
		switch {
		case fe.sl != nil:
			_, err = fastRun(r, ce, fe.sl, fr)
		case fe.i != nil:
			_, err = fastRun(r, ce, fe.i, fr)
		case fe.b != nil:
			_, err = fastRun(r, ce, fe.b, fr)
		case fe.s != nil:
			_, err = fastRun(r, ce, fe.s, fr)
		case fe.p != nil:
			_, err = fastRun(r, ce, fe.p, fr)
		case fe.d != nil:
			_, err = fastRun(r, ce, fe.d, fr)
		case fe.l != nil:
			_, err = fastRun(r, ce, fe.l, fr)
		case fe.a != nil:
			_, err = fastRun(r, ce, fe.a, fr)
		case fe.f != nil:
			_, err = fastRun(r, ce, fe.f, fr)
		}
		return err
	}
	_, err := r.eval(ce, fr)
	return err
}
