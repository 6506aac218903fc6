package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// intPatch makes int(x) a call of stdlib.IntFunc when x is a float or a
// value of no one type (which may be a float while the fight runs):
// expr-lang's int converts as Go does, NaN and the infinities to the
// smallest whole number, and the run carried on with it. A whole number
// or a string (which int parses) keeps expr-lang's int. It reports
// whether it patched.
func intPatch(node *ast.Node) bool {
	b, ok := (*node).(*ast.BuiltinNode)
	if !ok || b.Name != "int" || len(b.Arguments) != 1 || b.Arguments[0].Type() == nil {
		return false
	}
	switch b.Arguments[0].Type().Kind() {
	case reflect.Float64, reflect.Float32, reflect.Interface:
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.IntFunc}, Arguments: b.Arguments})
		return true
	}
	return false
}

// expectIntPatch is intPatch for a test's expectations: int(0.0 / 0.0)
// was -9223372036854775808 there (expect int(0.0 / 0.0) < 0 passed),
// where a rule stops at it.
type expectIntPatch struct{}

func (expectIntPatch) Visit(node *ast.Node) { intPatch(node) }

// expectInt is int(x) of a float in an expectation: stdlib.IntFunc's.
func expectInt(params ...any) (any, error) { return stdlib.Lookup(stdlib.IntFunc).Impl(nil, params) }
