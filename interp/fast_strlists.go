package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Lists of strings a rule file makes (a status line built from parts,
// a wound added to a combatant's list), natively:
//
//	let parts = [c.name + " " + string(c.hp) + " hp"]
//	parts = concat(parts, ["fatigue " + string(c.fatigue)])
//	t.wounds = concat(t.wounds, [where])
//	return join(parts, ", ")
//
// Before, each of these ran whole in expr-lang's VM (about 5 000
// instructions an evaluation, most of them boxing and reflection), and
// the homebrew rule files spent up to half a fight there.
//
// A list made here is what the VM would make, stored: the VM builds
// []any (a literal, concat) and Run.store converts it to the place's
// []string, always a list, never nil; a list read from a name or an
// attribute is that list itself, as the VM reads it. The VM counts the
// items a literal or concat makes against the expression's memory
// budget (--max-expr-memory) and toward the run's work (vmWork): so do
// these. Values that a rule would see boxed (a list made here printed
// in the log, passed to a library function) are left to the VM
// (fexpr.noBox): only stores into a list of strings, join, len and
// L[i] read them natively.

// strsFn gives a list of strings.
type strsFn func(r *Run, f addr) ([]string, error)

// strList compiles an expression that gives a list of strings: one kept
// in a name or an attribute (or a slice of one), a list literal of
// strings, concat of such lists, or a choice between two of them. made
// reports whether the list may be one the expression makes (which the
// VM gives as []any), rather than one it reads.
func (c *fastCompiler) strList(n ast.Node) (fn strsFn, made bool) {
	if l := plainList[string](c, n, strsT); l != nil {
		return l, false
	}
	if l := groupKeys[string](c, n, check.KString); l != nil {
		return l, true // keys of a map groupBy made: fast_groups.go
	}
	switch x := n.(type) {
	case *ast.ArrayNode:
		return c.strLiteral(x), true
	case *ast.ConstantNode:
		return strConstant(x), true
	case *ast.BuiltinNode:
		if x.Name == "concat" && len(x.Arguments) > 0 {
			return c.strConcat(x.Arguments), true
		}
		if x.Name == "filter" && len(x.Arguments) == 2 && x.Map == nil {
			return c.strFilter(x), true
		}
	case *ast.CallNode:
		// A ruleset fn that gives a list of strings (its body made or
		// read natively).
		if k := c.fnCall(x); k != nil && k.body.ss != nil {
			return callFn(k, k.body.ss), true
		}
	case *ast.ConditionalNode:
		cond := c.bool(x.Cond)
		a, madeA := c.strList(x.Exp1)
		b, madeB := c.strList(x.Exp2)
		if cond == nil || a == nil || b == nil {
			return nil, false
		}
		return ternary(cond, a, b), madeA || madeB
	}
	return nil, false
}

// strLiteral compiles [s1, s2, ...] of strings: a new list of its items,
// evaluated in order. [] is a list of strings too, where one is wanted.
// (After the checker's patches expr-lang may type the literal []any;
// each item's own type decides.)
func (c *fastCompiler) strLiteral(x *ast.ArrayNode) strsFn {
	items := make([]strFn, len(x.Nodes))
	for i, e := range x.Nodes {
		if items[i] = c.str(e); items[i] == nil {
			return nil
		}
	}
	return itemsInOrder(items)
}

// strConstant compiles a literal of strings alone (["words"]), which
// expr-lang's optimizer folds into a constant []any: a new list of its
// items each time, counted as made, as a literal of expressions is (the
// VM's constant is converted into a new []string where it is stored).
// nil for a constant that is no list of strings.
func strConstant(x *ast.ConstantNode) strsFn {
	l, ok := x.Value.([]any)
	if !ok {
		return nil
	}
	items := make([]string, len(l))
	for i, v := range l {
		if items[i], ok = v.(string); !ok {
			return nil
		}
	}
	return func(r *Run, _ addr) ([]string, error) {
		if err := r.madeList(len(items)); err != nil {
			return nil, err
		}
		out := make([]string, len(items)) // a list, never nil
		copy(out, items)
		return out, nil
	}
}

// itemsInOrder is a list literal of natively compiled items: a new list,
// counted as made, of the items evaluated in order.
func itemsInOrder[T any, F ~func(*Run, addr) (T, error)](items []F) func(*Run, addr) ([]T, error) {
	return func(r *Run, f addr) ([]T, error) {
		if err := r.madeList(len(items)); err != nil {
			return nil, err
		}
		out := make([]T, len(items))
		for i, item := range items {
			v, err := item(r, f)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
}

// strConcat compiles concat(l1, l2, ...) of lists of strings: a new list
// of their items, the lists evaluated in order.
func (c *fastCompiler) strConcat(args []ast.Node) strsFn {
	lists := make([]strsFn, len(args))
	for i, a := range args {
		if lists[i], _ = c.strList(a); lists[i] == nil {
			return nil
		}
	}
	return concatInOrder(lists)
}

// concatInOrder is a concat of natively compiled lists: a new list,
// counted as made, of their items. Each list is read before any is
// copied: a later one may be made by the expression (concat(l, [x])),
// and its items are evaluated first, as the VM evaluates every argument
// before the call.
func concatInOrder[T any, F ~func(*Run, addr) ([]T, error)](lists []F) func(*Run, addr) ([]T, error) {
	return func(r *Run, f addr) ([]T, error) {
		var held [4][]T // on the stack for up to four lists
		vs := held[:0]
		size := 0
		for _, l := range lists {
			v, err := l(r, f)
			if err != nil {
				return nil, err
			}
			vs = append(vs, v)
			size += len(v)
		}
		if err := r.madeList(size); err != nil {
			return nil, err
		}
		out := make([]T, 0, size)
		for _, v := range vs {
			out = append(out, v...)
		}
		return out, nil
	}
}

// strFilter compiles filter(L, PREDICATE) of a list of strings: the
// items the predicate holds for, in a new list.
func (c *fastCompiler) strFilter(x *ast.BuiltinNode) strsFn {
	each := c.strEach(x)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) ([]string, error) {
		out := []string{}
		err := each(r, f, func(s string, ok bool) bool {
			if ok {
				out = append(out, s)
			}
			return false
		})
		if err != nil {
			return nil, err
		}
		return out, nil
	}
}

// strEach compiles the list of strings and the predicate of filter,
// count, any, all or none: a loop that counts each item as work (as a
// predicate's visits do), runs the predicate with the item in #, and
// hands visit the item and the answer until visit says stop.
func (c *fastCompiler) strEach(b *ast.BuiltinNode) func(r *Run, f addr, visit func(string, bool) bool) error {
	if len(b.Arguments) != 2 {
		return nil
	}
	src, _ := c.strList(b.Arguments[0])
	if src == nil {
		return nil
	}
	pred := c.predicate(b.Arguments[1])
	if pred == nil {
		return nil
	}
	return func(r *Run, f addr, visit func(string, bool) bool) error {
		list, err := src(r, f)
		if err != nil {
			return err
		}
		if err := r.Work(len(list)); err != nil {
			return err
		}
		for _, s := range list {
			mark := len(r.scratch)
			r.strElems = append(r.strElems, s)
			ok, err := pred(r, f)
			r.strElems = r.strElems[:len(r.strElems)-1]
			r.dropScratch(mark)
			if err != nil {
				return err
			}
			if visit(s, ok) {
				return nil
			}
		}
		return nil
	}
}

// strCount compiles count(L, PREDICATE) of a list of strings, stopping
// at stopAt (expr-lang's threshold; -1: none), as count does.
func (c *fastCompiler) strCount(b *ast.BuiltinNode, stopAt int) intFn {
	each := c.strEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		n := 0
		err := each(r, f, func(_ string, ok bool) bool {
			if ok {
				n++
			}
			return ok && n == stopAt
		})
		return n, err
	}
}

// strQuantifier compiles any, all and none of a list of strings: the
// answer is !empty at the first item whose predicate gives stopOn, else
// empty, as quantifier's.
func (c *fastCompiler) strQuantifier(b *ast.BuiltinNode, stopOn, empty bool) boolFn {
	each := c.strEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		res := empty
		err := each(r, f, func(_ string, ok bool) bool {
			if ok == stopOn {
				res = !empty
				return true
			}
			return false
		})
		return res, err
	}
}

