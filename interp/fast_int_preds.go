package interp

import (
	"errors"

	"github.com/expr-lang/expr/ast"
)

// count, any, all, none and find over whole numbers, natively:
//
//	count(1..c.lungs, # <= c.breath)
//	any(c.marks, # == 2)
//	let by_hp = groupBy(living(combatants), .hp)
//	filter(...) ... count(keys(by_hp), len(by_hp[#]) > 1)
//
// Over combatants, sides or strings they were native; over a range, a
// list of whole numbers kept in a name or an attribute, or the keys of a
// map groupBy made by whole numbers, they ran in expr-lang's VM with the
// expression around them. The items are walked as join(map(...)) walks
// them (intItems: a range counted as a loop's range is, each item a step
// of work, refused over the memory budget as the VM refuses it), # is the
// item (Run.intElems), and each stops where the VM's stops.

// errStopItems ends a walk of whole numbers early: the answer is known.
var errStopItems = errors.New("stop")

// intEach compiles the whole numbers and the predicate of count, any,
// all, none or find: a walk that runs the predicate with the item in #
// and hands visit the item and the answer until visit says stop.
func (c *fastCompiler) intEach(b *ast.BuiltinNode) func(r *Run, f addr, visit func(int, bool) bool) error {
	if len(b.Arguments) != 2 || b.Map != nil {
		return nil
	}
	p, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	src := c.intItems(b.Arguments[0])
	if src == nil {
		return nil
	}
	c.preds++
	c.intPreds++
	pred := c.bool(p.Node)
	c.intPreds--
	c.preds--
	if pred == nil {
		return nil
	}
	return func(r *Run, f addr, visit func(int, bool) bool) error {
		err := src(r, f, func(v int) error {
			mark := len(r.scratch)
			r.intElems = append(r.intElems, v)
			ok, err := pred(r, f)
			r.intElems = r.intElems[:len(r.intElems)-1]
			r.dropScratch(mark)
			if err != nil {
				return err
			}
			if visit(v, ok) {
				return errStopItems
			}
			return nil
		})
		if err == errStopItems {
			return nil
		}
		return err
	}
}

// intCount compiles count(L, PREDICATE) of whole numbers, stopping at
// stopAt (expr-lang's threshold; -1: none), as count does.
func (c *fastCompiler) intCount(b *ast.BuiltinNode, stopAt int) intFn {
	each := c.intEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		n := 0
		err := each(r, f, func(_ int, ok bool) bool {
			if ok {
				n++
			}
			return ok && n == stopAt
		})
		return n, err
	}
}

// intQuantifier compiles any, all and none of whole numbers: the answer
// is !empty at the first item whose predicate gives stopOn, else empty.
func (c *fastCompiler) intQuantifier(b *ast.BuiltinNode, stopOn, empty bool) boolFn {
	each := c.intEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		res := empty
		err := each(r, f, func(_ int, ok bool) bool {
			if ok == stopOn {
				res = !empty
				return true
			}
			return false
		})
		return res, err
	}
}

// intFilter compiles filter(L, PREDICATE) of whole numbers: the items
// the predicate holds for, in a new list.
func (c *fastCompiler) intFilter(b *ast.BuiltinNode) intsFn {
	each := c.intEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) ([]int, error) {
		out := []int{}
		err := each(r, f, func(v int, ok bool) bool {
			if ok {
				out = append(out, v)
			}
			return false
		})
		if err != nil {
			return nil, err
		}
		return out, nil
	}
}

// intFind compiles find(L, PREDICATE) of whole numbers: the first item
// the predicate holds for, boxed, or find's nil when there is none (the
// VM's value: expr-lang types it int).
func (c *fastCompiler) intFind(b *ast.BuiltinNode) anyFn {
	if b.Name != "find" {
		return nil
	}
	each := c.intEach(b)
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (any, error) {
		var found any
		err := each(r, f, func(v int, ok bool) bool {
			if ok {
				found = v
			}
			return ok
		})
		if err != nil {
			return nil, err
		}
		return found, nil
	}
}
