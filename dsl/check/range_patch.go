package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"

	"github.com/frayrules/fray/stdlib"
)

// rangePatch makes lo..hi of whole numbers a call of stdlib.RangeFunc
// unless both bounds are literals. expr-lang's VM takes hi-lo+1 as the
// range's length, which wraps round when the bounds are more than an
// int apart (-2^63..2^63-1: an empty list); the library's range counts
// exactly and refuses what is over --max-expr-memory. A literal range
// is left to expr-lang (its optimizer folds `x in 1..6` and
// `sum(1..n)`): its length is known before the run and bounded by
// --max-iterations (listSize). It reports whether it changed the node.
func rangePatch(node *ast.Node) bool {
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || b.Operator != ".." || !isInt(b.Left) || !isInt(b.Right) {
		return false
	}
	_, lit1 := b.Left.(*ast.IntegerNode)
	_, lit2 := b.Right.(*ast.IntegerNode)
	if lit1 && lit2 {
		return false
	}
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.RangeFunc}, Arguments: []ast.Node{ctxNode(), b.Left, b.Right}})
	return true
}

// expectRangePatch is rangePatch for a test's expectations, whose VM
// has no run (no ctx): lo..hi becomes __range(lo, hi), which is
// expectRange.
type expectRangePatch struct{}

func (expectRangePatch) Visit(node *ast.Node) {
	if rangePatch(node) {
		c := (*node).(*ast.CallNode)
		c.Arguments = c.Arguments[1:]
	}
}

// expectRange is lo..hi in an expectation, refused as the VM refuses a
// list over its memory budget.
func expectRange(params ...any) (any, error) {
	return stdlib.RangeWithin(params[0].(int), params[1].(int), conf.DefaultMemoryBudget)
}

func isInt(n ast.Node) bool { return n.Type() != nil && n.Type().Kind() == reflect.Int }

// RangeBounds are the bounds of a range, lo..hi or the call of
// stdlib.RangeFunc it became (rangePatch); ok is false for anything
// else.
func RangeBounds(n ast.Node) (lo, hi ast.Node, ok bool) {
	switch x := n.(type) {
	case *ast.BinaryNode:
		if x.Operator == ".." {
			return x.Left, x.Right, true
		}
	case *ast.CallNode:
		if id, isID := x.Callee.(*ast.IdentifierNode); isID && id.Value == stdlib.RangeFunc && len(x.Arguments) >= 2 {
			n := len(x.Arguments) // after the run's ctx, if it has it
			return x.Arguments[n-2], x.Arguments[n-1], true
		}
	}
	return nil, nil, false
}
