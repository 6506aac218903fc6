package interp

import (
	"reflect"
	"sort"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Lists of combatants or sides a rule file makes in its own ways, natively:
// a call of a fn that gives such a list (`fn foes(c): list[combatant] =
// filter(...)`), sortBy over such a list by a whole number or a string,
// and an element of one by its index (`sortBy(foes(c), .hp)[0]`). Without
// them a fn written this way ran whole in expr-lang's VM, boxing every
// element, some ten times the cost of the same fight written with
// living(enemies(c)).
//
// Each gives what expr-lang gives: sortBy sorts with sort.Sort (not a
// stable sort) through the same Less, so equal keys end in the same
// places; an index may count from the end (-1 is the last), and one out
// of range fails with expr-lang's words. The spec cases list_fns,
// list_sort_by and list_index run both ways (spec_test.go compares them).

// fnList compiles a call of a ruleset fn whose body gives a list of
// combatants or sides natively.
func (c *fastCompiler) fnList(x *ast.CallNode) listFn {
	k := c.fnCall(x)
	if k == nil || k.body.l == nil {
		return nil
	}
	return callFn(k, k.body.l)
}

// boxesAsAnyList reports whether expr-lang gives the list n is as a list
// of any, whatever its static type: sortBy's result always, and a call
// of a ruleset fn whose body is such a list (a filter, a sortBy). The
// native value, boxed, must be the same.
func (c *fastCompiler) boxesAsAnyList(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.BuiltinNode:
		return x.Name == "sortBy"
	case *ast.CallNode:
		body := c.fnBody(x)
		return body != nil && body.anyList
	}
	return false
}

// fnBoxedByVM reports whether n is a call of a ruleset fn whose body is
// a list boxed by the VM (a choice with [], a concat: fexpr.noBox): the
// VM gives the body's own value (a []any, nil for concat of empty
// lists), whatever the fn declares, so the call's boxed value is left
// to it too.
func (c *fastCompiler) fnBoxedByVM(n ast.Node) bool {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return false
	}
	body := c.fnBody(x)
	return body != nil && body.l != nil && body.noBox
}

// fnBody is the native form of the body of the ruleset fn x calls, or
// nil (not a fn of the ruleset, or its body not native).
func (c *fastCompiler) fnBody(x *ast.CallNode) *fexpr {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	f := c.p.funcs[id.Value]
	if f == nil || f.Body == nil {
		return nil
	}
	return c.p.fastExpr(f.Body)
}

// sortedFilter is n when it is sortBy(filter(...), ...) over combatants
// or sides, which expr-lang types as a list of any, as it does the
// filter; nil for anything else.
func (c *fastCompiler) sortedFilter(n ast.Node) *ast.BuiltinNode {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "sortBy" || len(b.Arguments) == 0 || c.filterOf(b.Arguments[0]) == nil {
		return nil
	}
	return b
}

// anyEntityList is the type of the elements of n when n is a list of
// combatants or sides that expr-lang types as a list of any (a filter,
// or sortBy of one); nil for anything else.
func (c *fastCompiler) anyEntityList(n ast.Node) reflect.Type {
	if b := c.sortedFilter(n); b != nil {
		n = b.Arguments[0]
	}
	if b := c.sortedJoin(n); b != nil {
		n = b.Arguments[0]
	}
	if b := c.filterOf(n); b != nil {
		return b.Arguments[0].Type().Elem()
	}
	return c.joinedElem(n) // fast_joins.go
}

// sortedJoin is n when it is sortBy of a joined list of combatants or
// sides (concat, flatten: fast_joins.go); nil for anything else.
func (c *fastCompiler) sortedJoin(n ast.Node) *ast.BuiltinNode {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "sortBy" || len(b.Arguments) == 0 || c.joinedElem(b.Arguments[0]) == nil {
		return nil
	}
	return b
}

