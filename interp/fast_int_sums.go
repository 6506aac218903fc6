package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// sum, max and min of whole numbers that are not taken from combatants or
// sides, natively:
//
//	sum(c.marks)
//	sum(map(1..c.lungs, # * 2))      (expr-lang makes it sum(1..c.lungs, # * 2))
//	max(map(c.marks, # + 1)) ?? 0
//
// Of numbers taken from combatants or sides they were native (fast_mapped.go);
// of a range, a list kept or made (fast_ints.go), or a map of one, they ran
// in expr-lang's VM with the expression around them. The items are walked
// as intItems walks them, # the item (Run.intElems), with sumOf's and
// bestOf's answers: an overflow is the VM's error, max and min of no item
// are none.

// intWalk hands whole numbers, in order, to visit until one fails.
type intWalk func(r *Run, f addr, visit func(int) error) error

// intValues compiles the whole numbers of L (intItems) or of map(L, X)
// with X a whole number; nil for anything else.
func (c *fastCompiler) intValues(n ast.Node) intWalk {
	if b, ok := n.(*ast.BuiltinNode); ok && b.Name == "map" {
		if len(b.Arguments) != 2 || b.Map != nil {
			return nil
		}
		if p, ok := b.Arguments[1].(*ast.PredicateNode); ok {
			return c.intsMappedBy(b.Arguments[0], p.Node)
		}
		return nil
	}
	return c.intItems(n)
}

// intsMappedBy compiles the whole number value gives for each item of
// the whole numbers src, # the item.
func (c *fastCompiler) intsMappedBy(src, value ast.Node) intWalk {
	items := c.intItems(src)
	if items == nil {
		return nil
	}
	c.preds++
	c.intPreds++
	each := c.int(value)
	c.intPreds--
	c.preds--
	if each == nil {
		return nil
	}
	return func(r *Run, f addr, visit func(int) error) error {
		return items(r, f, func(v int) error {
			mark := len(r.scratch)
			r.intElems = append(r.intElems, v)
			x, err := each(r, f)
			r.intElems = r.intElems[:len(r.intElems)-1]
			r.dropScratch(mark)
			if err != nil {
				return err
			}
			return visit(x)
		})
	}
}

// intSum compiles sum(X) of such whole numbers, and sum(L, X) of the
// items of whole numbers L; nil for anything else. As sumOf's, sum(L, X)
// stops at the item that overflows, sum(X) adds the items of a list
// already made (its items' errors come first).
func (c *fastCompiler) intSum(b *ast.BuiltinNode) intFn {
	var walk intWalk
	switch len(b.Arguments) {
	case 1:
		walk = c.intValues(b.Arguments[0])
	case 2:
		if p, ok := b.Arguments[1].(*ast.PredicateNode); ok {
			walk = c.intsMappedBy(b.Arguments[0], p.Node)
		}
	}
	if walk == nil {
		return nil
	}
	stops := len(b.Arguments) == 2
	return func(r *Run, f addr) (int, error) {
		t := intTotal{stops: stops}
		err := walk(r, f, func(v int) error { return t.add(v) })
		return t.result(err)
	}
}

// intTotal adds whole numbers as sum does in the VM: an overflow is an
// error, which stops the walk at once for sum(L, X) (the VM's sum stops
// at the item that overflows) and only at its end for sum(X), whose
// list the VM made whole before adding (dsl/check/wholes_vm.go).
type intTotal struct {
	total int
	over  error
	stops bool
}

func (t *intTotal) add(v int) error {
	if t.over != nil {
		return nil
	}
	s, err := stdlib.Add(t.total, v)
	if err != nil && t.stops {
		return err
	}
	t.total, t.over = s, err
	return nil
}

// result is the sum, or the walk's error, else the overflow's.
func (t *intTotal) result(err error) (int, error) {
	if err == nil {
		err = t.over
	}
	return t.total, err
}

// intBest compiles max(X) or min(X) of such whole numbers: none (an
// untyped nil, as expr-lang gives) when there is none.
func (c *fastCompiler) intBest(b *ast.BuiltinNode) anyFn {
	if b.Name != "max" && b.Name != "min" || len(b.Arguments) != 1 {
		return nil
	}
	walk := c.intValues(b.Arguments[0])
	if walk == nil {
		return nil
	}
	isMax := b.Name == "max"
	return func(r *Run, f addr) (any, error) {
		best, n := 0, 0
		err := walk(r, f, func(v int) error {
			if n == 0 || isMax && v > best || !isMax && v < best {
				best = v
			}
			n++
			return nil
		})
		if err != nil || n == 0 {
			return nil, err
		}
		return best, nil
	}
}
