package interp

import (
	"cmp"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// The operators of native expressions, one closure per operator, with
// the right-hand side folded in when it is a whole-number literal: a
// native expression is a tree of calls, and these are its most common
// nodes (a roll against a score, damage against hit points).

// intLiteral is the value of a whole-number literal.
func intLiteral(n ast.Node) (int, bool) {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return x.Value, true
	case *ast.ConstantNode:
		v, ok := x.Value.(int)
		return v, ok
	}
	return 0, false
}

// arith compiles a + b, a - b or a * b; right is b's node, rl where b
// is read when it is an attribute of a name of the frame. A result
// beyond the whole numbers is an error (stdlib.Add, Sub and Mul, which
// inline: a + b costs a comparison more), as in the VM
// (dsl/check/wholes_vm.go).
func arith(op string, a, b intFn, right ast.Node, rl *field) intFn {
	if rl != nil && op != "*" {
		if op == "-" {
			return func(r *Run, f addr) (int, error) {
				p, err := a(r, f)
				if err != nil {
					return 0, err
				}
				q, err := readLink(rl, f)
				if err != nil {
					return 0, err
				}
				return stdlib.Sub(p, q)
			}
		}
		return func(r *Run, f addr) (int, error) {
			p, err := a(r, f)
			if err != nil {
				return 0, err
			}
			q, err := readLink(rl, f)
			if err != nil {
				return 0, err
			}
			return stdlib.Add(p, q)
		}
	}
	if k, ok := intLiteral(right); ok {
		switch {
		case op == "*":
			return func(r *Run, f addr) (int, error) {
				p, err := a(r, f)
				if err != nil {
					return 0, err
				}
				return stdlib.Mul(p, k)
			}
		case op == "-" && k > 0:
			// x - 1: only a difference above x wrapped round.
			return func(r *Run, f addr) (int, error) {
				p, err := a(r, f)
				if d := p - k; d <= p || err != nil {
					return d, err
				}
				return stdlib.Sub(p, k)
			}
		case op == "+" && k >= 0:
			// The commonest: x + 1. Only a sum below x wrapped round.
			return func(r *Run, f addr) (int, error) {
				p, err := a(r, f)
				if s := p + k; s >= p || err != nil {
					return s, err
				}
				return stdlib.Add(p, k)
			}
		}
	}
	switch op {
	case "*":
		return func(r *Run, f addr) (int, error) {
			p, err := a(r, f)
			if err != nil {
				return 0, err
			}
			q, err := b(r, f)
			if err != nil {
				return 0, err
			}
			return stdlib.Mul(p, q)
		}
	case "-":
		return func(r *Run, f addr) (int, error) {
			p, err := a(r, f)
			if err != nil {
				return 0, err
			}
			q, err := b(r, f)
			if err != nil {
				return 0, err
			}
			return stdlib.Sub(p, q)
		}
	}
	return func(r *Run, f addr) (int, error) {
		p, err := a(r, f)
		if err != nil {
			return 0, err
		}
		q, err := b(r, f)
		if err != nil {
			return 0, err
		}
		return stdlib.Add(p, q)
	}
}

// compareInts compiles a < b, a <= b, a > b or a >= b; right is b's node,
// ll and rl where a and b are read when they are attributes of names of
// the frame (self.hp, foe.ac): read in place, without a call each.
func compareInts(op string, a, b intFn, right ast.Node, ll, rl *field) boolFn {
	o := orderOf(op)
	if k, ok := intLiteral(right); ok {
		if ll != nil {
			return func(_ *Run, f addr) (bool, error) {
				p, err := readLink(ll, f)
				return err == nil && o.holds(p, k), err
			}
		}
		return func(r *Run, f addr) (bool, error) {
			p, err := a(r, f)
			return err == nil && o.holds(p, k), err
		}
	}
	if rl != nil {
		if ll != nil {
			return func(_ *Run, f addr) (bool, error) {
				p, err := readLink(ll, f)
				if err != nil {
					return false, err
				}
				q, err := readLink(rl, f)
				return err == nil && o.holds(p, q), err
			}
		}
		// The commonest test of a roll: d20 + self.to_hit >= foe.ac.
		return func(r *Run, f addr) (bool, error) {
			p, err := a(r, f)
			if err != nil {
				return false, err
			}
			q, err := readLink(rl, f)
			return err == nil && o.holds(p, q), err
		}
	}
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		return err == nil && o.holds(p, q), err
	}
}

// order is a comparison of whole numbers, decided when it is compiled:
// p < q or p <= q, with the sides swapped for > and >=.
type order struct{ strict, swap bool }

func orderOf(op string) order {
	return order{strict: op == "<" || op == ">", swap: op == ">" || op == ">="}
}

func (o order) holds(p, q int) bool { return holdsOrdered(o, p, q) }

// holdsOrdered is o of two whole numbers or two strings (compared by
// bytes, as expr-lang compares them).
func holdsOrdered[T cmp.Ordered](o order, p, q T) bool {
	if o.swap {
		p, q = q, p
	}
	if o.strict {
		return p < q
	}
	return p <= q
}

// isNobody compiles x == nil (x != nil with neg).
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func isNobody(a ptrFn, neg bool) boolFn {
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		return p.isNil() != neg, nil
	}
}

// isNobodyAt compiles x == nil (x != nil with neg) for x a name of the
// frame, at off.
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func isNobodyAt(off uintptr, neg bool) boolFn {
	return func(_ *Run, f addr) (bool, error) {
		return load[addr](f, off).isNil() != neg, nil
	}
}
