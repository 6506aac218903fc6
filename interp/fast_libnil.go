package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// libFieldBase compiles the base of a field read that is a call of the
// standard library (declared_combatant(c, "target").hp); lib is false
// when the call is not one (or is pick, which keeps its own native form
// in ptr, whose nobody is typed as the VM's is), and the read then
// compiles as any other. A library call without a native form (nil,
// true) leaves the whole read to the VM.
//
// expr-lang reads a field of the nil a function gives as the function
// gives it: an untyped nil (declared_combatant's none) is "cannot get hp
// from <nil>", which the run words as a read through none; a typed one
// (a combatant pointer that is nil) is reflect's zero-value error. So
// the native read looks at the value the call gave, not at its address.
func (c *fastCompiler) libFieldBase(call *ast.CallNode, name string) (get ptrFn, lib bool) {
	f, _ := c.libFunc(call)
	if f == nil || f.Name == "pick" {
		return nil, false
	}
	lc := c.libCall(call)
	if lc == nil {
		return nil, true
	}
	msg := chainNilMsg(name, "<nil>")
	return func(r *Run, fr addr) (addr, error) {
		v, err := lc(r, fr)
		if err != nil {
			return addr{}, err
		}
		if v == nil {
			return addr{}, &exprErr{msg}
		}
		return unboxPtr(v), nil
	}, true
}

// isOrRef reports whether x is a ?? of references, $or_c or $or_s
// (check/optional.go).
func isOrRef(x *ast.CallNode) bool {
	id, ok := x.Callee.(*ast.IdentifierNode)
	return ok && (id.Value == "$or_c" || id.Value == "$or_s") && len(x.Arguments) == 2
}

// orNilUntyped says whether nobody from a ?? of references is expr-lang's
// untyped nil, whose field read the VM words "cannot get hp from <nil>"
// (a read through none), rather than a typed nil pointer (reflect's
// zero-value error). The ?? gives its right side as that side gives it,
// so the answer is the right side's: untyped from a reference read
// ($ref_c), first, or another ?? whose right side is; typed from a name
// or a field. known is false where only the run can tell (a library
// call, which may give either): the read is then left to the VM.
func orNilUntyped(x *ast.CallNode) (untyped, known bool) {
	switch b := x.Arguments[1].(type) {
	case *ast.CallNode:
		switch {
		case isRefRead(b):
			return true, true
		case isOrRef(b):
			return orNilUntyped(b)
		}
		return false, false
	case *ast.BuiltinNode:
		return untypedNilBuiltin(b.Name), untypedNilBuiltin(b.Name)
	case *ast.IdentifierNode, *ast.MemberNode:
		return false, true
	}
	return false, false
}

// untypedNilBuiltin reports whether expr-lang's builtin of that name
// gives its untyped nil when it finds nothing: first and last of an
// empty list, find and findLast when no element holds.
func untypedNilBuiltin(name string) bool {
	switch name {
	case "first", "last", "find", "findLast":
		return true
	}
	return false
}

// fnNilUntyped says, for a call of a ruleset fn with an expression body,
// whether the nobody it gives is expr-lang's untyped nil: a fn gives what
// its body gives, so house().alarm, with house() = first(filter(sides,
// ...)) finding nothing, is the VM's "cannot get alarm from <nil>" (a
// read through none, the field named), not reflect's zero-value error
// (the eighth homebrew round's heist). fn is false when call is not such
// a call; known is false where only the run can tell, and the read is
// then left to the VM.
func (c *fastCompiler) fnNilUntyped(call *ast.CallNode) (untyped, known, fn bool) {
	f := c.exprFn(call)
	if f == nil {
		return false, false, false
	}
	untyped, known = c.nilUntyped(f.Body.Node, 0)
	return untyped, known, true
}

// exprFn is the ruleset fn with an expression body that call calls (not
// a choice, whose answer may be the script's), or nil.
func (c *fastCompiler) exprFn(call *ast.CallNode) *check.Func {
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	f := c.p.funcs[id.Value]
	if f == nil || f.Body == nil || f.Body.Node == nil || f.Choice {
		return nil
	}
	return f
}

// nilUntyped says whether the nobody an expression of a combatant or
// side gives is expr-lang's untyped nil (as orNilUntyped, for a whole
// expression): untyped from first, last, find, findLast, none and a
// reference read, typed from a name or a field, a ?? as its right side,
// a conditional as its branches when they agree, a fn as its body
// (depth bounds a chain of fns; one that calls itself is not followed).
func (c *fastCompiler) nilUntyped(n ast.Node, depth int) (untyped, known bool) {
	switch b := n.(type) {
	case *ast.CallNode:
		switch {
		case isRefRead(b):
			return true, true
		case isOrRef(b):
			return c.nilUntyped(b.Arguments[1], depth)
		}
		if f := c.exprFn(b); f != nil && depth < 16 {
			return c.nilUntyped(f.Body.Node, depth+1)
		}
	case *ast.BuiltinNode:
		return untypedNilBuiltin(b.Name), untypedNilBuiltin(b.Name)
	case *ast.NilNode:
		return true, true
	case *ast.IdentifierNode, *ast.MemberNode:
		return false, true
	case *ast.ConditionalNode:
		u1, k1 := c.nilUntyped(b.Exp1, depth)
		u2, k2 := c.nilUntyped(b.Exp2, depth)
		return u1, k1 && k2 && u1 == u2
	}
	return false, false
}
