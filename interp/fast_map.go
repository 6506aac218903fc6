package interp

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// max and min of a map over combatants or sides, natively, without the
// list map makes: max(map(standing(enemy_sides(s)), .init)). expr-lang
// types them any, because its max of an empty list is nil; so is this
// one's, and a fn declared to give a whole number fails on it (see
// intOfAny).

// anyValue compiles an expression expr-lang types any; nil when it has no
// native form.
func (c *fastCompiler) anyValue(n ast.Node) anyFn {
	if fn := c.anyName(n); fn != nil { // a local held untyped: fast_anycmp.go
		return fn
	}
	if x, ok := n.(*ast.ConditionalNode); ok {
		// c ? a : b of two types (a whole number or a float, say): the
		// value of the branch taken, boxed as it is.
		cond, a, b := c.bool(x.Cond), c.boxed(x.Exp1), c.boxed(x.Exp2)
		if cond == nil || a == nil || b == nil {
			return nil
		}
		return func(r *Run, f addr) (any, error) {
			ok, err := cond(r, f)
			if err != nil {
				return nil, err
			}
			if ok {
				return a(r, f)
			}
			return b(r, f)
		}
	}
	if x, ok := n.(*ast.BinaryNode); ok {
		return c.anyArith(x) // fast_anyarith.go
	}
	if x, ok := n.(*ast.CallNode); ok {
		return c.orAny(x) // fast_chain.go
	}
	b, ok := n.(*ast.BuiltinNode)
	if ok && b.Name == "find" && b.Map == nil {
		if fn := c.strFind(b); fn != nil { // of a list of strings: fast_strlists.go
			return fn
		}
		return c.intFind(b) // of whole numbers: fast_int_preds.go
	}
	if !ok || (b.Name != "max" && b.Name != "min") {
		return nil
	}
	if len(b.Arguments) != 1 {
		return c.anyMinMax(b) // fast_anyarith.go
	}
	return c.bestOf(b) // fast_mapped.go
}

// noValue is the failure of a fn declared to give a whole number, a
// truth value or a string whose body gave nil (max or min of an empty
// list), in the VM (Run.Call) and natively (intOfAny) alike.
func noValue(f *check.Func) error {
	return fmt.Errorf("fn %s gave no value, where it must give %s (max and min of an empty list give none)", f.Name, f.Result.Article())
}

// intOfAny is the body of a fn declared int whose expression is typed any.
func intOfAny(f *check.Func, a anyFn) intFn {
	return func(r *Run, fr addr) (int, error) {
		v, err := a(r, fr)
		if err != nil {
			return 0, err
		}
		return intResult(f, v)
	}
}

// intResult is the whole number a fn declared int gives when its body,
// typed any, gave v: a float's whole part, as int() gives it and as an
// int attribute stores it (c ? 2.5 : 1 gives 2); nil is noValue. In the
// VM (Run.callExpr) and natively alike: the VM gave the float on (an
// int fn giving 3.5 to its caller), natively it was "no value".
func intResult(f *check.Func, v any) (int, error) {
	switch x := v.(type) {
	case int:
		return x, nil
	case float64:
		return stdlib.ToInt(x)
	case nil:
		return 0, noValue(f)
	}
	// c ? "x" : 1: the checker types it any and lets it through.
	return 0, fmt.Errorf("fn %s gave %s, where it must give %s", f.Name, brief(v), f.Result.Article())
}

// findOf reports whether b is find over combatants or sides with a
// predicate: what expr-lang's optimizer makes of first(filter(...)).
// (findLast never reaches the planner: the checker rewrites it into a
// forward loop, dsl/check/find_last.go.)
func (c *fastCompiler) findOf(b *ast.BuiltinNode) bool {
	if b.Name != "find" || len(b.Arguments) != 2 || !c.isEntityList(b.Arguments[0].Type()) {
		return false
	}
	_, ok := b.Arguments[1].(*ast.PredicateNode)
	return ok
}

// find compiles find: the first element the predicate holds for, or nobody (expr-lang's untyped nil, see noBox).
// The find expr-lang's optimizer makes of filter(...)[0] throws instead
// (b.Throws), with the error the VM throws: an index out of range, as
// the [0] it stands for.
func (c *fastCompiler) find(b *ast.BuiltinNode) ptrFn {
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil {
		return nil
	}
	c.untyped = true
	var none error
	if b.Throws {
		none = &exprErr{findThrowsMsg}
	}
	return func(r *Run, f addr) (addr, error) {
		list, err := src(r, f)
		if err != nil {
			return addr{}, err
		}
		for i := range list {
			if err := r.Work(1); err != nil { // a predicate's visits count
				return addr{}, err
			}
			e := list[i]
			ok, err := ofElem(r, f, e, pred)
			if err != nil || ok {
				return e, err
			}
		}
		return addr{}, none
	}
}

// findThrowsMsg is the error expr-lang's VM throws when the find made of
// filter(...)[0] finds nothing (its compiler's OpThrow).
const findThrowsMsg = "reflect: slice index out of range"

