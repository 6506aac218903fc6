package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// Optional chaining, find of strings and ?? of values typed any, natively:
//
//	log "{s.name} under {s.commander?.name ?? 'nobody'}"
//
// X?.attr of a combatant or side X gives X's attribute, or nil when X is
// nobody; the checker makes a ?? b with a typed any a call of $or_any
// (check/optional.go), which gives a unless it is nil or a nil pointer,
// else b, both evaluated, a first (a call); a ?? b left as expr-lang's
// operator (a typed) evaluates b only when a is nil. find(L, PREDICATE)
// of a list of strings gives an item or nil (fast_strlists.go). Before,
// each ran whole in expr-lang's VM (the siege homebrew's muster line,
// the ledger's choice of spell).
//
// The VM's X?.attr is expr-lang's untyped nil when X is nobody (its
// compiler pushes nil at the end of a chain outside ??, whatever nil X
// was); so is this. Only a whole number, a truth, a string or a float
// attribute is read here.

// optChain compiles X?.attr, one link, of a combatant or side X that
// compiles natively (typed so, or first or last of a list of them typed
// a list of any); nil for anything else.
func (c *fastCompiler) optChain(ch *ast.ChainNode) anyFn {
	p, sf := c.chainLink(ch)
	if p == nil {
		return nil
	}
	read := boxedField(sf.Type, sf.Offset)
	if read == nil {
		return nil
	}
	return func(r *Run, f addr) (any, error) {
		s, err := p(r, f)
		if err != nil || s.isNil() {
			return nil, err
		}
		return read(s), nil
	}
}

// chainLink is X and the attribute of X?.attr, one link, X a combatant
// or side that compiles natively; p is nil for anything else.
func (c *fastCompiler) chainLink(ch *ast.ChainNode) (p ptrFn, sf reflect.StructField) {
	m, ok := ch.Node.(*ast.MemberNode)
	if !ok || !m.Optional || m.Method {
		return nil, sf
	}
	name, ok := m.Property.(*ast.StringNode)
	bt := m.Node.Type()
	if !c.isEntity(bt) {
		// first(L)?.attr, last(L)?.attr of a list expr-lang types a list
		// of any: a filter, a joined list, M[K] of a map groupBy made
		// (first(hordes[k])?.name went to the VM).
		bt = c.entityType(m.Node)
	}
	if !ok || bt == nil {
		return nil, sf
	}
	if sf, ok = fieldByExprTag(bt.Elem(), name.Value); !ok {
		return nil, sf
	}
	untyped := c.untyped
	p = c.ptr(m.Node)
	c.untyped = untyped // nobody gives the chain's own nil (above)
	return p, sf
}

// orElse compiles a ?? b (expr-lang's ?? operator, not a call: b is
// evaluated only when a is nil) of a T, with a X?.attr of an attribute
// of type t, or find(L, PREDICATE), first(L) or last(L) of a list of
// strings (t string); nil for anything else.
func orElse[T any](c *fastCompiler, x *ast.BinaryNode, t reflect.Type, other func(*Run, addr) (T, error)) func(*Run, addr) (T, error) {
	if x.Operator != "??" || other == nil {
		return nil
	}
	var maybe func(*Run, addr) (T, bool, error)
	switch a := x.Left.(type) {
	case *ast.ChainNode:
		p, sf := c.chainLink(a)
		if p == nil || sf.Type != t {
			return nil
		}
		off := sf.Offset
		maybe = func(r *Run, f addr) (T, bool, error) {
			s, err := p(r, f)
			if err != nil || s.isNil() {
				var zero T
				return zero, false, err
			}
			return load[T](s, off), true, nil
		}
	case *ast.BuiltinNode:
		if a.Map != nil {
			return nil
		}
		var find anyFn
		switch {
		case t == strT && a.Name == "find":
			find = c.strFind(a) // fast_strlists.go
		case t == strT && (a.Name == "first" || a.Name == "last"):
			// first(filter(c.book, ...)) ?? "": the arcana homebrew's
			// spell picked from a book, which took its fn's calls to the VM.
			find = c.strEnd(a)
		case t == intT && a.Name == "find":
			find = c.intFind(a) // fast_int_preds.go
		}
		if find == nil {
			return nil
		}
		maybe = func(r *Run, f addr) (T, bool, error) {
			v, err := find(r, f)
			s, ok := v.(T)
			return s, ok, err
		}
	default:
		return nil
	}
	return func(r *Run, f addr) (T, error) {
		v, ok, err := maybe(r, f)
		if err != nil || ok {
			return v, err
		}
		return other(r, f)
	}
}

// boxedField reads the field at off of a struct, boxed, for the types
// optChain reads; nil for other types.
func boxedField(t reflect.Type, off uintptr) func(addr) any {
	switch t {
	case intT:
		return func(s addr) any { return load[int](s, off) }
	case strT:
		return func(s addr) any { return load[string](s, off) }
	case boolT:
		return func(s addr) any { return load[bool](s, off) }
	case floatT:
		return func(s addr) any { return load[float64](s, off) }
	}
	return nil
}

// orAny compiles $or_any(a, b), a ?? b of values typed any: a unless it
// is nil or a nil pointer, else b; both evaluated, a first. nil when
// either side is not native.
func (c *fastCompiler) orAny(x *ast.CallNode) anyFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != "$or_any" || len(x.Arguments) != 2 || c.p.funcs[id.Value] != nil {
		return nil
	}
	a, b := c.boxedOrChain(x.Arguments[0]), c.boxedOrChain(x.Arguments[1])
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (any, error) {
		v, err := a(r, f)
		if err != nil {
			return nil, err
		}
		w, err := b(r, f)
		if err != nil {
			return nil, err
		}
		if v == nil || isNilPointer(v) {
			return w, nil
		}
		return v, nil
	}
}

// boxedOrChain is n boxed (c.boxed), or an optional chain.
func (c *fastCompiler) boxedOrChain(n ast.Node) anyFn {
	if ch, ok := n.(*ast.ChainNode); ok {
		return c.optChain(ch)
	}
	return c.boxed(n)
}

// isNilPointer is $or_any's test of a nil pointer held typed.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// orStr compiles $or_any(a, b) of a string or nil a (isOrStr) and a
// string b: both evaluated, a first, as the checker's function does; a
// unless it is nil, else b.
func (c *fastCompiler) orStr(x *ast.CallNode) strFn {
	if !c.isOrStr(x) {
		return nil
	}
	var a anyFn
	if end := x.Arguments[0].(*ast.BuiltinNode); end.Name == "find" {
		a = c.strFind(end) // fast_strlists.go
	} else {
		a = c.strEnd(end)
	}
	b := c.str(x.Arguments[1])
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		v, err := a(r, f)
		if err != nil {
			return "", err
		}
		w, err := b(r, f)
		if err != nil {
			return "", err
		}
		if s, ok := v.(string); ok {
			return s, nil
		}
		return w, nil
	}
}
