package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// scanPatch makes the work of reading a string whole count (stdlib's
// scan.go): where an operator or one of expr-lang's string built-ins
// reads a string that is not a literal, the string passes through
// stdlib.ScanFunc, a step for every 64 bytes; `a matches p` becomes a
// call of stdlib.MatchFunc, whose cost grows with the pattern's program
// too. It reports whether it changed the node (inPatch runs again until
// nothing changes, so a string already handed through is left alone).
func scanPatch(node *ast.Node) bool {
	switch x := (*node).(type) {
	case *ast.BinaryNode:
		if (x.Operator == "==" || x.Operator == "!=") && isList(x.Left) && isList(x.Right) {
			// Lists compared walk each other, lists inside them too.
			var eq ast.Node = &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.EqualFunc}, Arguments: []ast.Node{ctxNode(), x.Left, x.Right}}
			if x.Operator == "!=" {
				eq = &ast.UnaryNode{Operator: "!", Node: eq}
			}
			ast.Patch(node, eq)
			return true
		}
		if (x.Operator == "==" || x.Operator == "!=") && sameByIdentity(x.Left, x.Right) {
			// Combatants and sides are the same one or not: expr-lang's
			// VM copied both and compared every attribute (stdlib.SameFunc).
			var eq ast.Node = &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.SameFunc}, Arguments: []ast.Node{x.Left, x.Right}}
			if x.Operator == "!=" {
				eq = &ast.UnaryNode{Operator: "!", Node: eq}
			}
			ast.Patch(node, eq)
			return true
		}
		if x.Operator == "in" && isList(x.Left) && isList(x.Right) {
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.ListInFunc}, Arguments: []ast.Node{ctxNode(), x.Left, x.Right}})
			return true
		}
		if !isString(x.Left) || !isString(x.Right) {
			return false
		}
		switch x.Operator {
		case "matches":
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.MatchFunc}, Arguments: []ast.Node{ctxNode(), x.Left, x.Right}})
			return true
		case "contains":
			// The haystack is read whole, whatever the needle.
			return scanned(&x.Left)
		case "==", "!=", "<", "<=", ">", ">=", "startsWith", "endsWith":
			// Read up to the shorter one's length: a literal bounds it.
			if isLiteral(x.Left) || isLiteral(x.Right) {
				return false
			}
			return scanned(&x.Left)
		}
	case *ast.CallNode:
		// A library function that reads its strings whole (replace,
		// plural): each one that is not a literal is counted.
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok {
			return false
		}
		if f := stdlib.Lookup(id.Value); f != nil && f.Scans {
			for i := range x.Arguments {
				if isString(x.Arguments[i]) && scanned(&x.Arguments[i]) {
					return true
				}
			}
		}
	case *ast.BuiltinNode:
		if x.Name == "uniq" && len(x.Arguments) == 1 {
			// uniq compares every pair of items: counted (stdlib.PairsFunc).
			return handedThrough(&x.Arguments[0], stdlib.PairsFunc)
		}
		if len(x.Arguments) == 0 || !isString(x.Arguments[0]) {
			return false
		}
		switch {
		case x.Name == "split" || x.Name == "splitAfter":
			return handedThrough(&x.Arguments[0], stdlib.PiecesFunc)
		case scanBuiltins[x.Name]:
			return scanned(&x.Arguments[0])
		}
	}
	return false
}

// scanBuiltins are expr-lang's built-ins that read their first argument,
// a string, whole (len counts its characters); split and splitAfter cut
// it into pieces (PiecesFunc).
var scanBuiltins = map[string]bool{
	"len": true, "trim": true, "trimPrefix": true, "trimSuffix": true, "upper": true, "lower": true,
	"indexOf": true, "lastIndexOf": true, "hasPrefix": true, "hasSuffix": true,
}

// scanned hands the string *n through stdlib.ScanFunc (handedThrough).
func scanned(n *ast.Node) bool { return handedThrough(n, stdlib.ScanFunc) }

// handedThrough hands the string (or list) *n through the counting
// function fn, unless it is a literal or already handed through; it
// reports whether it changed *n.
func handedThrough(n *ast.Node, fn string) bool {
	if isLiteral(*n) {
		return false
	}
	if c, ok := (*n).(*ast.CallNode); ok {
		if id, ok := c.Callee.(*ast.IdentifierNode); ok && (id.Value == stdlib.ScanFunc || id.Value == stdlib.PiecesFunc || id.Value == stdlib.PairsFunc) {
			return false
		}
	}
	ast.Patch(n, &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: []ast.Node{ctxNode(), *n}})
	return true
}

// sameByIdentity reports whether a == b compares combatants or sides,
// or two values typed any that may be (an element of a list expr-lang's
// filter or concat made); not nil, which the VM compares without a copy.
func sameByIdentity(a, b ast.Node) bool {
	if isNilNode(a) || isNilNode(b) || a.Type() == nil || b.Type() == nil {
		return false
	}
	entity := func(t reflect.Type) bool { return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct }
	ta, tb := a.Type(), b.Type()
	return entity(ta) || entity(tb) || ta.Kind() == reflect.Interface && tb.Kind() == reflect.Interface
}

func isNilNode(n ast.Node) bool {
	_, ok := n.(*ast.NilNode)
	return ok
}

func ctxNode() ast.Node { return &ast.IdentifierNode{Value: "ctx"} }

// isList reports whether n is a list or a map.
func isList(n ast.Node) bool {
	t := n.Type()
	return t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Map)
}

func isString(n ast.Node) bool { return n.Type() != nil && n.Type().Kind() == reflect.String }

func isLiteral(n ast.Node) bool {
	switch n.(type) {
	case *ast.StringNode, *ast.ConstantNode:
		return true
	}
	return false
}
