package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// A string made of a run of whole numbers, natively (the eleventh
// homebrew round's abyss draws a diver's breath as a bar of his lungs):
//
//	fn breath_bar(c: combatant): string = join(map(1..c.lungs, # <= c.breath ? "o" : "."), "")
//
// join(map(L, s), sep) of combatants or sides was native (joinMap); of a
// range or a list of whole numbers it ran whole in expr-lang's VM, and
// so did every call of a fn made of it and every expression around such
// a call: two fifths of the abyss's fight. Here the range is counted as a
// loop's range is (rangeOf: its length as work, refused over the memory
// budget as the VM refuses it), each item visited counts a step as a
// map's visits do, and # is the item (Run.intElems).

// joinMapInts compiles join(map(L, string), separator) where L is a
// range lo..hi or a list of whole numbers kept in a name or an
// attribute; nil for anything else (a literal [3, c.lungs], which
// expr-lang types a list of any).
func (c *fastCompiler) joinMapInts(x *ast.CallNode) strFn {
	list, item, sepNode, ok := c.joinOfMap(x)
	if !ok {
		return nil
	}
	src, sep := c.intItems(list), c.str(sepNode)
	if src == nil || sep == nil {
		return nil
	}
	c.preds++
	c.intPreds++
	each := c.str(item)
	c.intPreds--
	c.preds--
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		start := len(r.strs)
		defer r.dropStrs(start)
		err := src(r, f, func(v int) error {
			mark := len(r.scratch)
			r.intElems = append(r.intElems, v)
			s, err := each(r, f)
			r.intElems = r.intElems[:len(r.intElems)-1]
			r.dropScratch(mark)
			r.strs = append(r.strs, s)
			return err
		})
		if err != nil {
			return "", err
		}
		return r.joinStrs(f, start, sep)
	}
}

// intItems compiles a range lo..hi (without the list expr-lang would
// make) or a list of whole numbers into a walk that counts its items as
// a map's visits and hands each to visit, in order, until one fails.
func (c *fastCompiler) intItems(n ast.Node) func(r *Run, f addr, visit func(int) error) error {
	if l, h, ok := check.RangeBounds(n); ok {
		lo, hi := c.int(l), c.int(h)
		if lo == nil || hi == nil {
			return nil
		}
		return func(r *Run, f addr, visit func(int) error) error {
			from, to, err := rangeOf(r, f, lo, hi)
			if err != nil || to < from {
				return err
			}
			if err := r.Work(to - from + 1); err != nil {
				return err
			}
			for v := from; ; v++ {
				if err := visit(v); err != nil || v == to {
					return err
				}
			}
		}
	}
	// A list kept, or one made (a literal, concat, filter, the keys of
	// a map groupBy made by whole numbers: fast_ints.go).
	list := c.intsOrMade(n)
	if k, ok := n.(*ast.ConstantNode); ok && list == nil {
		// A range of constants (1..3), which expr-lang's optimizer
		// folds into its list: read, never changed.
		if l, ok := k.Value.([]int); ok {
			list = func(*Run, addr) ([]int, error) { return l, nil }
		}
	}
	if list == nil {
		return nil
	}
	return func(r *Run, f addr, visit func(int) error) error {
		l, err := list(r, f)
		if err != nil {
			return err
		}
		if err := r.Work(len(l)); err != nil {
			return err
		}
		for _, v := range l {
			if err := visit(v); err != nil {
				return err
			}
		}
		return nil
	}
}

// intElem compiles # of a predicate over whole numbers that joinMapInts
// compiles (and no other: a # typed int elsewhere stays with the VM).
func (c *fastCompiler) intElem(x *ast.PointerNode) intFn {
	if x.Name != "" || c.intPreds == 0 {
		return nil
	}
	return func(r *Run, _ addr) (int, error) {
		return r.intElems[len(r.intElems)-1], nil
	}
}
