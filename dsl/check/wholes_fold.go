package check

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/frayrules/fray/stdlib"
)

// expr-lang's optimizer folds arithmetic of whole-number literals when
// it compiles (9223372036854775807 + 1 becomes -9223372036854775808),
// wrapping round as Go does. The checker folds them first, checked
// (stdlib.Add, Sub, Mul, Neg): one beyond the whole numbers is a lint
// error at its operator, not a fight played with a wrong number.

// foldOverflow is the error of the first arithmetic of whole-number
// literals in the tree under n whose value is beyond the whole numbers;
// nil when there is none. One pass, children first: each node's value
// from its operands' (a chain of 100 000 additions is no square).
func foldOverflow(n *ast.Node) *file.Error {
	v := &foldVisitor{}
	ast.Walk(n, v)
	return v.err
}

type foldVisitor struct {
	vals map[ast.Node]int // the nodes of known whole-number value
	err  *file.Error
}

func (v *foldVisitor) Visit(node *ast.Node) {
	if v.err != nil {
		return
	}
	n := *node
	var val int
	var err error
	switch x := n.(type) {
	case *ast.IntegerNode:
		val = x.Value
	case *ast.UnaryNode:
		a, ok := v.vals[x.Node]
		switch {
		case !ok:
			return
		case x.Operator == "-":
			val, err = stdlib.Neg(a)
		case x.Operator == "+":
			val = a
		default:
			return
		}
	case *ast.BinaryNode:
		fn := wholeOp(x.Operator)
		a, okA := v.vals[x.Left]
		b, okB := v.vals[x.Right]
		if fn == nil || !okA || !okB {
			return
		}
		val, err = fn(a, b)
	default:
		return
	}
	if err != nil {
		v.err = &file.Error{Location: n.Location(), Message: err.Error()}
		return
	}
	if v.vals == nil {
		v.vals = map[ast.Node]int{}
	}
	v.vals[n] = val
}

// wholeOp is the checked function of a whole-number operator, nil for
// another.
func wholeOp(op string) func(a, b int) (int, error) {
	switch op {
	case "+":
		return stdlib.Add
	case "-":
		return stdlib.Sub
	case "*":
		return stdlib.Mul
	}
	return nil
}
