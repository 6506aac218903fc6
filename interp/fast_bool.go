package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Truth values, natively: literals, names and fields, !, && and ||
// (stopping where expr-lang stops), == and != of every type the
// compiler covers, in, < <= > >=, any, all and none, and calls giving a
// truth. Conditions of if, while and the end condition are truths, so
// this is what decides most of a fight's branches.

func (c *fastCompiler) bool(n ast.Node) boolFn {
	if c.typeOf(n) != boolT {
		return nil
	}
	switch x := n.(type) {
	case *ast.BoolNode:
		v := x.Value
		return constFn(v)
	case *ast.ConstantNode:
		v, ok := x.Value.(bool)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		return readFn[bool](loc)
	case *ast.UnaryNode:
		if x.Operator != "!" && x.Operator != "not" {
			return nil
		}
		a := c.bool(x.Node)
		if a == nil {
			return nil
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := a(r, f)
			return !v, err
		}
	case *ast.BinaryNode:
		return c.binaryBool(x)
	case *ast.BuiltinNode:
		return c.quantifier(x)
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.bool(x.Exp1), c.bool(x.Exp2))
	case *ast.CallNode:
		if fn := c.sameCall(x); fn != nil {
			return fn
		}
		if pc := c.procCallOf(x, boolT); pc != nil { // fast_proc.go
			return procFn[bool](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.b == nil {
				return nil
			}
			return callFn(k, k.body.b)
		}
		if fn := c.optBool(x); fn != nil { // fast_optional.go
			return fn
		}
		if call := c.choiceCall(x); call != nil { // fast_choice.go
			return libResult[bool](call)
		}
		if fn, ok := worldCall(c, worldBoolCalls, x); ok {
			return fn
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[bool](c, x, t)
		}
		if fn := c.libTypedStrBool(x); fn != nil { // fast_strings.go
			return fn
		}
		return libResult[bool](c.libCall(x))
	}
	return nil
}

func (c *fastCompiler) binaryBool(x *ast.BinaryNode) boolFn {
	if fn := c.floatCompare(x); fn != nil { // fast_float_cmp.go
		return fn
	}
	switch x.Operator {
	case "&&", "and", "||", "or":
		a, b := c.bool(x.Left), c.bool(x.Right)
		if a == nil || b == nil {
			return nil
		}
		if x.Operator == "&&" || x.Operator == "and" {
			return func(r *Run, f addr) (bool, error) {
				v, err := a(r, f)
				if err != nil || !v {
					return false, err
				}
				return b(r, f)
			}
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := a(r, f)
			if err != nil || v {
				return v, err
			}
			return b(r, f)
		}
	case "==", "!=":
		neg := x.Operator == "!="
		var eq boolFn
		lt, rt := c.typeOf(x.Left), c.typeOf(x.Right)
		switch {
		case lt == intT && rt == intT:
			a, b := c.int(x.Left), c.int(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == boolT && rt == boolT:
			a, b := c.bool(x.Left), c.bool(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == strT && rt == strT:
			a, b := c.str(x.Left), c.str(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == intT && rt == anyT || lt == anyT && rt == intT:
			// A whole number and max or min of a list (any: none when
			// the list is empty, which equals no number).
			eq = c.eqIntAny(x) // fast_mapped.go
			if eq == nil {
				return nil
			}
		default:
			if fn := c.optIsNone(x, neg); fn != nil { // fast_optional.go
				return fn
			}
			if eq = c.anyCompare(x); eq != nil { // a value typed any: fast_anycmp.go
				break
			}
			// Combatants and sides, or nil: the same one, or both nobody.
			a, b := c.ptrOrNil(x.Left), c.ptrOrNil(x.Right)
			_, ln := x.Left.(*ast.NilNode)
			_, rn := x.Right.(*ast.NilNode)
			if a == nil || b == nil || !ln && !rn && lt != rt {
				return nil
			}
			if rn && !ln {
				if off, ok := c.frameSlot(x.Left); ok {
					return isNobodyAt(off, neg)
				}
				return isNobody(a, neg) // x == nil, x != nil
			}
			eq = func(r *Run, f addr) (bool, error) {
				p, err := a(r, f)
				if err != nil {
					return false, err
				}
				q, err := b(r, f)
				return same(p, q), err
			}
		}
		if !neg {
			return eq
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := eq(r, f)
			return !v, err
		}
	case "in":
		if in := c.inLiterals(x); in != nil {
			return in
		}
		return c.inList(x) // fast_mapped.go
	case "startsWith", "endsWith", "contains":
		return c.stringTest(x) // fast_strings.go
	case "<", "<=", ">", ">=":
		if c.typeOf(x.Left) == strT && c.typeOf(x.Right) == strT {
			a, b := c.str(x.Left), c.str(x.Right)
			if a == nil || b == nil {
				return nil
			}
			return compareStrings(x.Operator, a, b) // fast_strcmp.go
		}
		a, b := c.int(x.Left), c.int(x.Right)
		if a == nil || b == nil {
			return c.anyCompare(x) // a value typed any: fast_anycmp.go
		}
		return compareInts(x.Operator, a, b, x.Right, c.link(x.Left), c.link(x.Right))
	}
	return nil
}

// equalFn compares two native expressions of one comparable type.
func equalFn[T comparable, F ~func(*Run, addr) (T, error)](a, b F) boolFn {
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		return p == q, err
	}
}

// sameCall compiles __same(a, b) (stdlib.SameFunc), which the checker
// makes of a == b of combatants or sides: the same one, or both nobody,
// as == of them compiles; nil when an operand has no native form (typed
// any: the library's Same decides in the VM).
func (c *fastCompiler) sameCall(x *ast.CallNode) boolFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != stdlib.SameFunc || len(x.Arguments) != 2 {
		return nil
	}
	if lt, rt := c.typeOf(x.Arguments[0]), c.typeOf(x.Arguments[1]); lt != rt {
		return nil
	}
	a, b := c.ptrOrNil(x.Arguments[0]), c.ptrOrNil(x.Arguments[1])
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		return same(p, q), err
	}
}
