package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Whole-number overflow in expr-lang's VM. Its +, - and * of whole
// numbers, unary minus, abs and sum wrap round as Go's do; the
// interpreter's native forms stop the run instead (stdlib/wholes.go).
// The tree the checker keeps is the one the native compiler reads, with
// its operators as written; the VM's bytecode is compiled from a copy
// of it (vmTree) in which each of them is a call of the library's
// checked function, so that both plans fail alike, with the same words,
// at the expression. The calls cost the VM a little; the native plan
// nothing.

// vmTree is a copy of n with its whole-number arithmetic checked: the
// tree CExpr.Program compiles. With ctx (a rule's expression, whose
// environment holds the running fight), a + that may join two strings
// typed any is counted too (AddTextFunc); an expectation has no ctx, and
// its work is estimated before it runs (testwork.go).
func vmTree(n ast.Node, ctx bool) ast.Node {
	cp := cloneNode(n)
	ast.Walk(&cp, wholesPatch{ctx: ctx})
	return cp
}

var (
	nodeT  = reflect.TypeFor[ast.Node]()
	nodesT = reflect.TypeFor[[]ast.Node]()
)

// cloneNode is a deep copy of the tree under n: every node new, the
// values nodes hold (a constant's, types) shared, as nothing changes
// them.
func cloneNode(n ast.Node) ast.Node {
	if n == nil {
		return nil
	}
	v := reflect.ValueOf(n)
	cp := reflect.New(v.Elem().Type())
	cp.Elem().Set(v.Elem())
	e := cp.Elem()
	for i := 0; i < e.NumField(); i++ {
		f := e.Field(i)
		switch {
		case !f.CanSet(), f.IsZero():
		case f.Type() == nodeT:
			f.Set(reflect.ValueOf(cloneNode(f.Interface().(ast.Node))))
		case f.Type() == nodesT:
			old := f.Interface().([]ast.Node)
			nodes := make([]ast.Node, len(old))
			for j, x := range old {
				nodes[j] = cloneNode(x)
			}
			f.Set(reflect.ValueOf(nodes))
		}
	}
	return cp.Interface().(ast.Node)
}

// wholesPatch makes the whole-number arithmetic of a tree calls of the
// library's checked functions: a + b, a - b and a * b where each operand
// is a whole number or a value typed any (which may hold one), -a and
// abs(a) of either, a / b where one is typed any (DivAnyFunc: a whole
// number by zero is an error, as c.hp / 0 is), and sum(L) or sum(L, X) of whole numbers or values
// typed any, which becomes reduce(L, __add(#acc, X), 0): the same loop
// as sum's, whose + is checked (and is expr-lang's own for a float). Each new node keeps the type of the one it
// replaces, which the compiler reads.
//
// With ctx, a + b of which one is typed any and neither a number (any
// and any, a string and any) becomes a call of AddTextFunc: expr-lang's
// + of two strings typed any was counted nowhere (the checker counts a +
// typed string: __str), and reduce(1..40, #acc + #acc, 'x') made a
// string of a terabyte.
type wholesPatch struct{ ctx bool }

func (w wholesPatch) Visit(node *ast.Node) {
	switch x := (*node).(type) {
	case *ast.BinaryNode:
		if w.ctx && x.Operator == "+" && mayJoinText(x.Left, x.Right) {
			call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.AddTextFunc}, Arguments: []ast.Node{ctxNode(), x.Left, x.Right}}
			call.SetNature(*x.Nature())
			ast.Patch(node, call)
			return
		}
		var fn string
		switch x.Operator {
		case "+":
			fn = stdlib.AddFunc
		case "-":
			fn = stdlib.SubFunc
		case "*":
			fn = stdlib.MulFunc
		case "/":
			// Of two whole numbers the checker made it DivFunc already;
			// one typed any may hold a whole number too.
			if !isAnyNode(x.Left) && !isAnyNode(x.Right) {
				return
			}
			fn = stdlib.DivAnyFunc
		}
		if fn == "" || !wholeOrAny(x.Left) || !wholeOrAny(x.Right) {
			return
		}
		patchCall(node, fn, x.Left, x.Right)
	case *ast.UnaryNode:
		if x.Operator == "-" && wholeOrAny(x.Node) {
			patchCall(node, stdlib.NegFunc, x.Node)
		}
	case *ast.BuiltinNode:
		switch {
		case x.Name == "abs" && len(x.Arguments) == 1 && wholeOrAny(x.Arguments[0]):
			patchCall(node, stdlib.AbsFunc, x.Arguments[0])
		case x.Name == "sum" && wholeOrAny(x) && len(x.Arguments) >= 1 && len(x.Arguments) <= 2:
			var item ast.Node = &ast.PointerNode{}
			if len(x.Arguments) == 2 {
				p, ok := x.Arguments[1].(*ast.PredicateNode)
				if !ok {
					return
				}
				item = p.Node
			}
			acc := &ast.PointerNode{Name: "acc"}
			add := &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.AddFunc}, Arguments: []ast.Node{acc, item}}
			add.SetType(x.Type())
			zero := &ast.IntegerNode{Value: 0}
			zero.SetType(reflect.TypeFor[int]())
			red := &ast.BuiltinNode{Name: "reduce", Arguments: []ast.Node{x.Arguments[0], &ast.PredicateNode{Node: add}, zero}}
			red.SetNature(*x.Nature())
			ast.Patch(node, red)
		}
	}
}

// patchCall replaces *node with a call of fn, of the same type.
func patchCall(node *ast.Node, fn string, args ...ast.Node) {
	call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args}
	call.SetNature(*(*node).Nature())
	ast.Patch(node, call)
}

// mayJoinText reports whether a + b may join two strings that no check
// counts: each a string or typed any, one at least typed any.
func mayJoinText(a, b ast.Node) bool {
	kind := func(n ast.Node) reflect.Kind {
		if n.Type() == nil {
			return reflect.Invalid
		}
		return n.Type().Kind()
	}
	ka, kb := kind(a), kind(b)
	text := func(k reflect.Kind) bool { return k == reflect.String || k == reflect.Interface }
	return text(ka) && text(kb) && (ka == reflect.Interface || kb == reflect.Interface)
}

// isAnyNode reports whether n is typed any.
func isAnyNode(n ast.Node) bool { return n.Type() != nil && n.Type().Kind() == reflect.Interface }

// wholeOrAny reports whether n is a whole number or typed any.
func wholeOrAny(n ast.Node) bool {
	t := n.Type()
	return t != nil && (t.Kind() == reflect.Int || t.Kind() == reflect.Interface)
}
