package interp

import (
	"github.com/expr-lang/expr/ast"
)

// Predicates over combatants or sides, natively: filter, count, any, all
// and none, with # the element kept on the run's stack (fast_elem.go).
// Each counts its visits as work (--max-steps), as the VM's walk does
// (vm_walks.go); over strings and whole numbers they are in
// fast_strlists.go and fast_int_preds.go.

// filterOf is the filter over combatants or sides that n is, or nil.
func (c *fastCompiler) filterOf(n ast.Node) *ast.BuiltinNode {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "filter" || len(b.Arguments) != 2 || b.Map != nil || b.Threshold != nil {
		return nil
	}
	if !c.isEntityList(b.Arguments[0].Type()) {
		return nil
	}
	if _, ok := b.Arguments[1].(*ast.PredicateNode); !ok {
		return nil
	}
	return b
}

// predicate compiles the body of a predicate over the elements of a
// list of combatants or sides; # is the element, kept on the run's stack.
func (c *fastCompiler) predicate(n ast.Node) boolFn {
	p, ok := n.(*ast.PredicateNode)
	if !ok {
		return nil
	}
	c.preds++
	defer func() { c.preds-- }()
	return c.bool(p.Node)
}

func (c *fastCompiler) filter(b *ast.BuiltinNode) listFn {
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		list, err := src(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return nil, err
		}
		start := len(r.scratch)
		for _, e := range list {
			// Lists the predicate builds (members(.side), say) go on the
			// scratch space too: ofElem drops them before the element is
			// kept, or they would end up in the result.
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return nil, err
			}
			if ok {
				r.scratch = append(r.scratch, e)
			}
		}
		return r.list(start), nil
	}
}

func (c *fastCompiler) count(b *ast.BuiltinNode) intFn {
	if len(b.Arguments) != 2 {
		return nil
	}
	// expr-lang's optimizer gives count(...) <= N a threshold: the count
	// stops there, which is all the comparison needs.
	stopAt := -1
	if b.Threshold != nil {
		stopAt = *b.Threshold
	}
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil || !c.entityListOf(b.Arguments[0]) {
		if fn := c.strCount(b, stopAt); fn != nil { // over strings: fast_strlists.go
			return fn
		}
		return c.intCount(b, stopAt) // over whole numbers: fast_int_preds.go
	}
	return func(r *Run, f addr) (int, error) {
		list, err := src(r, f)
		if err != nil {
			return 0, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return 0, err
		}
		n := 0
		for _, e := range list {
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return 0, err
			}
			if ok {
				n++
				if n == stopAt {
					break
				}
			}
		}
		return n, nil
	}
}

// quantifier compiles any, all and none over combatants or sides; like
// expr-lang they stop at the first element that decides.
func (c *fastCompiler) quantifier(b *ast.BuiltinNode) boolFn {
	if len(b.Arguments) != 2 || (b.Name != "any" && b.Name != "all" && b.Name != "none") {
		return nil
	}
	// any stops at the first true; all at the first false; none at the first true.
	stopOn, empty := true, false
	if b.Name != "any" {
		stopOn, empty = b.Name == "none", true
	}
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil || !c.entityListOf(b.Arguments[0]) {
		if fn := c.strQuantifier(b, stopOn, empty); fn != nil { // over strings: fast_strlists.go
			return fn
		}
		return c.intQuantifier(b, stopOn, empty) // over whole numbers: fast_int_preds.go
	}
	return func(r *Run, f addr) (bool, error) {
		list, err := src(r, f)
		if err != nil {
			return false, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return false, err
		}
		for _, e := range list {
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return false, err
			}
			if ok == stopOn {
				return !empty, nil
			}
		}
		return empty, nil
	}
}
