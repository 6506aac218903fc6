package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// Combatants and sides, natively: which types are one (entityType, for
// forms expr-lang types any), and ptr, a single one: a name or field,
// the predicate's #, first, last and find of a list, c ? a : b, a fn or
// procedure giving one, a reference attribute, pick. Values are kept as
// addresses (addr), boxed only when expr-lang needs them.

func (c *fastCompiler) isEntity(t reflect.Type) bool {
	u := c.p.M.U
	return t != nil && (t == u.Combatant.R || t == u.Side.R)
}

// entityType is the combatant or side type n gives: its own type, or
// for first(...) and last(...) of a filter over combatants or sides or
// a sortBy of one (typed any by expr-lang), and a choice between such,
// the list's element type; nil for anything else.
func (c *fastCompiler) entityType(n ast.Node) reflect.Type {
	if t := n.Type(); c.isEntity(t) {
		return t
	}
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if (x.Name == "first" || x.Name == "last") && len(x.Arguments) == 1 {
			if t := c.anyEntityList(x.Arguments[0]); t != nil { // a filter, or sortBy of one
				return t
			}
		}
		if c.findOf(x) {
			return x.Arguments[0].Type().Elem()
		}
	case *ast.ConditionalNode:
		a, b := c.entityType(x.Exp1), c.entityType(x.Exp2)
		switch {
		case a != nil && a == b:
			return a
		case a != nil && isNilNode(x.Exp2): // c ? someone : none
			return a
		case b != nil && isNilNode(x.Exp1): // c ? none : someone
			return b
		}
	}
	return nil
}

func (c *fastCompiler) isEntityList(t reflect.Type) bool {
	return t != nil && t.Kind() == reflect.Slice && c.isEntity(t.Elem())
}

// entityListOf says whether n is a list of combatants or sides: typed
// so, or a filter of one, which expr-lang types as a list of any
// (all(filter(combatants, .alive), .safe), the chase homebrew's end
// condition, ran in the VM after every moment of its clock).
func (c *fastCompiler) entityListOf(n ast.Node) bool {
	return c.isEntityList(n.Type()) || c.filterOf(n) != nil
}

// ptrOrNil compiles a combatant or side, or the nil literal.
func (c *fastCompiler) ptrOrNil(n ast.Node) ptrFn {
	if _, ok := n.(*ast.NilNode); ok {
		return func(*Run, addr) (addr, error) { return addr{}, nil }
	}
	return c.ptr(n)
}

func (c *fastCompiler) ptr(n ast.Node) ptrFn {
	if c.entityType(n) == nil {
		return nil
	}
	switch x := n.(type) {
	case *ast.PointerNode:
		if x.Name != "" || c.preds == 0 {
			return nil
		}
		return func(r *Run, _ addr) (addr, error) {
			return r.elems[len(r.elems)-1], nil
		}
	case *ast.IdentifierNode, *ast.MemberNode:
		if m, ok := x.(*ast.MemberNode); ok && c.typeOf(m.Property) == intT {
			return c.index(m) // LIST[I], fast_lists.go
		}
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			off := loc.off
			return func(_ *Run, f addr) (addr, error) {
				return load[addr](f, off), nil
			}
		}
		return readFn[addr](loc)
	case *ast.BuiltinNode:
		if c.findOf(x) {
			return c.find(x)
		}
		if x.Name != "first" && x.Name != "last" || len(x.Arguments) != 1 ||
			!c.isEntityList(x.Arguments[0].Type()) && c.anyEntityList(x.Arguments[0]) == nil {
			return nil
		}
		last := x.Name == "last"
		l := c.list(x.Arguments[0])
		if l == nil {
			return nil
		}
		// expr-lang's first gives an untyped nil for an empty list: the
		// expression's boxed value is left to the VM (fexpr.noBox).
		c.untyped = true
		return func(r *Run, f addr) (addr, error) {
			v, err := l(r, f)
			if err != nil || len(v) == 0 {
				return addr{}, err
			}
			if last {
				return v[len(v)-1], nil
			}
			return v[0], nil
		}
	case *ast.ConditionalNode:
		// One branch may be none (`c ? someone : none`, how a fn says
		// "nobody"): entityType has checked that the other is an entity.
		cond, a, b := c.bool(x.Cond), c.ptrOrNil(x.Exp1), c.ptrOrNil(x.Exp2)
		if cond == nil || a == nil || b == nil {
			return nil
		}
		for _, e := range []ast.Node{x.Exp1, x.Exp2} {
			if !isNilNode(e) && c.entityType(e) != c.entityType(n) {
				return nil
			}
		}
		if isNilNode(x.Exp1) || isNilNode(x.Exp2) {
			// expr-lang boxes none as an untyped nil: the boxed value is
			// left to the VM (fexpr.noBox), as for first of an empty list.
			c.untyped = true
		}
		return func(r *Run, f addr) (addr, error) {
			ok, err := cond(r, f)
			if err != nil {
				return addr{}, err
			}
			if ok {
				return a(r, f)
			}
			return b(r, f)
		}
	case *ast.CallNode:
		if pc := c.procCallOf(x, c.entityType(n)); pc != nil { // fast_proc.go
			return procFn[addr](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.p == nil || k.body.rt != n.Type() {
				return nil
			}
			return callFn(k, k.body.p)
		}
		if p := c.refRead(x); p != nil { // fast_refs.go
			return p
		}
		if p := c.orRef(x); p != nil { // fast_refs.go
			return p
		}
		id, ok := x.Callee.(*ast.IdentifierNode)
		args := callArgs(x)
		if !ok || id.Value != "pick" || len(args) != 1 {
			return libPtr(c.libCall(x))
		}
		c.impure = true
		if fused := c.pickLivingRelated(args[0]); fused != nil {
			return fused
		}
		l := c.list(args[0])
		if l == nil {
			return nil
		}
		return func(r *Run, f addr) (addr, error) {
			v, err := l(r, f)
			if err != nil {
				return addr{}, err
			}
			return r.pickP(v)
		}
	}
	return nil
}
