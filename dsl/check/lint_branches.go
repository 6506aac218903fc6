package check

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A ?: whose two branches are of different types: `c.prone ? c.move / 2
// : c.move` is a float (/ gives one) or a whole number, whichever branch
// runs. expr-lang types it "any", so nothing checks its use: handed to a
// function that wants a whole number it fails only when the float branch
// is taken, in the middle of a fight. Lint warns (F408) and says how to
// make the branches agree.

// lintBranches warns of each ?: in the checked tree whose branches are
// of two different types.
func (c *checker) lintBranches(e *syntax.Expr, root ast.Node) {
	ast.Find(root, func(n ast.Node) bool {
		x, ok := n.(*ast.ConditionalNode)
		if !ok {
			return false
		}
		a, b := branchType(x.Exp1), branchType(x.Exp2)
		if a == nil || b == nil || a == b || a.Kind() == reflect.String || b.Kind() == reflect.String {
			// Text or a number is what a template prints ({n == 0 ?
			// '' : n}): both are fine there.
			return false
		}
		from, to := span(x)
		hint := "make both branches the same type"
		if a.Kind() == reflect.Float64 && b.Kind() == reflect.Int || a.Kind() == reflect.Int && b.Kind() == reflect.Float64 {
			hint = "a / b gives a float: write int(a / b) for a whole number, or float(...) on the other branch"
		}
		c.warnf(diag.CodeMixedBranches, c.exprRange(e, from, to), hint,
			"the two branches of ?: are %s and %s: the value is one or the other, whichever runs", c.u.Friendly(a.String()), c.u.Friendly(b.String()))
		return false
	})
}

// branchType is the type of a branch when it is one of the plain kinds
// (a whole number, a float, a truth, a string); nil for anything else
// (none, any, a combatant), which this lint leaves alone. A string and a
// number mixed are left alone too: that is what a template prints.
func branchType(n ast.Node) reflect.Type {
	t := n.Type()
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Float64, reflect.Bool, reflect.String:
		return t
	}
	return nil
}

// span is where the whole of n sits in the expression's text: expr-lang
// places a node at its operator or name only.
func span(n ast.Node) (from, to int) {
	from, to = n.Location().From, n.Location().To
	ast.Find(n, func(m ast.Node) bool {
		l := m.Location()
		if l.To > l.From || l.From > 0 {
			from, to = min(from, l.From), max(to, l.To)
		}
		return false
	})
	return from, to
}

// branchesFit reports, as errors, each branch of a ?: (nested ones too)
// that cannot be the value wanted: `c.hp = c.ok ? "x" : 1` is typed any
// by expr-lang, so it passed the check of its whole and failed only when
// the text branch ran, mid-fight. Only plain kinds are judged: a float
// for a whole number is allowed (it is stored as int() gives it), and a
// branch of any other type is left to the run. It tells whether every
// branch fits.
//
// The sides of a ?? are judged the same way: `first(c.levels) ?? "none"`
// of a list of whole numbers, given where a string is wanted, passed
// too and stopped the run with "cannot store 3 in a string" (the tenth
// homebrew round).
func (c *checker) branchesFit(e *syntax.Expr, root ast.Node, want *Type) bool {
	if !plainKind(want.Kind) {
		return true
	}
	var sides []ast.Node
	what, hint := "in a branch of ?:", "this branch runs when its condition says so, and then the value is %s: make both branches %s"
	switch x := root.(type) {
	case *ast.ConditionalNode:
		sides = []ast.Node{x.Exp1, x.Exp2}
	case *ast.BinaryNode:
		if x.Operator != "??" {
			return true
		}
		sides = []ast.Node{x.Left, x.Right}
		what, hint = "on a side of ??", "a ?? gives its left side, or its right one when the left is none, and this one is %s: make both sides %s"
	default:
		return true
	}
	fits := true
	for _, b := range sides {
		if !c.branchesFit(e, b, want) {
			fits = false
			continue
		}
		r := branchType(b)
		if r == nil {
			continue
		}
		t := c.u.TypeOfR(r)
		if Assignable(t, want) || t.Kind == KFloat && want.Kind == KInt {
			continue
		}
		from, to := span(b)
		c.errorf(diag.CodeType, c.exprRange(e, from, to), fmt.Sprintf(hint, t.Article(), want.Article()),
			"expected %s, found %s %s", want, t, what)
		fits = false
	}
	return fits
}

// plainKind tells whether k is a whole number, a float, a truth or text.
func plainKind(k TypeKind) bool {
	return k == KInt || k == KFloat || k == KBool || k == KString
}
