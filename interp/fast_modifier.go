package interp

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/frayrules/fray/dsl/check"
)

// A call of a modifiers block (`attack_mods(a, t)`) from a native
// expression: each argument is evaluated in the caller's frame and set
// in the block's frame by offset, as a fn's are (fast_fn.go), rather than
// boxed for Run.Modifier and stored through reflect. The steps are
// Run.Modifier's, in its order: the arguments, the work of the call and
// its rows, the rows (modifierTotal), the frame given back.

// modifierDirect compiles the call, or gives nil: a block over a list
// (`over`), or an argument without a native form of its parameter's
// type, goes through Run.Modifier.
func (c *fastCompiler) modifierDirect(x *ast.CallNode, name string, args []ast.Node) intFn {
	m := c.p.modifiers[name]
	if m == nil || m.Over != nil || len(args) != len(m.Params) {
		return nil
	}
	sets := make([]func(r *Run, base, fb addr) error, len(args))
	for i, a := range args {
		s := slotIn(m.Frame, m.Params[i].Field.Index, nil)
		if !s.ok {
			return nil
		}
		switch {
		case s.t == intT:
			sets[i] = setArg(c.int(a), s.off)
		case s.t == boolT:
			sets[i] = setArg(c.bool(a), s.off)
		case s.t == strT:
			sets[i] = setArg(c.str(a), s.off)
		case c.isEntity(s.t) && a.Type() == s.t:
			sets[i] = setArg(c.ptr(a), s.off)
		}
		if sets[i] == nil {
			return nil
		}
	}
	fid, in := c.p.frameID(m.Frame), c.ce
	return func(r *Run, f addr) (int, error) {
		fr, fb := r.frameAtP(fid)
		for _, set := range sets {
			if err := set(r, f, fb); err != nil {
				return 0, err
			}
		}
		if err := r.Work(1 + len(m.Rows)); err != nil {
			return 0, err
		}
		var first any
		if r.opt.Sink != nil && len(m.Params) > 0 {
			first = fr.Elem().Field(m.Params[0].Field.Index).Interface() // named in the log
		}
		total, err := r.modifierTotal(m, fr, fb, first)
		if err == nil {
			r.releaseAtP(fid, fr, fb)
		}
		switch e := err.(type) {
		case nil, *fnFailure:
		case *RunError:
			// Placed at its row already: each block calling it must not
			// quote it again (a block calling itself, 1000 deep).
			err = &fnFailure{e}
		default:
			err = failedAtCall(r, in, x, err) // nested too deep
		}
		return total, err
	}
}

// failedAtCall places the failure of a call of a modifiers block that
// failed by itself (nested past --max-nesting) at the call in the
// expression in, as the VM places it (Run.eval's callFailed, set by
// Run.Modifier), not at the expression's start; as a fnFailure, so that
// the blocks and expressions holding it pass it on as it is.
func failedAtCall(r *Run, in *check.CExpr, call *ast.CallNode, err error) error {
	f := r.exprFailure(in, err.Error())
	if prog := in.Program(); prog != nil {
		// The VM's error is at the call's instruction, whose place in
		// the expression's source Bind turns into a line and column.
		at := (&file.Error{Location: call.Location()}).Bind(prog.Source())
		placeAt(f, in, at.Line, at.Column)
	}
	return &fnFailure{f}
}

// modifierCall compiles a call of a modifiers block of the ruleset:
// its arguments set in the block's frame natively when they can be
// (fast_modifier.go), else boxed for Run.Modifier.
func (c *fastCompiler) modifierCall(x *ast.CallNode, name string, args []ast.Node) intFn {
	if fn := c.modifierDirect(x, name, args); fn != nil {
		return fn
	}
	fns := make([]anyFn, len(args))
	for i, a := range args {
		if fns[i] = c.boxed(a); fns[i] == nil {
			return nil
		}
	}
	in := c.ce
	return withArgs(fns, func(r *Run, args []any) (int, error) {
		v, err := r.Modifier(name, args)
		if err != nil && r.callFailed {
			r.callFailed = false
			err = failedAtCall(r, in, x, err) // fast_modifier.go
		}
		return v, err
	})
}
