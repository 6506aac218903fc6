package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Sums over the lists of a map groupBy made of combatants or sides,
// natively:
//
//	log "venom left: {sum(values(groupBy(filter(combatants, .venomed), .name)), sum(#, .doses))}"
//
// dsl/check types values(M) where a builtin with a predicate reads it,
// as $values_c(values(M)) (group_maps.go): # is a list of combatants
// there, and sum(#, X) of it is typed. The sum runs through the lists in
// the order of their keys, as the library's values gives them, each
// item's X added as the VM adds it: a sum beyond the whole numbers is an
// error at the item that overflows, each list's sum before the total's
// (dsl/check/wholes_vm.go).

// groupSums compiles sum(V, sum(#, X)) with V $values_c(values(M)) or
// $values_s(values(M)) of a map M groupBy made (a local, or groupBy(...)
// itself: fast_groups.go's grouping) and X a whole number; nil when it
// is not that, or not native. Every list the outer sum visits counts as
// a step of work, and every item the inner one does, as a predicate's
// visits count; values counts the map's entries, as flatten(values(M))
// does (groupValues).
func (c *fastCompiler) groupSums(b *ast.BuiltinNode) intFn {
	if b.Name != "sum" || len(b.Arguments) != 2 {
		return nil
	}
	typed, ok := b.Arguments[0].(*ast.CallNode)
	outer, isPred := b.Arguments[1].(*ast.PredicateNode)
	if !ok || !isPred || len(typed.Arguments) != 1 {
		return nil
	}
	if id, ok := typed.Callee.(*ast.IdentifierNode); !ok || id.Value != check.ValuesCombatants && id.Value != check.ValuesSides {
		return nil
	}
	inner, ok := outer.Node.(*ast.BuiltinNode)
	if !ok || inner.Name != "sum" || len(inner.Arguments) != 2 {
		return nil
	}
	if p, ok := inner.Arguments[0].(*ast.PointerNode); !ok || p.Name != "" {
		return nil // the list summed is # itself
	}
	x, ok := inner.Arguments[1].(*ast.PredicateNode)
	m := check.ValuesOf(typed.Arguments[0])
	if !ok || m == nil {
		return nil
	}
	groups := c.groupsInOrder(m)
	c.preds++
	each := c.int(x.Node)
	c.preds--
	if groups == nil || each == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		gm, keys, err := groups(r, f)
		if err != nil {
			return 0, err
		}
		if err := r.Work(3 * len(gm)); err != nil {
			return 0, err
		}
		total := intTotal{stops: true}
		for _, k := range keys {
			held := gm[k]
			if err := r.Work(len(held)); err != nil {
				return 0, err
			}
			one := intTotal{stops: true}
			for _, v := range held {
				n, err := ofElem(r, f, unboxPtr(v), each)
				if err == nil {
					err = one.add(n)
				}
				if err != nil {
					return 0, err
				}
			}
			if err := total.add(one.total); err != nil {
				return 0, err
			}
		}
		return total.result(nil)
	}
}