// rangeBounds plans the bounds of a loop over a range, lo..hi, of
// whole numbers with native forms: the loop counts from one to the other
// without the list expr-lang would make. nil, nil for anything else.
func (p *Plan) rangeBounds(ce *check.CExpr) (intFn, intFn) {
	if ce == nil || ce.Node == nil || ce.Frame == nil || ce.Frame.R == nil {
		return nil, nil
	}
	l, h, ok := check.RangeBounds(ce.Node) // lo..hi, or the call it became
	if !ok {
		return nil, nil
	}
	c := &fastCompiler{p: p, ce: ce, fr: ce.Frame}
	lo, hi := c.int(l), c.int(h)
	if lo == nil || hi == nil {
		return nil, nil
	}
	return lo, hi
}

// rangeOf evaluates a range's bounds and counts its length toward the
// run's work, refusing one over the expression memory budget as
// expr-lang's VM does (its list would hold that many numbers).
func rangeOf(r *Run, base addr, lo, hi intFn) (int, int, error) {
	mark := len(r.scratch)
	defer func() { r.dropScratch(mark) }()
	from, err := lo(r, base)
	if err != nil {
		return 0, 0, err
	}
	to, err := hi(r, base)
	if err != nil {
		return 0, 0, err
	}
	_, err = stdlib.RangeLen(r, from, to) // exact for any two ints, and counted
	if errors.Is(err, stdlib.ErrMemoryBudget) {
		return 0, 0, &exprErr{err.Error()}
	}
	return from, to, err
}

// typeOf is the type of n's value: expr-lang's, except that a call of a
// function whose signature gives one type (a ruleset fn, after
// expr-lang's second check of the patched tree, is typed any) has that
// type, and arithmetic on whole numbers so typed gives a whole number,
// as it does when the VM runs it.
func (c *fastCompiler) typeOf(n ast.Node) reflect.Type {
	t := n.Type()
	if t != anyT {
		return t
	}
	switch x := n.(type) {
	case *ast.CallNode:
		if c.isOrStr(x) {
			return strT
		}
		if ft := x.Callee.Type(); ft != nil && ft.Kind() == reflect.Func && ft.NumOut() >= 1 {
			if out := ft.Out(0); out == intT || out == boolT || out == strT {
				return out
			}
		}
		// The calls the checker adds after expr-lang's check (the
		// internal functions of stdlib: __str, __div...) are untyped.
		if id, ok := x.Callee.(*ast.IdentifierNode); ok && c.p.funcs[id.Value] == nil {
			if f := stdlib.Lookup(id.Value); f != nil {
				switch f.Result {
				case stdlib.Int:
					return intT
				case stdlib.Bool:
					return boolT
				case stdlib.String:
					return strT
				case stdlib.Float:
					return floatT
				}
			}
		}
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-", "*", "%":
			if c.typeOf(x.Left) == intT && c.typeOf(x.Right) == intT {
				return intT
			}
		}
	case *ast.UnaryNode:
		if x.Operator == "-" && c.typeOf(x.Node) == intT {
			return intT
		}
	case *ast.MemberNode:
		// first(L).attr of a list expr-lang types a list of any (a
		// filter, a joined list, M[K] of a map groupBy made): the
		// attribute's type (location reads it).
		b, ok := x.Node.(*ast.BuiltinNode)
		name, named := x.Property.(*ast.StringNode)
		if !ok || !named || x.Optional || x.Method || b.Name != "first" && b.Name != "last" {
			break
		}
		if et := c.entityType(b); et != nil {
			if sf, ok := fieldByExprTag(et.Elem(), name.Value); ok {
				return sf.Type
			}
		}
	}
	return t
}

// isOrStr reports whether x is $or_any(a, b) (the checker's a ?? b of a
// left side typed any) of a string b and an a that gives a string or
// nil: first(filter(c.book, ...)) ?? "" (which expr-lang's optimizer
// makes find(c.book, ...)), a string either way.
func (c *fastCompiler) isOrStr(x *ast.CallNode) bool {
	id, ok := x.Callee.(*ast.IdentifierNode)
	return ok && id.Value == "$or_any" && len(x.Arguments) == 2 && c.p.funcs[id.Value] == nil &&
		strEndOf(x.Arguments[0]) && c.typeOf(x.Arguments[1]) == strT
}

// strEndOf reports whether n is first(L) or last(L) of a list of
// strings, or of a filter of one, or find(L, PREDICATE) of one: a
// string, or nil when there is none.
func strEndOf(n ast.Node) bool {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Map != nil {
		return false
	}
	switch {
	case b.Name == "find" && len(b.Arguments) == 2:
		return b.Arguments[0].Type() == strsT
	case (b.Name == "first" || b.Name == "last") && len(b.Arguments) == 1:
		l := b.Arguments[0]
		if f, ok := l.(*ast.BuiltinNode); ok && f.Name == "filter" && len(f.Arguments) == 2 && f.Map == nil {
			l = f.Arguments[0]
		}
		return l.Type() == strsT
	}
	return false
}
