package interp

import "github.com/expr-lang/expr/ast"

// Combinators of native forms: a value made from one native part, or
// from two evaluated in order. Each is nil when a part has no native
// form (the expression then runs in expr-lang's VM), and an error of a
// part is the whole's, with the zero value.

// mapFn is f of a's value.
func mapFn[A, B any](a func(*Run, addr) (A, error), f func(A) B) func(*Run, addr) (B, error) {
	if a == nil {
		return nil
	}
	return func(r *Run, fr addr) (B, error) {
		v, err := a(r, fr)
		if err != nil {
			var zero B
			return zero, err
		}
		return f(v), nil
	}
}

// checkedFn is f of a's value, f's error the expression's.
func checkedFn(a intFn, f func(int) (int, error)) intFn {
	if a == nil {
		return nil
	}
	return func(r *Run, fr addr) (int, error) {
		v, err := a(r, fr)
		if err != nil {
			return 0, err
		}
		return f(v)
	}
}

// pairFn is f of a's and b's values, a evaluated first.
func pairFn[A, B, C any](a func(*Run, addr) (A, error), b func(*Run, addr) (B, error), f func(A, B) (C, error)) func(*Run, addr) (C, error) {
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, fr addr) (C, error) {
		p, err := a(r, fr)
		if err != nil {
			var zero C
			return zero, err
		}
		q, err := b(r, fr)
		if err != nil {
			var zero C
			return zero, err
		}
		return f(p, q)
	}
}

// leafFn compiles a constant of type T or a read of a name or field
// holding one; handled is false for any other node. (Literals of each
// type have their own nodes, compiled by each type's compiler.)
func leafFn[T any](c *fastCompiler, n ast.Node) (fn func(*Run, addr) (T, error), handled bool) {
	switch x := n.(type) {
	case *ast.ConstantNode:
		v, ok := x.Value.(T)
		if !ok {
			return nil, true
		}
		return constFn(v), true
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil, true
		}
		return readFn[T](loc), true
	}
	return nil, false
}
