package interp

import (
	"github.com/expr-lang/expr/ast"
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
