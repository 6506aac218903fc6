package interp

import (
	"github.com/expr-lang/expr/ast"
)

// choiceCall compiles the call of a choice point (language v2, item 5:
// slots.go) natively: its arguments are evaluated natively and boxed as
// expr-lang boxes them, then Run.choose answers it, as the VM's call
// does (the script's answer, else the default policy, and the log line).
// nil when the callee is not a choice or an argument is not native.
func (c *fastCompiler) choiceCall(x *ast.CallNode) anyFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	f := c.p.funcs[id.Value]
	args := callArgs(x)
	if f == nil || !f.Choice || len(args) != len(f.Params) {
		return nil
	}
	in := make([]anyFn, len(args))
	for i, a := range args {
		if in[i] = c.boxed(a); in[i] == nil {
			return nil
		}
	}
	c.impure = true // it logs, and may read the script's answer: never kept
	at := c.ce
	return func(r *Run, fr addr) (any, error) {
		vals := make([]any, len(in))
		for i, a := range in {
			v, err := a(r, fr)
			if err != nil {
				return nil, err
			}
			vals[i] = v
		}
		v, err := r.choose(f, vals)
		if re, ok := err.(*RunError); ok {
			// Placed inside the default policy already (a choice that
			// asks itself again, 1000 deep): passed on as it is, not
			// quoted by every call around it.
			return nil, &fnFailure{re}
		}
		if err != nil && r.callFailed {
			// Made by nobody, or over the budget: placed at the call, as
			// the VM places it, not at the start of an expression holding
			// it (min(push(a), 3) with a nobody: the homebrew mindwar).
			r.callFailed = false
			return nil, failedAtCall(r, at, x, err)
		}
		return v, err
	}
}
