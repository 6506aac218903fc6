package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Lists of strings or whole numbers kept in a name or an attribute (a
// combatant's wounds, an archer's quiver, a side's fallen), read
// natively where rule files written without the engine in mind read
// them: len(L), L[i], join(L, sep), and each of those over a slice
// L[a:b]. Before, any expression that touched such a list ran whole in
// expr-lang's VM ("if len(a.quiver) > 0"). The list is read in place,
// never copied: no native form here makes a list.
//
// Each gives what expr-lang gives: an index may count from the end (-1
// is the last) and one out of range fails with expr-lang's words; a
// slice's bounds count from the end when negative and are clamped to
// the list (runtime.Slice), the list read first, then the upper bound,
// then the lower (the order of expr-lang's bytecode, which decides which
// dice roll first and which failure is reported). The spec case
// list_plain runs both ways (spec_test.go compares them).

// plainList compiles a list of strings or whole numbers (t: strsT or
// intsT, with T its element) kept in a name or an attribute, or a slice
// of one; nil for anything else.
func plainList[T any](c *fastCompiler, n ast.Node, t reflect.Type) func(*Run, addr) ([]T, error) {
	if c.typeOf(n) != t {
		return nil
	}
	switch x := n.(type) {
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		return readList[T](loc)
	case *ast.SliceNode:
		return sliceOf(c, x, plainList[T](c, x.Node, t))
	}
	return nil
}

// sliceOf compiles L[a:b] of the list src gives, as expr-lang's
// runtime.Slice cuts it.
func sliceOf[T any](c *fastCompiler, x *ast.SliceNode, src func(*Run, addr) ([]T, error)) func(*Run, addr) ([]T, error) {
	if src == nil {
		return nil
	}
	cut, ok := c.sliceCut(x)
	if !ok {
		return nil
	}
	return func(r *Run, f addr) ([]T, error) {
		l, err := src(r, f)
		if err != nil {
			return nil, err
		}
		a, b, err := cut.bounds(r, f, len(l))
		if err != nil {
			return nil, err
		}
		return l[a:b], nil
	}
}

// sliceCut is the compiled bounds of a slice [a:b] of a list or a string,
// each nil where the slice leaves it out.
type sliceCut struct{ from, to intFn }

// sliceCut compiles the bounds of x; false when one has no native form.
func (c *fastCompiler) sliceCut(x *ast.SliceNode) (sliceCut, bool) {
	var cut sliceCut
	if x.From != nil {
		if cut.from = c.int(x.From); cut.from == nil {
			return cut, false
		}
	}
	if x.To != nil {
		if cut.to = c.int(x.To); cut.to == nil {
			return cut, false
		}
	}
	return cut, true
}

// bounds evaluates the cut of n items (to, then from, as expr-lang's VM
// does) into runtime.Slice's bounds.
func (cut sliceCut) bounds(r *Run, f addr, n int) (a, b int, err error) {
	a, b = 0, n
	if cut.to != nil {
		if b, err = cut.to(r, f); err != nil {
			return 0, 0, err
		}
	}
	if cut.from != nil {
		if a, err = cut.from(r, f); err != nil {
			return 0, 0, err
		}
	}
	a, b = sliceBounds(a, b, n)
	return a, b, nil
}

// sliceBounds are runtime.Slice's bounds a and b of a list of n items.
func sliceBounds(a, b, n int) (int, int) {
	if a < 0 {
		a = max(n+a, 0)
	}
	if b < 0 {
		b = max(n+b, 0)
	}
	b = min(b, n)
	return min(a, b), b
}

// plainLen compiles len(L) of a list of strings or whole numbers kept in
// a name or an attribute (or a slice of one), or made (the keys of a map
// groupBy made, a filter: fast_strlists.go, fast_ints.go), and len(s) of
// a string (fast_strslice.go).
func (c *fastCompiler) plainLen(n ast.Node) intFn {
	if l := c.strRunes(n); l != nil {
		return l
	}
	if l, _ := c.strList(n); l != nil { // fast_strlists.go
		return lenOf(l)
	}
	if l := c.intsOrMade(n); l != nil { // kept, or made: fast_ints.go
		return lenOf(l)
	}
	return nil
}

func lenOf[T any](l func(*Run, addr) ([]T, error)) intFn {
	return func(r *Run, f addr) (int, error) {
		v, err := l(r, f)
		return len(v), err
	}
}

// strIndex compiles L[i] of a list of strings kept in a name or an
// attribute (or a slice of one) and a whole number i.
func (c *fastCompiler) strIndex(m *ast.MemberNode) strFn {
	if m.Optional {
		return nil
	}
	list, at := plainList[string](c, m.Node, strsT), c.int(m.Property)
	if list == nil || at == nil {
		return nil
	}
	return elemAt(list, at)
}

// elemAt is the item at index at of the list l gives, as expr-lang's
// runtime.Fetch finds it.
func elemAt[T any](l func(*Run, addr) ([]T, error), at intFn) func(*Run, addr) (T, error) {
	return func(r *Run, f addr) (T, error) {
		var zero T
		v, err := l(r, f)
		if err != nil {
			return zero, err
		}
		i, err := at(r, f)
		if err != nil {
			return zero, err
		}
		if i < 0 {
			i += len(v)
		}
		if i < 0 || i >= len(v) {
			return zero, fmt.Errorf("index out of range: %v (array length is %v)", i, len(v))
		}
		return v[i], nil
	}
}

// joinPlain compiles join(L, sep) of a list of strings kept in a name or
// an attribute (or a slice of one), by join's implementation.
func (c *fastCompiler) joinPlain(x *ast.CallNode) strFn {
	f, args := c.libFunc(x)
	if f == nil || f != joinFunc || len(args) != 2 {
		return nil
	}
	list, _ := c.strList(args[0]) // fast_strlists.go
	sep := c.str(args[1])
	if list == nil || sep == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		l, err := list(r, f)
		if err != nil {
			return "", err
		}
		s, err := sep(r, f)
		if err != nil {
			return "", err
		}
		return stdlib.JoinStrings(r, l, s)
	}
}
