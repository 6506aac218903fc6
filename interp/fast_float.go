package interp

import (
	"math"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Numbers with a fraction (float64) in the native compiler: literals,
// names and fields, + - * / with whole numbers taken as floats (as
// expr-lang's operators take them), -x, ternaries, ceil, floor and round,
// a / b of two whole numbers (the checker's DivFunc), and int(x) of a
// float. Before, any expression with a float ran in expr-lang's VM and
// its value was stored through reflect: a charge's distance, a rate per
// segment. TestFastAgreesWithExpr holds them to the VM's values, error
// for error (fillFrame gives float locals values of their own).

type floatFn = func(*Run, addr) (float64, error)

// float compiles an expression typed float64; nil when it needs the VM.
func (c *fastCompiler) float(n ast.Node) floatFn {
	if c.typeOf(n) != floatT {
		return nil
	}
	if fn, ok := leafFn[float64](c, n); ok {
		return fn
	}
	switch x := n.(type) {
	case *ast.FloatNode:
		return constFn(x.Value)
	case *ast.UnaryNode:
		if x.Operator != "-" {
			return nil
		}
		return mapFn(c.float(x.Node), func(v float64) float64 { return -v })
	case *ast.BinaryNode:
		return floatArith(x.Operator, c.num(x.Left), c.num(x.Right))
	case *ast.ConditionalNode:
		cond, a, b := c.bool(x.Cond), c.float(x.Exp1), c.float(x.Exp2)
		if cond == nil || a == nil || b == nil {
			return nil
		}
		return ternary(cond, a, b)
	case *ast.BuiltinNode:
		if len(x.Arguments) != 1 {
			return nil
		}
		var round func(float64) float64
		switch x.Name {
		case "ceil":
			round = math.Ceil
		case "floor":
			round = math.Floor
		case "round":
			round = math.Round
		default:
			return nil
		}
		return mapFn(c.num(x.Arguments[0]), round)
	case *ast.CallNode:
		return c.divCall(x)
	}
	return nil
}

// num compiles a whole number or a float as a float, as expr-lang's
// arithmetic takes a whole number beside a float.
func (c *fastCompiler) num(n ast.Node) floatFn {
	switch c.typeOf(n) {
	case floatT:
		return c.float(n)
	case intT:
		return mapFn(c.int(n), func(v int) float64 { return float64(v) })
	}
	return nil
}

// floatArith compiles a + b, a - b, a * b or a / b of floats (a / b by
// zero is an infinity or NaN, as in expr-lang; the checker makes a / b
// of two whole numbers a DivFunc call, which fails on zero).
func floatArith(op string, a, b floatFn) floatFn {
	var do func(p, q float64) (float64, error)
	switch op {
	case "+":
		do = func(p, q float64) (float64, error) { return p + q, nil }
	case "-":
		do = func(p, q float64) (float64, error) { return p - q, nil }
	case "*":
		do = func(p, q float64) (float64, error) { return p * q, nil }
	case "/":
		do = func(p, q float64) (float64, error) { return p / q, nil }
	default:
		return nil
	}
	return pairFn(a, b, do)
}

// divCall compiles a / b of two whole numbers (the checker's DivFunc,
// through its Typed form): a float, or the error of b = 0.
func (c *fastCompiler) divCall(x *ast.CallNode) floatFn {
	f, args := c.libFunc(x)
	if f == nil {
		return nil
	}
	div, ok := f.Typed.(stdlib.TypedDiv)
	if !ok {
		return nil
	}
	return pairFn(c.int(args[0]), c.int(args[1]), div)
}

// floatToInt compiles int(x) of a float: its whole part, or the error
// of a float with none (stdlib.ToInt, as the checker's IntFunc).
func (c *fastCompiler) floatToInt(n ast.Node) intFn {
	return bindFn(c.float(n), stdlib.ToInt)
}

// bindFn is fn's value passed through do, which may fail; nil when fn is.
func bindFn[A, B any](fn func(*Run, addr) (A, error), do func(A) (B, error)) func(*Run, addr) (B, error) {
	if fn == nil {
		return nil
	}
	return func(r *Run, f addr) (B, error) {
		v, err := fn(r, f)
		if err != nil {
			var zero B
			return zero, err
		}
		return do(v)
	}
}
