package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// What a quiet run (Run.quiet: nobody reads its log) may skip of a log
// line or an event's text: the parts that are native, have no effect and
// can fail only by reading a field of a parameter or local that is
// nobody, which the run checks for somebody instead. Decided when the
// plan is made; a part that may roll, count work or stop the run is
// still evaluated, so a quiet run and a logged one end alike.

// quietTemplate decides how a run nobody logs may go through an event's
// text: the parts that are native and can fail only by reading a field
// of a parameter that is nobody are skipped; it returns the indexes of
// the other parts, which the run still evaluates (they may roll, or stop
// the run), and the indexes of those parameters, to check at dispatch.
// ok is false when nothing may be skipped.
func (p *Plan) quietTemplate(ev *check.Event) (ok bool, roots []int, keep []int) {
	if ev.Template == nil {
		return true, nil, nil
	}
	names := map[string]bool{}
	for i, part := range ev.Template.Parts {
		if part.Expr == nil {
			continue
		}
		own := map[string]bool{}
		if part.Expr.ID >= len(p.fast) || !skippablePart(part.Expr, p.fast[part.Expr.ID]) || !p.cannotFail(part.Expr.Node, own) {
			keep = append(keep, i)
			continue
		}
		for name := range own {
			names[name] = true
		}
	}
	for name := range names {
		found := false
		for i, pi := range ev.Params {
			if pi.Name == name {
				roots = append(roots, i)
				found = true
			}
		}
		if !found {
			return false, nil, nil
		}
	}
	return true, roots, keep
}

// skippablePart reports whether a quiet run may skip a template part ce
// planned as fe: it is native, and not a list of strings nor any part
// that printsLong (a list, a value typed any: a local held untyped,
// none, c.x == 0 ? "" : c.x), which the log prints counting what it
// prints (renderLong): skipped, a quiet run (sim) counted a step fewer
// than the logged run of the same fight for each, and could stop at
// --max-steps elsewhere.
func skippablePart(ce *check.CExpr, fe *fexpr) bool {
	return fe != nil && fe.ss == nil && !printsLong(ce)
}

// quietLog decides, as quietTemplate does for events, how a run nobody
// logs may go through a log statement's template: the parts that are
// native and unable to fail but by reading a field of a local of the
// frame fr holding a combatant or side are skipped; it gives the indexes
// of the other parts, which the run still evaluates (they may roll, or
// stop the run: whole-number arithmetic beyond its range), and the
// skipped parts' locals' offsets, to check for somebody when the
// statement runs. ok is false when nothing may be skipped.
func (p *Plan) quietLog(t *check.Template, fr *check.Frame) (keep []int, offs []uintptr, ok bool) {
	roots := map[string]bool{}
	for i, part := range t.Parts {
		if part.Expr == nil {
			continue
		}
		own := map[string]bool{}
		if !skippablePart(part.Expr, p.fastExpr(part.Expr)) || !p.cannotFail(part.Expr.Node, own) {
			keep = append(keep, i)
			continue
		}
		for name := range own {
			roots[name] = true
		}
	}
	for _, ff := range fr.Fields {
		if !roots[ff.Name] {
			continue
		}
		s := slotIn(fr, ff.Index, nil)
		if !s.ok || s.t.Kind() != reflect.Pointer {
			return nil, nil, false
		}
		offs = append(offs, s.off)
		delete(roots, ff.Name)
	}
	return keep, offs, len(roots) == 0
}

// cannotFail reports whether a checked expression has no effects and can
// fail only by reading a field of one of the identifiers it adds to roots.
// A quiet run skips such a part of a log line or an event's text, so
// anything that can stop the run (whole-number overflow) is not one.
func (p *Plan) cannotFail(n ast.Node, roots map[string]bool) bool {
	cannotFail := p.cannotFail
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.BoolNode, *ast.StringNode, *ast.NilNode, *ast.ConstantNode, *ast.IdentifierNode:
		return true
	case *ast.MemberNode:
		id, ok := x.Node.(*ast.IdentifierNode)
		if !ok || x.Optional || x.Method {
			return false
		}
		roots[id.Value] = true
		return true
	case *ast.UnaryNode:
		if x.Operator == "-" && !isFloat(x) {
			return false // -(-9223372036854775808) is an error
		}
		return cannotFail(x.Node, roots)
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-", "*":
			// Whole numbers stop the run beyond their range, and a
			// string made by + over --max-string: only floats cannot.
			return isFloat(x) && cannotFail(x.Left, roots) && cannotFail(x.Right, roots)
		case "==", "!=", "<", "<=", ">", ">=", "&&", "||", "and", "or",
			"startsWith", "endsWith", "contains": // between strings: the checker saw to it
			return cannotFail(x.Left, roots) && cannotFail(x.Right, roots)
		}
	case *ast.ConditionalNode:
		return cannotFail(x.Cond, roots) && cannotFail(x.Exp1, roots) && cannotFail(x.Exp2, roots)
	case *ast.CallNode:
		// A total library function of a string, such as plural(name):
		// no world, no dice, an answer for every string.
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok || p.funcs[id.Value] != nil || p.modifiers[id.Value] != nil || p.tables[id.Value] != nil {
			return false
		}
		if f := stdlib.Lookup(id.Value); f != nil && len(x.Arguments) == 1 {
			if _, total := f.Typed.(stdlib.TypedStrBool); total {
				return cannotFail(x.Arguments[0], roots)
			}
		}
	}
	return false
}

// isFloat reports whether the checker typed n a float.
func isFloat(n ast.Node) bool { return n.Type() != nil && n.Type().Kind() == reflect.Float64 }