// sortBy compiles sortBy(LIST, KEY) and sortBy(LIST, KEY, "asc"|"desc")
// for a list of combatants or sides and a key that is a whole number or
// a string of each element.
func (c *fastCompiler) sortBy(b *ast.BuiltinNode) listFn {
	if len(b.Arguments) < 2 || len(b.Arguments) > 3 || !c.isEntityList(b.Arguments[0].Type()) && c.filterOf(b.Arguments[0]) == nil && c.joinedElem(b.Arguments[0]) == nil {
		return nil
	}
	desc := false
	if len(b.Arguments) == 3 {
		s, ok := b.Arguments[2].(*ast.StringNode)
		if !ok || s.Value != "asc" && s.Value != "desc" {
			return nil // a computed or wrong order: the VM says what is wrong
		}
		desc = s.Value == "desc"
	}
	p, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	src := c.list(b.Arguments[0])
	if src == nil {
		return nil
	}
	c.preds++
	ik, sk := c.int(p.Node), c.str(p.Node)
	c.preds--
	switch {
	case ik != nil:
		return sortedBy(src, ik, desc)
	case sk != nil:
		return sortedBy(src, sk, desc)
	}
	return nil
}

// sortedBy is sortBy's closure for keys of type K.
// Not inlined, as into (eval.go), so that its closure's accessors are.
//
//go:noinline
func sortedBy[K int | string](src listFn, key func(*Run, addr) (K, error), desc bool) listFn {
	return func(r *Run, f addr) ([]addr, error) {
		list, err := src(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(len(list)); err != nil { // the key's visits count
			return nil, err
		}
		s := &keyedList[K]{a: make([]addr, len(list)), k: make([]K, len(list)), desc: desc}
		copy(s.a, list)
		for i, e := range list {
			v, err := ofElem(r, f, e, key)
			if err != nil {
				return nil, err
			}
			s.k[i] = v
		}
		sort.Sort(s)
		return s.a, nil
	}
}

// keyedList is expr-lang's runtime.SortBy for keys of one type: the same
// Len, Swap and Less, so sort.Sort moves its elements the same way.
type keyedList[K int | string] struct {
	a    []addr
	k    []K
	desc bool
}

func (s *keyedList[K]) Len() int { return len(s.a) }

func (s *keyedList[K]) Swap(i, j int) {
	s.a[i], s.a[j] = s.a[j], s.a[i]
	s.k[i], s.k[j] = s.k[j], s.k[i]
}

func (s *keyedList[K]) Less(i, j int) bool {
	if s.desc {
		return s.k[j] < s.k[i]
	}
	return s.k[i] < s.k[j]
}

// take compiles take(LIST, N) of a list of combatants or sides typed so
// and a whole number: the list's first N items, all of them when N is
// more, as the builtin cuts them (a slice of the list, not a copy). A
// count below 0 fails with reflect's words, as the builtin's panic in
// the VM does (Run.exprFailure says what they mean).
func (c *fastCompiler) take(x *ast.BuiltinNode) listFn {
	if len(x.Arguments) != 2 || !c.isEntityList(x.Arguments[0].Type()) {
		return nil
	}
	src, count := c.list(x.Arguments[0]), c.int(x.Arguments[1])
	if src == nil || count == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		l, err := src(r, f)
		if err != nil {
			return nil, err
		}
		n, err := count(r, f)
		switch {
		case err != nil:
			return nil, err
		case n < 0:
			return nil, &exprErr{takeBelowZero}
		}
		return l[:min(n, len(l))], nil
	}
}

// index compiles LIST[I] for a list of combatants or sides and a whole
// number I.
func (c *fastCompiler) index(m *ast.MemberNode) ptrFn {
	if m.Optional || !c.isEntityList(m.Node.Type()) && c.filterOf(m.Node) == nil {
		return nil
	}
	list, at := c.list(m.Node), c.int(m.Property)
	if list == nil || at == nil {
		return nil
	}
	return elemAt(list, at) // fast_plainlists.go
}

// intsCall compiles a call of a function of the standard library that
// gives a list of whole numbers (step_toward's [x, y]), boxed as the VM
// gives it; nil for anything else.
func (c *fastCompiler) intsCall(n ast.Node) anyFn {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	if f, _ := c.libFunc(x); f == nil || f.Result != stdlib.Ints {
		return nil
	}
	return c.libCall(x)
}

