package check

import (
	"github.com/expr-lang/expr/ast"
	"github.com/frayrules/fray/dsl/syntax"
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
func iterations(n ast.Node) int {
	switch x := n.(type) {
	case nil:
		return 0
	case *ast.BuiltinNode:
		if predicateBuiltins[x.Name] && len(x.Arguments) >= 2 {
			size := listSize(x.Arguments[0])
			body := satAdd(1, sumIterations(x.Arguments[1:]))
			return satAdd(iterations(x.Arguments[0]), satMul(size, body))
		}
		return sumIterations(x.Arguments)
	case *ast.PredicateNode:
		return iterations(x.Node)
	case *ast.BinaryNode:
		s := satAdd(iterations(x.Left), iterations(x.Right))
		if x.Operator == ".." {
			s = satAdd(s, listSize(x))
		}
		return s
	case *ast.UnaryNode:
		return iterations(x.Node)
	case *ast.CallNode:
		return satAdd(iterations(x.Callee), sumIterations(x.Arguments))
	case *ast.MemberNode:
		return satAdd(iterations(x.Node), iterations(x.Property))
	case *ast.ConditionalNode:
		return satAdd(iterations(x.Cond), max(iterations(x.Exp1), iterations(x.Exp2)))
	case *ast.ArrayNode:
		return sumIterations(x.Nodes)
	case *ast.VariableDeclaratorNode:
		return satAdd(iterations(x.Value), iterations(x.Expr))
	case *ast.SequenceNode:
		return sumIterations(x.Nodes)
	}
	return 1
}

// sumIterations adds up the estimates of sibling nodes.
func sumIterations(nodes []ast.Node) int {
	total := 0
	for _, n := range nodes {
		total = satAdd(total, iterations(n))
	}
	return total
}

// listSize is the length of a constant range, else the assumed length.
func listSize(n ast.Node) int {
	if b, ok := n.(*ast.BinaryNode); ok && b.Operator == ".." {
		lo, ok1 := b.Left.(*ast.IntegerNode)
		hi, ok2 := b.Right.(*ast.IntegerNode)
		if ok1 && ok2 {
			return max(0, hi.Value-lo.Value+1)
		}
	}
	if a, ok := n.(*ast.ArrayNode); ok {
		return len(a.Nodes)
	}
	return syntax.Limits.UnknownLength
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
