package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// uncalledFunc reports, and says whether there is, a function named
// without a call in e's checked tree: `let f = distance`, `const x =
// pick`. expr-lang types such a name as a Go function and accepts it,
// and at run time it cannot be fetched from the frame: the error quoted
// the frame's Go struct ("cannot fetch distance from *struct { V0
// context.Context ... }"). A function is only ever called.
func (c *checker) uncalledFunc(e *syntax.Expr, root ast.Node) bool {
	v := &uncalledVisitor{callees: map[ast.Node]bool{}}
	ast.Walk(&root, v)
	var found *ast.IdentifierNode
	for _, id := range v.ids {
		if !v.callees[id] {
			found = id
			break
		}
	}
	if found == nil {
		return false
	}
	name := found.Value
	from := found.Location().From
	c.errorf(diag.CodeType, c.exprRange(e, from, from+len([]rune(name))),
		"call it with its arguments, "+name+"(...); a function is not a value",
		"%s is a function, named without a call", name)
	return true
}

type uncalledVisitor struct {
	callees map[ast.Node]bool
	ids     []*ast.IdentifierNode
}

// Visit marks callees and collects identifiers (ast.Walk visits a
// call's callee before the call, so they are compared after the walk).
func (v *uncalledVisitor) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.CallNode:
		v.callees[x.Callee] = true
	case *ast.IdentifierNode:
		if t := x.Type(); t != nil && t.Kind() == reflect.Func {
			v.ids = append(v.ids, x)
		}
	}
}
