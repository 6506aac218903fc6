package check

import "github.com/expr-lang/expr/ast"

// findLastPatch rewrites findLast and findLastIndex into forward loops,
// and findIndex into one that gives -1 when nothing is found, as
// findLastIndex does.
//
// Why: expr-lang v1.17.8 compiles both as a backwards loop that leaves
// its loop test (a bool) on the VM's stack, under the result. Whatever
// was pushed before the call then meets the stray value instead of the
// result: `l[findLastIndex(l, # > 1)]` fails with "cannot fetch N from
// bool" and `1 + findLastIndex(...)` adds a bool. expr-lang's optimizer
// also turns last(filter(xs, p)) and filter(xs, p)[-1] into findLast, so
// the patch runs after the optimizer too (see checkWith). The forward
// forms give the same answers and types:
//
//	findLastIndex(xs, p)  ->  reduce(xs, p ? #index : #acc, -1)
//	findIndex(xs, p)      ->  int(reduce(xs, #acc >= 0 ? #acc : p ? #index : #acc, -1))
//	findLast(xs, p)       ->  let $xs = xs; let $i = reduce($xs, p ? #index : #acc, -1);
//	                          $i >= 0 ? $xs[$i] : nil
//
// A nil branch takes the other branch's type, so findLast keeps the
// element's type. The optimizer's findLast may carry a map (of
// map(filter(...))) applied to the element found, and may throw when
// nothing is found (filter(...)[-1] indexes an empty list): the
// rewrite keeps both. Each new node keeps the call's position.
type findLastPatch struct {
	patched bool // some call was rewritten: the tree needs checking again
}

// Names a rule cannot write: fray's lexer takes no `$` in a name.
const (
	lastListVar  = "$xs"
	lastIndexVar = "$i"
)

func (p *findLastPatch) Visit(node *ast.Node) {
	b, ok := (*node).(*ast.BuiltinNode)
	if !ok || len(b.Arguments) != 2 || (b.Name != "findLast" && b.Name != "findLastIndex" && b.Name != "findIndex") {
		return
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	p.patched = true
	loc := b.Location()
	at := func(n ast.Node) ast.Node { n.SetLocation(loc); return n }
	ident := func(name string) ast.Node { return at(&ast.IdentifierNode{Value: name}) }
	lastIndex := func(list ast.Node) ast.Node {
		body := at(&ast.ConditionalNode{
			Cond: pred.Node,
			Exp1: at(&ast.PointerNode{Name: "index"}),
			Exp2: at(&ast.PointerNode{Name: "acc"}),
		})
		return at(&ast.BuiltinNode{Name: "reduce", Arguments: []ast.Node{
			list, at(&ast.PredicateNode{Node: body}), at(&ast.IntegerNode{Value: -1}),
		}})
	}
	if b.Name == "findLastIndex" {
		ast.Patch(node, lastIndex(b.Arguments[0]))
		return
	}
	if b.Name == "findIndex" {
		// expr-lang gives nil when nothing is found, which a whole-number
		// local stored as 0, the first item's index, and which == -1
		// or + 1 stopped with Go's "interface conversion: any is nil,
		// not int"; findLastIndex, rewritten above, gives -1. The first
		// index found is kept (the predicate runs no more once it is).
		firstIndex := at(&ast.ConditionalNode{
			Cond: at(&ast.BinaryNode{Operator: ">=", Left: at(&ast.PointerNode{Name: "acc"}), Right: at(&ast.IntegerNode{Value: 0})}),
			Exp1: at(&ast.PointerNode{Name: "acc"}),
			Exp2: at(&ast.ConditionalNode{
				Cond: pred.Node,
				Exp1: at(&ast.PointerNode{Name: "index"}),
				Exp2: at(&ast.PointerNode{Name: "acc"}),
			}),
		})
		// int(...): reduce is typed any, and findIndex was a whole number.
		ast.Patch(node, at(&ast.BuiltinNode{Name: "int", Arguments: []ast.Node{at(&ast.BuiltinNode{Name: "reduce", Arguments: []ast.Node{
			b.Arguments[0], at(&ast.PredicateNode{Node: firstIndex}), at(&ast.IntegerNode{Value: -1}),
		}})}}))
		return
	}
	var found ast.Node = at(&ast.MemberNode{Node: ident(lastListVar), Property: ident(lastIndexVar)})
	if b.Map != nil {
		// map([found], MAP)[0]: the map's # is the element found.
		one := at(&ast.ArrayNode{Nodes: []ast.Node{found}})
		mapped := at(&ast.BuiltinNode{Name: "map", Arguments: []ast.Node{one, at(&ast.PredicateNode{Node: b.Map})}})
		found = at(&ast.MemberNode{Node: mapped, Property: at(&ast.IntegerNode{Value: 0})})
	}
	// Nothing found: nil, or for filter(...)[-1] the error indexing an
	// empty list gives, [][-1]. (The found branch comes first: a
	// conditional takes its first branch's type when the second is nil
	// or untyped.)
	var none ast.Node = at(&ast.NilNode{})
	if b.Throws {
		none = at(&ast.MemberNode{Node: at(&ast.ArrayNode{}), Property: at(&ast.UnaryNode{Operator: "-", Node: at(&ast.IntegerNode{Value: 1})})})
	}
	isFound := at(&ast.BinaryNode{Operator: ">=", Left: ident(lastIndexVar), Right: at(&ast.IntegerNode{Value: 0})})
	found = at(&ast.ConditionalNode{Cond: isFound, Exp1: found, Exp2: none})
	ast.Patch(node, at(&ast.VariableDeclaratorNode{
		Name:  lastListVar,
		Value: b.Arguments[0],
		Expr: at(&ast.VariableDeclaratorNode{
			Name:  lastIndexVar,
			Value: lastIndex(ident(lastListVar)),
			Expr:  found,
		}),
	}))
}
