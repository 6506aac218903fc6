package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"
)

// Whole numbers taken from a list of combatants or sides, natively,
// without the list of numbers expr-lang would make: the sum, max and min
// of map(L, .x), of map(filter(L, p), .x) (which expr-lang's optimizer
// turns into a filter that maps), and sum(L, .x); and a string or whole
// number in a list attribute ("veteran" in c.tags). Each gives what
// expr-lang gives (an empty list: sum 0, max and min none); the spec case
// list_numbers runs both ways and testdata/runtime/list_forms.fray is in
// the differential test.

// intsOf is a list of whole numbers taken from the elements of a list of
// combatants or sides: each element that keep accepts (all, when nil)
// gives each's value.
type intsOf struct {
	src  listFn
	keep boolFn
	each intFn
}

// mappedInts compiles map(L, .x), or a filter that maps, as an intsOf;
// nil when it has no native form.
func (c *fastCompiler) mappedInts(n ast.Node) *intsOf {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || len(b.Arguments) != 2 || !c.isEntityList(b.Arguments[0].Type()) && c.filterOf(b.Arguments[0]) == nil {
		return nil
	}
	switch {
	case b.Name == "map" && b.Map == nil:
		p, ok := b.Arguments[1].(*ast.PredicateNode)
		if !ok {
			return nil
		}
		return c.intsFrom(b.Arguments[0], nil, p.Node)
	case b.Name == "filter" && b.Map != nil && b.Threshold == nil:
		if _, ok := b.Arguments[1].(*ast.PredicateNode); !ok {
			return nil
		}
		keep := c.predicate(b.Arguments[1])
		if keep == nil {
			return nil
		}
		return c.intsFrom(b.Arguments[0], keep, b.Map)
	}
	return nil
}

// intsFrom is the intsOf of the list src with the element's whole number
// value (evaluated with # the element).
func (c *fastCompiler) intsFrom(src ast.Node, keep boolFn, value ast.Node) *intsOf {
	l := c.list(src)
	if l == nil {
		return nil
	}
	c.preds++
	each := c.int(value)
	c.preds--
	if each == nil {
		return nil
	}
	return &intsOf{src: l, keep: keep, each: each}
}

// fold runs through the numbers in order, giving each to add, and says
// how many there were. Every element visited counts as a step of work.
func (m *intsOf) fold(r *Run, f addr, add func(i, v int) error) (int, error) {
	list, err := m.src(r, f)
	if err != nil {
		return 0, err
	}
	if err := r.Work(len(list)); err != nil { // the predicates' visits count
		return 0, err
	}
	n := 0
	for _, e := range list {
		ok := true
		if m.keep != nil {
			if ok, err = ofElem(r, f, e, m.keep); err != nil {
				return 0, err
			}
		}
		v := 0
		if ok {
			if v, err = ofElem(r, f, e, m.each); err != nil {
				return 0, err
			}
		}
		if ok {
			if err := add(n, v); err != nil {
				return 0, err
			}
			n++
		}
	}
	return n, nil
}

// sumOf compiles sum(X) of mapped numbers, and sum(L, .x); nil when it
// has no native form.
func (c *fastCompiler) sumOf(b *ast.BuiltinNode) intFn {
	var m *intsOf
	switch len(b.Arguments) {
	case 1:
		m = c.mappedInts(b.Arguments[0])
	case 2:
		p, ok := b.Arguments[1].(*ast.PredicateNode)
		if ok && (c.isEntityList(b.Arguments[0].Type()) || c.filterOf(b.Arguments[0]) != nil) {
			m = c.intsFrom(b.Arguments[0], nil, p.Node)
		}
	}
	if m == nil {
		if s := c.groupSums(b); s != nil {
			return s // over the lists of a map groupBy made: fast_group_sums.go
		}
		return c.intSum(b) // of whole numbers: fast_int_sums.go
	}
	// A sum beyond the whole numbers is an error, as in the VM, whose
	// sum(L, X) stops at the item that overflows (dsl/check/wholes_vm.go)
	// and whose sum(X) adds the items of a list already made.
	stops := len(b.Arguments) == 2
	return func(r *Run, f addr) (int, error) {
		t := intTotal{stops: stops}
		_, err := m.fold(r, f, func(_, v int) error { return t.add(v) })
		return t.result(err)
	}
}