// strFind compiles find(L, PREDICATE) of a list of strings: the first
// item the predicate holds for, boxed, or find's nil (typed any by
// expr-lang, as the VM gives it) when there is none.
func (c *fastCompiler) strFind(b *ast.BuiltinNode) anyFn {
	each := c.strEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (any, error) {
		var found any
		err := each(r, f, func(s string, ok bool) bool {
			if ok {
				found = s
			}
			return ok
		})
		if err != nil {
			return nil, err
		}
		return found, nil
	}
}

// strEnd compiles first(L) or last(L) of a list of strings (kept, made,
// a filter of one): the item, boxed, or expr-lang's nil when the list is
// empty, as the VM gives it. A filter's predicate runs for every item,
// as the VM's filter runs it, before first picks (it may roll).
func (c *fastCompiler) strEnd(b *ast.BuiltinNode) anyFn {
	if (b.Name != "first" && b.Name != "last") || len(b.Arguments) != 1 {
		return nil
	}
	l, _ := c.strList(b.Arguments[0])
	if l == nil {
		return nil
	}
	last := b.Name == "last"
	return func(r *Run, f addr) (any, error) {
		list, err := l(r, f)
		if err != nil || len(list) == 0 {
			return nil, err
		}
		if last {
			return list[len(list)-1], nil
		}
		return list[0], nil
	}
}

// strElem compiles # of a predicate over a list of strings.
func (c *fastCompiler) strElem(x *ast.PointerNode) strFn {
	if x.Name != "" || c.preds == 0 || c.typeOf(x) != strT {
		return nil
	}
	return func(r *Run, _ addr) (string, error) {
		return r.strElems[len(r.strElems)-1], nil
	}
}

// madeList counts a list of n items an expression makes, as expr-lang's
// VM counts it: against the memory budget, and as work.
func (r *Run) madeList(n int) error {
	if uint(n) >= r.opt.MemoryBudget {
		return &exprErr{"memory budget exceeded"}
	}
	return r.Work(n)
}

// anysT is the type expr-lang gives a list it cannot type better
// (concat's, a literal of mixed items).
var anysT = reflect.TypeOf([]any(nil))
