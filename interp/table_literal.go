package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// literalValue is the value of a table row's value that is a literal of
// the table's own type ("D", 3, true): what evaluating it gives, without
// the frame of globals an evaluation borrows. false for anything else
// (a constant's name, arithmetic, dice), which is evaluated.
func literalValue(ce *check.CExpr, want *check.Type) (any, bool) {
	if ce == nil || want == nil {
		return nil, false
	}
	if ce.Const != nil {
		return ce.Const, true
	}
	switch x := ce.Node.(type) {
	case *ast.StringNode:
		return x.Value, want.R == strT
	case *ast.IntegerNode:
		return x.Value, want.R == intT
	case *ast.BoolNode:
		return x.Value, want.R == boolT
	}
	return nil, false
}
