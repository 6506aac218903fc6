package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Lists of whole numbers a rule file makes with a literal, natively:
//
//	let sq = [x, y]
//	if path_length(self, sq[0], sq[1]) > 0 { self.x = sq[0] }
//
// The checker types such a local a list of whole numbers
// (check.intLiteral), so its reads (sq[0], len(sq)) are native
// (fast_plainlists.go); the literal was left to the VM, and with it the
// heist homebrew's sneak. A list made here is what the VM would make,
// stored: the VM builds []any and Run.store converts it to the place's
// []int. The items count as made (the memory budget and the run's
// work), as the VM counts them. Its boxed value ([]any) is left to the
// VM (fexpr.noBox): only stores into a list of whole numbers read it.

// intsFn gives a list of whole numbers.
type intsFn func(r *Run, f addr) ([]int, error)

// intLiteral compiles [a, b, ...] of whole numbers, at least one: a new
// list of its items, evaluated in order; nil for anything else.
func (c *fastCompiler) intLiteral(n ast.Node) intsFn {
	x, ok := n.(*ast.ArrayNode)
	if !ok || len(x.Nodes) == 0 {
		return nil
	}
	items := make([]intFn, len(x.Nodes))
	for i, e := range x.Nodes {
		if items[i] = c.int(e); items[i] == nil {
			return nil
		}
	}
	return itemsInOrder(items)
}

// madeInts compiles an expression that makes a list of whole numbers,
// typed a list of any by expr-lang: a literal (intLiteral), concat of
// lists of them (one kept in a name or an attribute, or made),
// filter(L, PREDICATE) of whole numbers (fast_int_preds.go), and the
// keys of a map groupBy made by a whole number (fast_groups.go):
//
//	c.marks = concat(c.marks, [c.hp])
//	c.marks = filter(c.marks, # != 2)
//
// nil for anything else. As intLiteral's, its boxed value is left to
// the VM.
func (c *fastCompiler) madeInts(n ast.Node) intsFn {
	if l := c.intLiteral(n); l != nil {
		return l
	}
	if l := groupKeys[int](c, n, check.KInt); l != nil {
		return l
	}
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Map != nil {
		return nil
	}
	switch {
	case b.Name == "concat" && len(b.Arguments) > 0:
		lists := make([]intsFn, len(b.Arguments))
		for i, a := range b.Arguments {
			if lists[i] = c.intsOrMade(a); lists[i] == nil {
				return nil
			}
		}
		return concatInOrder(lists) // fast_strlists.go
	case b.Name == "filter" && len(b.Arguments) == 2:
		return c.intFilter(b) // fast_int_preds.go
	}
	return nil
}

// intsOrMade compiles a list of whole numbers kept in a name or an
// attribute (or a slice of one), or one madeInts makes.
func (c *fastCompiler) intsOrMade(n ast.Node) intsFn {
	if l := plainList[int](c, n, intsT); l != nil {
		return l
	}
	return c.madeInts(n)
}
