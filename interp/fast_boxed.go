package interp

import (
	"github.com/expr-lang/expr/ast"
)

// Native expressions in their boxed form (any), as expr-lang passes a
// value to a function: the arguments of library calls and modifiers
// (fast_stdlib.go, fast_modifier.go) and values typed any are made of
// these.

// anyFn evaluates to the value expr-lang would pass a function.
type anyFn func(r *Run, f addr) (any, error)

// boxed compiles n to its boxed value, or nil.
func (c *fastCompiler) boxed(n ast.Node) anyFn {
	fn, _ := c.boxedOrNone(n)
	return fn
}

// boxedOrNone is boxed, and whether its value may be none: a form that
// gives a value of one Go type (a whole number, a string, a table's row
// value boxed once) never is; a form typed any (first(l)?.name, typed a
// string) may be.
func (c *fastCompiler) boxedOrNone(n ast.Node) (anyFn, bool) {
	if k := constBoxed(n); k != nil && n.Type() != nil {
		return k, false
	}
	untyped := c.untyped
	fe := c.node(n)
	if fe == nil || c.untyped != untyped {
		return nil, false // a nil of first would need expr-lang's untyped nil
	}
	return boxedForm(fe), fe.boxed == nil && fe.a != nil
}

// boxedForm is the boxed form of a compiled expression.
func boxedForm(fe *fexpr) anyFn {
	switch {
	case fe.boxed != nil:
		return fe.boxed
	case fe.i != nil:
		return func(r *Run, f addr) (any, error) { return fe.i(r, f) }
	case fe.b != nil:
		return func(r *Run, f addr) (any, error) { return fe.b(r, f) }
	case fe.s != nil:
		return func(r *Run, f addr) (any, error) { return fe.s(r, f) }
	case fe.d != nil:
		return func(r *Run, f addr) (any, error) { return fe.d(r, f) }
	case fe.f != nil:
		return func(r *Run, f addr) (any, error) { return fe.f(r, f) }
	case fe.p != nil:
		tw := typeWord(fe.rt)
		return func(r *Run, f addr) (any, error) {
			p, err := fe.p(r, f)
			return boxPtr(tw, p), err
		}
	case fe.a != nil:
		return fe.a
	}
	return nil
}