// bestOf compiles max(X) or min(X) of mapped numbers: none (an untyped
// nil, as expr-lang gives) for an empty list.
func (c *fastCompiler) bestOf(b *ast.BuiltinNode) anyFn {
	if b.Name != "max" && b.Name != "min" || len(b.Arguments) != 1 {
		return nil
	}
	m := c.mappedInts(b.Arguments[0])
	if m == nil {
		return c.intBest(b) // of whole numbers: fast_int_sums.go
	}
	isMax := b.Name == "max"
	return func(r *Run, f addr) (any, error) {
		best := 0
		n, err := m.fold(r, f, func(i, v int) error {
			if i == 0 || isMax && v > best || !isMax && v < best {
				best = v
			}
			return nil
		})
		if err != nil || n == 0 {
			return nil, err
		}
		return best, nil
	}
}

var (
	strsT = reflect.TypeOf([]string(nil))
	intsT = reflect.TypeOf([]int(nil))
)

// inList compiles X in L for L a list attribute or name of strings or
// whole numbers; nil when it has no native form.
func (c *fastCompiler) inList(x *ast.BinaryNode) boolFn {
	loc, ok := c.location(x.Right)
	if !ok {
		return nil
	}
	switch c.typeOf(x.Right) {
	case strsT:
		if c.typeOf(x.Left) != strT {
			return nil
		}
		return inSlice(c.str(x.Left), readList[string](loc))
	case intsT:
		if c.typeOf(x.Left) != intT {
			return nil
		}
		return inSlice(c.int(x.Left), readList[int](loc))
	}
	return nil
}

// readList reads a list of T at a place.
func readList[T any](loc field) func(*Run, addr) ([]T, error) {
	if loc.get == nil {
		off := loc.off
		return func(_ *Run, f addr) ([]T, error) { return load[[]T](f, off), nil }
	}
	return readFn[[]T](loc)
}

// inSlice is v in the list l gives.
// Not inlined, as into (eval.go), so that its closure's accessors are.
//
//go:noinline
func inSlice[T comparable](v func(*Run, addr) (T, error), l func(*Run, addr) ([]T, error)) boolFn {
	if v == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		x, err := v(r, f)
		if err != nil {
			return false, err
		}
		list, err := l(r, f)
		if err != nil {
			return false, err
		}
		for _, e := range list {
			if e == x {
				return true, nil
			}
		}
		return false, nil
	}
}

// eqIntAny compiles N == M for a whole number N and an M typed any (max
// or min of mapped numbers, a name typed any), either way round:
// expr-lang's Equal, which finds no number equal to none.
func (c *fastCompiler) eqIntAny(x *ast.BinaryNode) boolFn {
	left := true
	n, a := c.int(x.Left), c.anyValue(x.Right)
	if n == nil || a == nil {
		left = false
		n, a = c.int(x.Right), c.anyValue(x.Left)
	}
	if n == nil || a == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		var v int
		var m any
		var err error
		if left { // in the order expr-lang evaluates them
			if v, err = n(r, f); err == nil {
				m, err = a(r, f)
			}
		} else if m, err = a(r, f); err == nil {
			v, err = n(r, f)
		}
		if err != nil {
			return false, err
		}
		if w, ok := m.(int); ok || m == nil {
			return ok && w == v, nil
		}
		// A name typed any may hold a float (3.0 == 3) or anything
		// else: the VM's Equal of it dereferenced (fast_anycmp.go).
		if left {
			return runtime.Equal(v, vmDeref(m)), nil
		}
		return runtime.Equal(vmDeref(m), v), nil
	}
}