// intIndex compiles LIST[I] for a list of whole numbers (a name or an
// attribute, or a library call that gives one) and a whole number I,
// with expr-lang's range error.
func (c *fastCompiler) intIndex(m *ast.MemberNode) intFn {
	if m.Optional || c.typeOf(m.Node) != intsT {
		return nil
	}
	list := plainList[int](c, m.Node, intsT) // a name, an attribute or a slice of one
	if list == nil {
		if call := c.intsCall(m.Node); call != nil {
			list = func(r *Run, f addr) ([]int, error) {
				v, err := call(r, f)
				l, _ := v.([]int)
				return l, err
			}
		}
	}
	at := c.int(m.Property)
	if list == nil || at == nil {
		return nil
	}
	return elemAt(list, at) // fast_plainlists.go
}

// choiceList compiles cond ? LIST : [] (or [] : LIST, or two lists of
// the same combatants or sides): a list that is there or not, as a
// rule file asks for its targets (shooter ? marks(self) : []). It gives
// the list's element type, nil when n is not such a choice. The VM
// gives either branch's own value (a typed list, or the literal's
// []any), so boxing the choice is left to it (fexpr.noBox); stores into
// a list of the elements and the native callers take it as it is.
func (c *fastCompiler) choiceList(n ast.Node) (listFn, reflect.Type) {
	x, ok := n.(*ast.ConditionalNode)
	if !ok {
		return nil, nil
	}
	branch := func(b ast.Node) (listFn, reflect.Type, bool) {
		if arr, ok := b.(*ast.ArrayNode); ok && len(arr.Nodes) == 0 {
			return func(*Run, addr) ([]addr, error) { return nil, nil }, nil, true
		}
		if t := c.typeOf(b); c.isEntityList(t) {
			l := c.list(b)
			return l, t.Elem(), l != nil
		}
		if elem := c.anyEntityList(b); elem != nil {
			l := c.list(b)
			return l, elem, l != nil
		}
		if l, elem := c.choiceList(b); l != nil {
			return l, elem, true
		}
		return nil, nil, false
	}
	a, ea, okA := branch(x.Exp1)
	b, eb, okB := branch(x.Exp2)
	cond := c.bool(x.Cond)
	if !okA || !okB || cond == nil {
		return nil, nil
	}
	elem := ea
	switch {
	case ea == nil:
		elem = eb
	case eb != nil && ea != eb:
		return nil, nil
	}
	if elem == nil { // [] or []: the VM says what it is
		return nil, nil
	}
	return ternary(cond, a, b), elem
}

// flattenMembers compiles flatten(map(G, members(#))), G a list of
// sides: the members of each side of G in turn, as the VM gives them.
// README's basic_expert example walks a group of sides so
// (living(flatten(...)), the only place it is asked: flatten's list is
// typed list of any, and living's is of combatants).
func (c *fastCompiler) flattenMembers(n ast.Node) listFn {
	f, ok := n.(*ast.CallNode) // flatten is the library's, map expr-lang's built-in
	if !ok {
		return nil
	}
	fargs := callArgs(f)
	if id, ok := f.Callee.(*ast.IdentifierNode); !ok || id.Value != "flatten" || len(fargs) != 1 {
		return nil
	}
	m, ok := fargs[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return nil
	}
	cl, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	call, ok := cl.Node.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if args := callArgs(call); !ok || id.Value != "members" || len(args) != 1 {
		return nil
	} else if _, ok := args[0].(*ast.PointerNode); !ok {
		return nil
	}
	sides := c.list(m.Arguments[0])
	if sides == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		g, err := sides(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(len(g)); err != nil { // the map's visits
			return nil, err
		}
		start := len(r.scratch)
		for _, s := range g {
			if s.isNil() {
				return nil, errNobody
			}
			r.scratch = r.appendRelated(r.scratch, s, relMembers, false)
		}
		return r.list(start), nil
	}
}
