package interp

import "github.com/expr-lang/expr/ast"

// A comparison with a float on either side (a float and a whole number,
// or two floats), natively: `d20 + thief.agility / 2 > 12 + guard.grip`
// (a / b is a float), the thirteenth homebrew round's keep, ran in
// expr-lang's VM, though the sides were native. expr-lang compares them
// as float64 (runtime.Less and Equal convert a whole number), as Go does
// here: NaN is neither less, more nor equal.

// floatCompare compiles a < b, <=, >, >=, == or != when one side is a
// float and the other a float or a whole number; nil otherwise.
func (c *fastCompiler) floatCompare(x *ast.BinaryNode) boolFn {
	lt, rt := c.typeOf(x.Left), c.typeOf(x.Right)
	if lt != floatT && rt != floatT {
		return nil
	}
	var do func(p, q float64) (bool, error)
	switch x.Operator {
	case "<":
		do = func(p, q float64) (bool, error) { return p < q, nil }
	case "<=":
		do = func(p, q float64) (bool, error) { return p <= q, nil }
	case ">":
		do = func(p, q float64) (bool, error) { return p > q, nil }
	case ">=":
		do = func(p, q float64) (bool, error) { return p >= q, nil }
	case "==":
		do = func(p, q float64) (bool, error) { return p == q, nil }
	case "!=":
		do = func(p, q float64) (bool, error) { return p != q, nil }
	default:
		return nil
	}
	a, b := c.num(x.Left), c.num(x.Right) // fast_float.go
	if a == nil || b == nil {
		return nil
	}
	return pairFn(a, b, do)
}
