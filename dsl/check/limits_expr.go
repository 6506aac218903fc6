package check

import (
	"github.com/expr-lang/expr/ast"
)

// predicateBuiltins loop over their first argument, running a closure.
var predicateBuiltins = map[string]bool{
	"all": true, "none": true, "any": true, "one": true, "filter": true, "map": true,
	"find": true, "findIndex": true, "findLast": true, "findLastIndex": true, "count": true,
	"sum": true, "groupBy": true, "sortBy": true, "reduce": true,
}

// iterations estimates the steps an expression's loops can take: a loop
// over a constant range takes its length, over anything else the assumed
// length; nested loops multiply. expr-lang cannot be interrupted, so this
// bound is enforced before anything runs.
func iterations(n ast.Node, unknown int) int {
	switch x := n.(type) {
	case nil:
		return 0
	case *ast.BuiltinNode:
		if predicateBuiltins[x.Name] && len(x.Arguments) >= 2 {
			size := listSize(x.Arguments[0], unknown)
			body := satAdd(1, sumIterations(x.Arguments[1:], unknown))
			return satAdd(iterations(x.Arguments[0], unknown), satMul(size, body))
		}
		return sumIterations(x.Arguments, unknown)
	case *ast.PredicateNode:
		return iterations(x.Node, unknown)
	case *ast.BinaryNode:
		s := satAdd(iterations(x.Left, unknown), iterations(x.Right, unknown))
		if x.Operator == ".." {
			s = satAdd(s, listSize(x, unknown))
		}
		return s
	case *ast.CallNode:
		s := satAdd(iterations(x.Callee, unknown), sumIterations(x.Arguments, unknown))
		if _, _, ok := RangeBounds(x); ok {
			s = satAdd(s, listSize(x, unknown)) // lo..hi made a call: range_patch.go
		}
		return s
	case *ast.UnaryNode:
		return iterations(x.Node, unknown)
	case *ast.MemberNode:
		return satAdd(iterations(x.Node, unknown), iterations(x.Property, unknown))
	case *ast.ConditionalNode:
		return satAdd(iterations(x.Cond, unknown), max(iterations(x.Exp1, unknown), iterations(x.Exp2, unknown)))
	case *ast.ArrayNode:
		return sumIterations(x.Nodes, unknown)
	case *ast.VariableDeclaratorNode:
		return satAdd(iterations(x.Value, unknown), iterations(x.Expr, unknown))
	case *ast.SequenceNode:
		return sumIterations(x.Nodes, unknown)
	}
	return 1
}

// sumIterations adds up the estimates of sibling nodes.
func sumIterations(nodes []ast.Node, unknown int) int {
	total := 0
	for _, n := range nodes {
		total = satAdd(total, iterations(n, unknown))
	}
	return total
}

// listSize is the length of a constant range, else the assumed length.
func listSize(n ast.Node, unknown int) int {
	if l, h, ok := RangeBounds(n); ok {
		lo, ok1 := l.(*ast.IntegerNode)
		hi, ok2 := h.(*ast.IntegerNode)
		if ok1 && ok2 {
			if hi.Value < lo.Value {
				return 0
			}
			// Exact, saturated: hi-lo+1 wraps round for bounds an int
			// apart (-2^63..2^63-1 counted as empty).
			return int(min(uint64(hi.Value)-uint64(lo.Value), 1<<62) + 1)
		}
	}
	if a, ok := n.(*ast.ArrayNode); ok {
		return len(a.Nodes)
	}
	return unknown
}

func satAdd(a, b int) int {
	if a > 1<<50 || b > 1<<50 {
		return 1 << 50
	}
	return a + b
}

func satMul(a, b int) int {
	if a != 0 && b > (1<<50)/a {
		return 1 << 50
	}
	return a * b
}

// Iterations is iterations for the interpreter, which bounds the work of
// an expression it hands to expr-lang's VM by the lists it reads
// (interp/vm_walks.go): unknown is then the longest of them.
func Iterations(n ast.Node, unknown int) int { return iterations(n, unknown) }
