package interp

import "github.com/frayrules/fray/stdlib"

// Whole-number assignments through a path of at most one attribute (`n
// = 3`, `c.hp -= amount`, the commonest statements of a rule file): the
// steps of assignTo, with the operator and the path's one step written
// out rather than called (a closure per operator, a loop over the path).

const (
	intSet = iota
	intAdd
	intSub
)

// assignInt compiles such an assignment; nil for a longer path or one
// that keeps rosters or derived attributes (assignTo does those).
//
//go:noinline
func assignInt(n *assignNode, fn intFn, op int) stmtFn {
	if len(n.path.offs) > 1 || n.roster != rosterNone || n.derive != deriveNone {
		return nil
	}
	label, bump, ce, root := n.t.Label, n.bump, n.val, n.path.root
	through := len(n.path.offs) == 1 // a local holding the struct, then the attribute
	var off uintptr
	if through {
		off = n.path.offs[0]
	}
	return func(r *Run, base addr) (flow, error) {
		r.reason = label
		if bump {
			r.world++
		}
		mark := len(r.scratch)
		v, err := fn(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return flowNext, r.nativeFailure(ce, err)
		}
		s, at := base, root
		if through {
			if s = load[addr](base, root); s.isNil() {
				return flowNext, n.nobody()
			}
			at = off
		}
		switch op {
		case intAdd:
			if v, err = stdlib.Add(load[int](s, at), v); err != nil {
				return flowNext, n.failed(err)
			}
		case intSub:
			if v, err = stdlib.Sub(load[int](s, at), v); err != nil {
				return flowNext, n.failed(err)
			}
		}
		store(s, at, v)
		return flowNext, nil
	}
}

// intOp is the operator of an assignment.
func intOp(op string) int {
	switch op {
	case "+=":
		return intAdd
	case "-=":
		return intSub
	}
	return intSet
}
