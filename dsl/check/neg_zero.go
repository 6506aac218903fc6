package check

import (
	"math"
	"slices"

	"github.com/expr-lang/expr/ast"
)

// negZeroPatch makes every constant negative zero (-0.0, or what the
// optimizer folds to it: 0.0 * -1) a plain zero.
//
// Why: expr-lang's VM keeps one constant for -0.0 and 0.0 (its constant
// pool is keyed by value, and -0 == 0), so an expression holding both,
// c ? -0.0 : 0.0, printed -0 for either branch in the VM and 0 natively
// (docs/hostile.md). A zero written negative means zero: the two plans
// now read the same constant, and neither prints -0 for it. A negative
// zero made while running (x * -1.0 of a zero x) is left as it is; both
// plans compute it alike.
type negZeroPatch struct{}

func (negZeroPatch) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.FloatNode:
		if isNegZero(n.Value) {
			n.Value = 0
		}
	case *ast.ConstantNode: // a literal list the optimizer made one value
		if l, ok := n.Value.([]any); ok && slices.ContainsFunc(l, isNegZero) {
			l = slices.Clone(l)
			for i, x := range l {
				if isNegZero(x) {
					l[i] = 0.0
				}
			}
			n.Value = l
		} else if isNegZero(n.Value) {
			n.Value = 0.0
		}
	}
}

func isNegZero(x any) bool {
	f, ok := x.(float64)
	return ok && f == 0 && math.Signbit(f)
}
