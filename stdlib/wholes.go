package stdlib

import (
	"fmt"
	"math"

	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/vm/runtime"
)

// Whole-number arithmetic that stops the run where Go's would wrap
// round: 9223372036854775807 + 1 is no negative number in a fight. The
// interpreter's native forms call Add, Sub, Mul, Neg and Abs; in
// expr-lang's VM (whose + wraps) the checker compiles the whole-number
// operators of an expression as calls of AddFunc, SubFunc, MulFunc,
// NegFunc and AbsFunc (of a whole number or a value typed any, which
// may hold one), and sum(...) as a reduce through AddFunc
// (dsl/check/wholes_vm.go), so both give the same error, with the same
// words, at the expression.

// The internal functions the VM's whole-number operators become.
const (
	AddFunc = "__add"
	// AddTextFunc is a + b where neither is a whole number and one at
	// least typed any: it may join two strings (AddText).
	AddTextFunc = "__add_text"
	// DivAnyFunc is a / b where one at least is typed any (AnyDiv).
	DivAnyFunc = "__div_any"
	SubFunc    = "__sub"
	MulFunc    = "__mul"
	NegFunc    = "__neg"
	AbsFunc    = "__abs"
)

// OverflowPrefix begins every whole-number overflow error.
const OverflowPrefix = "whole-number overflow: "

// Add is a + b, or an error when the sum is beyond the whole numbers.
// Add, Sub, Mul, Neg and Abs are small enough for the compiler to inline
// in the native closures (an error's words are made when it is read).
func Add(a, b int) (int, error) {
	s := a + b
	if (s < a) != (b < 0) {
		return 0, &Overflow{a, b, '+'}
	}
	return s, nil
}

// Sub is a - b, or an error when the difference is beyond the whole
// numbers.
func Sub(a, b int) (int, error) {
	d := a - b
	if (d < a) != (b > 0) {
		return 0, &Overflow{a, b, '-'}
	}
	return d, nil
}

// Mul is a * b, or an error when the product is beyond the whole numbers.
func Mul(a, b int) (int, error) {
	const small = 1 << 31 // factors below it in size cannot overflow
	if -small < a && a < small && -small < b && b < small {
		return a * b, nil
	}
	return mulWide(a, b)
}

func mulWide(a, b int) (int, error) {
	p := a * b
	if a != 0 && (p/a != b || a == -1 && b == math.MinInt) {
		return 0, &Overflow{a, b, '*'}
	}
	return p, nil
}

// Neg is -a, or an error for the least whole number, which has no
// opposite.
func Neg(a int) (int, error) {
	if a == math.MinInt {
		return 0, &Overflow{b: a, op: 'n'}
	}
	return -a, nil
}

// Abs is the size of a, or an error for the least whole number.
func Abs(a int) (int, error) {
	if a == math.MinInt {
		return 0, &Overflow{b: a, op: 'a'}
	}
	if a < 0 {
		return -a, nil
	}
	return a, nil
}

// Overflow is the error of an operation whose result is beyond the
// whole numbers: a op b, -b (op 'n') or abs(b) (op 'a'). Its words are
// made only when read.
type Overflow struct {
	a, b int
	op   byte
}

// Error is "whole-number overflow: 9223372036854775807 + 1", a negative
// right operand in parentheses.
func (o *Overflow) Error() string {
	switch o.op {
	case 'n':
		return fmt.Sprintf("%s-(%d)", OverflowPrefix, o.b)
	case 'a':
		return fmt.Sprintf("%sabs(%d)", OverflowPrefix, o.b)
	}
	if o.b < 0 {
		return fmt.Sprintf("%s%d %c (%d)", OverflowPrefix, o.a, o.op, o.b)
	}
	return fmt.Sprintf("%s%d %c %d", OverflowPrefix, o.a, o.op, o.b)
}

// The VM's operators on two values of which one at least may be typed
// any (an optional number): checked when both are whole numbers, else
// expr-lang's own (a float, strings joined), whose panic the VM reports.
var (
	AnyAdd = anyOp(Add, runtime.Add)
	AnySub = anyOp(Sub, runtime.Subtract)
	AnyMul = anyOp(Mul, runtime.Multiply)
)

// AddText is a + b where a value typed any may hold text (#acc in
// reduce, a local typed any): two strings are joined as a + of strings
// is (CountLen: refused over --max-string before they are made, their
// bytes counted toward the run's work), anything else as AnyAdd. Where
// expr-lang's own + joined them, reduce(1..40, #acc + #acc, 'x') made a
// string of a terabyte.
func AddText(w World, a, b any) (any, error) {
	if s, ok := a.(string); ok {
		if t, ok := b.(string); ok {
			if err := CountLen(w, len(s)+len(t)); err != nil {
				return nil, err
			}
			return s + t, nil
		}
	}
	return AnyAdd(a, b)
}

// AnyDiv is a / b where one at least is typed any: of two whole numbers
// as Divide (b = 0 an error, as a / b of whole numbers typed so is),
// else expr-lang's own (a float by zero an infinity). expr-lang's own
// gave +Inf for (c.ok ? 1 : c.hp) / 0, where c.hp / 0 stops the run.
func AnyDiv(a, b any) (float64, error) {
	if p, ok := a.(int); ok {
		if q, ok := b.(int); ok {
			return Divide(p, q)
		}
	}
	return runtime.Divide(a, b), nil
}

func anyOp(whole func(a, b int) (int, error), other func(a, b any) any) func(a, b any) (any, error) {
	return func(a, b any) (any, error) {
		if p, ok := a.(int); ok {
			if q, ok := b.(int); ok {
				return whole(p, q)
			}
		}
		return other(a, b), nil
	}
}

// The VM's unary minus and abs of a value that may be typed any (an
// optional number, max of a list): checked for a whole number, else
// expr-lang's own (a float's, an error for anything else).
var (
	AnyNeg = anyOne(Neg, runtime.Negate)
	AnyAbs = anyOne(Abs, builtin.Abs)
)

func anyOne(whole func(int) (int, error), other func(any) any) func(any) (any, error) {
	return func(a any) (any, error) {
		if p, ok := a.(int); ok {
			return whole(p)
		}
		return other(a), nil
	}
}

// anyImpl is the Impl of AddFunc, SubFunc or MulFunc.
func anyImpl(op func(a, b any) (any, error)) func(World, []any) (any, error) {
	return func(_ World, a []any) (any, error) { return op(a[0], a[1]) }
}

// oneImpl is the Impl of NegFunc or AbsFunc.
func oneImpl(op func(any) (any, error)) func(World, []any) (any, error) {
	return func(_ World, a []any) (any, error) { return op(a[0]) }
}
