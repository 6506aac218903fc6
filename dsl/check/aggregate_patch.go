package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// aggregatePatch makes mean(...) and median(...) typed as a whole
// number, and max(...) or min(...) of a whole number and a float typed as
// a whole number, a call of float(...) of them. expr-lang types those
// builtins as their first argument, while mean and median always give a
// float and max(1, 2.5) gives 2.5: `let m = mean(a, b)` kept 1 of 1.5
// (a local of the type the checker saw), and lint passed `c.hp = mean(a,
// b)`, a float given for a whole number, which it refuses for `a / b`
// (F103). float(...) gives the same value, typed as it is. It reports
// whether it patched; done holds the calls it wrapped, which the check
// after the patch types as before.
func aggregatePatch(node *ast.Node, done *map[ast.Node]bool) bool {
	b, ok := (*node).(*ast.BuiltinNode)
	if !ok || (*done)[b] || b.Type() == nil || b.Type().Kind() != reflect.Int || len(b.Arguments) == 0 {
		return false
	}
	switch b.Name {
	case "mean", "median":
	case "max", "min":
		float := false
		for _, a := range b.Arguments {
			if t := a.Type(); t != nil && (t.Kind() == reflect.Float64 || t.Kind() == reflect.Float32) {
				float = true
			}
		}
		if !float {
			return false
		}
	default:
		return false
	}
	if *done == nil {
		*done = map[ast.Node]bool{}
	}
	(*done)[b] = true
	ast.Patch(node, &ast.BuiltinNode{Name: "float", Arguments: []ast.Node{b}})
	return true
}
