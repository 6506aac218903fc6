package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// Reads of a reference attribute (language v2: an attribute that holds
// a combatant or a side, dsl/check/refs.go), natively. The checker
// holds such a field untyped (any: a struct made with reflect.StructOf
// cannot refer to itself) and wraps every read of it, c.opponent, in a
// call of its typing function, $ref_c(c.opponent) or $ref_s(...), which
// expr-lang ran in its VM: every rule that follows a reference left the
// native plan. Here the call reads the field's interface and takes the
// pointer it holds; nobody (none, or a nil pointer held typed) is the
// zero addr, as the VM's readRef gives nil for both.

// refFuncs are the checker's functions that type a read of a reference
// to one combatant or side (not the list forms).
var refFuncs = map[string]bool{"$ref_c": true, "$ref_s": true}

// isRefRead reports whether x is a read of a reference attribute through
// its typing function.
func isRefRead(x *ast.CallNode) bool {
	id, ok := x.Callee.(*ast.IdentifierNode)
	return ok && refFuncs[id.Value] && len(x.Arguments) == 1
}

// refRead compiles $ref_c(holder.attr) and $ref_s(holder.attr): the
// field's place is found as any attribute's (with expr-lang's messages
// for a holder that is nobody); its value is the pointer the interface
// holds. nil for anything else.
func (c *fastCompiler) refRead(x *ast.CallNode) ptrFn {
	if !isRefRead(x) || c.p.funcs[x.Callee.(*ast.IdentifierNode).Value] != nil {
		return nil
	}
	loc, ok := c.location(x.Arguments[0])
	if !ok {
		return nil
	}
	// The VM's value for nobody is an untyped nil (readRef): boxing the
	// whole expression is left to it, as for first and find.
	c.untyped = true
	return func(r *Run, f addr) (addr, error) {
		at, err := loc.at(r, f)
		if err != nil {
			return addr{}, err
		}
		return unboxPtr(load[any](at, 0)), nil
	}
}

// assignRef compiles the assignment of a native combatant or side to a
// reference attribute (held untyped): the interface holds the pointer,
// as Run.store makes it from the boxed value, or is nil for nobody (what
// store makes of none; a read through $ref_c cannot tell a nil pointer
// held typed from none, so nobody is always stored as none).
func assignRef(n *assignNode, fe *fexpr) stmtFn {
	tw := typeWord(fe.rt)
	return assignTo(n, func(r *Run, f addr) (any, error) {
		p, err := fe.p(r, f)
		if err != nil || p.isNil() {
			return nil, err
		}
		return boxPtr(tw, p), nil
	}, nil)
}

// orRef compiles a ?? b of combatants or sides, which the checker makes
// a call of $or_c or $or_s (check/optional.go): a unless it is nobody,
// else b. As a call, it evaluates both, a first.
func (c *fastCompiler) orRef(x *ast.CallNode) ptrFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != "$or_c" && id.Value != "$or_s" || len(x.Arguments) != 2 || c.p.funcs[id.Value] != nil {
		return nil
	}
	untyped := c.untyped
	a, b := c.ptrOrNil(x.Arguments[0]), c.ptrOrNil(x.Arguments[1])
	if a == nil || b == nil {
		return nil
	}
	// Nobody from both is b's nobody as b gives it (a's is passed over):
	// a typed nil pointer from a name or a field, which boxes natively,
	// so that `step_toward(m, prey ?? goal, m.pace)` is native; else
	// expr-lang's untyped nil (first, a reference read, none), or what
	// only the run can tell, whose boxing is left to the VM.
	nilUntyped, known := orNilUntyped(x) // fast_libnil.go
	c.untyped = untyped || nilUntyped || !known
	return func(r *Run, f addr) (addr, error) {
		p, err := a(r, f)
		if err != nil {
			return addr{}, err
		}
		q, err := b(r, f)
		if err != nil || !p.isNil() {
			return p, err
		}
		return q, nil
	}
}

// refListFuncs are the checker's functions that type a read of a
// reference to a list of combatants or sides.
var refListFuncs = map[string]bool{"$refs_c": true, "$refs_s": true}

// refsRead compiles $refs_c(holder.attr) and $refs_s(...): the list a
// reference-list attribute holds, as the VM's readRef gives it: none
// is an empty list; a list held typed is read in place; a list held
// untyped (what a rule's concat or filter stored, []any) gives its
// items of the element type, in order, nobody left out. nil for
// anything else.
func (c *fastCompiler) refsRead(x *ast.CallNode) listFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || !refListFuncs[id.Value] || len(x.Arguments) != 1 || c.p.funcs[id.Value] != nil || !c.isEntityList(x.Type()) {
		return nil
	}
	loc, ok := c.location(x.Arguments[0])
	if !ok {
		return nil
	}
	lt := x.Type()
	elem := lt.Elem()
	return func(r *Run, f addr) ([]addr, error) {
		at, err := loc.at(r, f)
		if err != nil {
			return nil, err
		}
		switch v := load[any](at, 0).(type) {
		case nil:
			return nil, nil
		case []any:
			start := len(r.scratch)
			for _, item := range v {
				if item != nil && sameType(reflect.TypeOf(item), elem) {
					r.scratch = append(r.scratch, unboxPtr(item))
				}
			}
			return r.list(start), nil
		default:
			rv := reflect.ValueOf(v)
			if rv.Type() != lt {
				return r.list(len(r.scratch)), nil // no list of them: readRef's empty one
			}
			return pointers(rv), nil
		}
	}
}

// assignConcatRef compiles TARGET = concat(...) of combatants or sides
// into a place held untyped (a reference-list attribute): the value the
// VM stores, concat's list of any (nil when every list is empty), each
// item the boxed pointer. nil when the value is no concat.
func assignConcatRef(n *assignNode, fe *fexpr) stmtFn {
	if b, ok := n.val.Node.(*ast.BuiltinNode); !ok || b.Name != "concat" || fe.l == nil || fe.elem == nil {
		return nil
	}
	tw, l := fe.tw, fe.l
	return assignTo(n, func(r *Run, f addr) (any, error) {
		v, err := l(r, f)
		if err != nil {
			return nil, err
		}
		var out []any
		if len(v) > 0 {
			out = make([]any, len(v))
			for i, p := range v {
				out[i] = boxPtr(tw, p)
			}
		}
		return out, nil
	}, nil)
}
