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

// rowLiteral is a table row's literal value, boxed once when the plan is
// made: a look-up that lands on the row returns it as it is, where
// literalValue would box a string again at every look-up.
type rowLiteral struct {
	v  any
	ok bool // the row's value is a literal (literalValue)
}

// rowLiterals are the literal values of t's rows, by row.
func rowLiterals(t *check.Table) []rowLiteral {
	out := make([]rowLiteral, len(t.Rows))
	for i, row := range t.Rows {
		out[i].v, out[i].ok = literalValue(row.Value, t.Result)
	}
	return out
}
