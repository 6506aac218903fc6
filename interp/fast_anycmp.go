package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"
)

// Names typed any, and comparisons with a value typed any, natively. A
// local given none first and a combatant later (`let who = none`, then
// `who = s`), or max of a list (`let bonus = ... max(map(...)) : 0`), is
// held untyped; every expression that read it ran in the VM (the
// commonest shape left there in rules/: `who != none`, `emit
// screened(who, ...)`, `initiative_roll + bonus`, `stealth_check >
// notice_check`). The name's value is the interface its place holds, as
// the VM reads it; a comparison is the VM's own (runtime.Equal, Less,
// ...) of the operands as the VM hands them over: each typed any
// dereferenced (OpDeref: a combatant held is its struct), and a panic of
// theirs (a number compared with a string) the VM's error.

// anyName compiles a name typed any (a local, a parameter): the value
// its place holds. nil for anything else.
func (c *fastCompiler) anyName(n ast.Node) anyFn {
	if _, ok := n.(*ast.IdentifierNode); !ok || n.Type() != anyT {
		return nil
	}
	loc, ok := c.location(n)
	if !ok {
		return nil
	}
	return readFn[any](loc)
}

// anyCmpOperand says whether a value of type t (or none, the literal) is
// compared here: a number, a string, a truth or a value typed any; not a
// combatant, a side or a list, which the VM compares as structs (==
// of those the checker makes __same).
func anyCmpOperand(t reflect.Type, n ast.Node) bool {
	return isNilNode(n) || t == intT || t == floatT || t == strT || t == boolT || t == anyT
}

// vmCompare are the VM's comparisons (OpEqual, OpLess, ...).
var vmCompare = map[string]func(a, b any) bool{
	"==": runtime.Equal,
	"!=": runtime.Equal, // negated by binaryBool
	"<":  runtime.Less,
	">":  runtime.More,
	"<=": runtime.LessOrEqual,
	">=": runtime.MoreOrEqual,
}

// anyCompare compiles a comparison of which one operand at least is
// typed any, the other a number, a string, a truth, none or typed any;
// nil otherwise.
func (c *fastCompiler) anyCompare(x *ast.BinaryNode) boolFn {
	op := vmCompare[x.Operator]
	lt, rt := c.typeOf(x.Left), c.typeOf(x.Right)
	if op == nil || lt != anyT && rt != anyT || !anyCmpOperand(lt, x.Left) || !anyCmpOperand(rt, x.Right) {
		return nil
	}
	if fn := c.anyIsNone(x); fn != nil {
		return fn
	}
	a, b := c.cmpOperand(x.Left), c.cmpOperand(x.Right)
	if a == nil || b == nil {
		return nil
	}
	da, db := lt == anyT, rt == anyT
	return func(r *Run, f addr) (v bool, err error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		if err != nil {
			return false, err
		}
		defer func() {
			if e := recover(); e != nil {
				v, err = false, &exprErr{fmt.Sprintf("%v", e)}
			}
		}()
		if da {
			p = vmDeref(p)
		}
		if db {
			q = vmDeref(q)
		}
		return op(p, q), nil
	}
}

// cmpOperand is an operand of anyCompare: none as nil.
func (c *fastCompiler) cmpOperand(n ast.Node) anyFn {
	if isNilNode(n) {
		return func(*Run, addr) (any, error) { return nil, nil }
	}
	return c.boxed(n)
}

// anyIsNone compiles x == none and x != none (either way round) of an x
// typed any: runtime.Equal of x dereferenced and nil, which holds when
// x is nothing or a nil pointer (or a nil list) and not otherwise,
// without the copy of a combatant's struct the dereference makes. nil
// for another comparison (the caller negates !=).
func (c *fastCompiler) anyIsNone(x *ast.BinaryNode) boolFn {
	if x.Operator != "==" && x.Operator != "!=" {
		return nil
	}
	n := x.Left
	switch {
	case isNilNode(x.Right):
	case isNilNode(x.Left):
		n = x.Right
	default:
		return nil
	}
	if c.typeOf(n) != anyT {
		return nil
	}
	fn := c.boxed(n)
	if fn == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		v, err := fn(r, f)
		return err == nil && derefIsNil(v), err
	}
}

// derefIsNil is runtime.IsNil(vmDeref(p)), without the dereferenced copy.
func derefIsNil(p any) bool {
	if p == nil {
		return true
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return true
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Map, reflect.Slice:
		return v.IsNil()
	}
	return false
}
