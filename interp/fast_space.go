package interp

import "github.com/expr-lang/expr/ast"

// nearby(c, feet) natively: the list the run's space index gives
// (space.go), in its scratch space, with the errors of World.Nearby.
func (c *fastCompiler) nearby(args []ast.Node) listFn {
	p, feet := c.ptr(args[0]), c.int(args[1])
	if p == nil || feet == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		who, err := p(r, f)
		if err != nil {
			return nil, err
		}
		n, err := feet(r, f)
		if err != nil {
			return nil, err
		}
		if who.isNil() {
			return nil, errNobody
		}
		return r.nearbyOf(who, n)
	}
}
