package check

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// noneLet warns (F411) of `let h = x?.hp` whose attribute is a number,
// a text or a truth: x?.hp is nothing when x is nobody, and a let
// of nothing where a value must be stops the run there (interp's "cannot
// store nothing in an int"). The ?. says x may be nobody, so the let
// fails in just the case the rule guarded against; x?.hp ?? 0 gives a
// fallback. A let of a combatant or a side (x?.foe) may hold nobody and
// is not warned of, nor one of dice (whose fallback, d4 in an
// expression, would be a roll); nor is first, max or min of a list (the shipped
// rulesets keep max(map(sides, ...)) of lists that are never empty).
func (bc *bodyCheck) noneLet(l *syntax.LetStmt, ce *CExpr) {
	if ce == nil || ce.Type == nil || ce.Expr == nil {
		return
	}
	if _, ok := ce.Node.(*ast.ChainNode); !ok {
		return
	}
	switch ce.Type.Kind {
	case KInt, KFloat, KBool, KString:
	default:
		return
	}
	text, _ := ce.Expr.Text()
	bc.c.warnf(diag.CodeNoneLet, syntax.RangeOf(ce.Expr.Pos, ce.Expr.EndPos),
		"give a fallback for nobody: let "+l.Name.Text+" = "+text+" ?? "+fallbackFor(ce.Type.Kind),
		"%s is nothing when what comes before ?. is nobody, and a let of nothing stops the run", text)
}

// fallbackFor is a value of the kind for the hint.
func fallbackFor(k TypeKind) string {
	switch k {
	case KFloat:
		return "0.0"
	case KBool:
		return "false"
	case KString:
		return `""`
	}
	return "0"
}
