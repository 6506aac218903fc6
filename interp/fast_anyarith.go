package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"

	"github.com/frayrules/fray/stdlib"
)

// Arithmetic with an operand typed any: a whole number plus max or min of
// a list (`base + max(map(...))`, which is nothing for an empty list), or
// max and min of several such values (`max(0, base + ...)`). expr-lang
// types the result any, and its value depends on what the operand holds
// at run time (a whole number, a float, nothing), so the native form does
// what the VM does, with the VM's own functions: runtime.Add, Subtract
// and Multiply for the operators (checked for two whole numbers, as the
// checker makes them in the VM: stdlib.AnyAdd), the builtin's Func for max and min
// (after the VM's dereference of an argument of unknown type), and a
// panic of theirs becomes the expression's error with the VM's words.
// Only the operands are native; TestFastAgreesWithExpr holds the forms to
// the VM, value for value and error for error.

// anyOperators are the VM's functions of the operators compiled here:
// expr-lang's, checked for whole numbers as the checker makes them in
// the VM (stdlib/wholes.go).
var anyOperators = map[string]func(a, b any) (any, error){
	"+": stdlib.AnyAdd,
	"-": stdlib.AnySub,
	"*": stdlib.AnyMul,
}

// numberOrAny tells whether a value of type t can be an operand here.
func numberOrAny(t any) bool { return t == intT || t == floatT || t == anyT }

// anyArith compiles a + b, a - b or a * b where one operand at least is
// typed any and the other a number or any; nil otherwise.
func (c *fastCompiler) anyArith(x *ast.BinaryNode) anyFn {
	op := anyOperators[x.Operator]
	lt, rt := c.typeOf(x.Left), c.typeOf(x.Right)
	if op == nil || lt != anyT && rt != anyT || !numberOrAny(lt) || !numberOrAny(rt) {
		return nil
	}
	a, b := c.boxed(x.Left), c.boxed(x.Right)
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (v any, err error) {
		p, err := a(r, f)
		if err != nil {
			return nil, err
		}
		q, err := b(r, f)
		if err != nil {
			return nil, err
		}
		defer vmPanic(&v, &err)
		return op(p, q)
	}
}

// anyMinMax compiles max or min of two or more numbers, one at least
// typed any; nil otherwise (whole numbers alone: minMax, fast_int.go).
func (c *fastCompiler) anyMinMax(b *ast.BuiltinNode) anyFn {
	if b.Name != "max" && b.Name != "min" || len(b.Arguments) < 2 {
		return nil
	}
	fn := builtin.Builtins[builtin.Index[b.Name]].Func
	fns := make([]anyFn, len(b.Arguments))
	untyped := make([]bool, len(b.Arguments))
	loose := false
	for i, a := range b.Arguments {
		t := c.typeOf(a)
		if !numberOrAny(t) {
			return nil
		}
		if fns[i] = c.boxed(a); fns[i] == nil {
			return nil
		}
		untyped[i] = t == anyT
		loose = loose || untyped[i]
	}
	if !loose {
		return nil
	}
	return withArgs(fns, func(r *Run, args []any) (v any, err error) {
		for i, u := range untyped {
			if u {
				args[i] = vmDeref(args[i])
			}
		}
		defer vmPanic(&v, &err)
		return fn(args...)
	})
}

// vmPanic turns a panic of the VM's functions into the error the VM
// makes of it (its message, "%v" of the panic), as the VM recovers it.
func vmPanic(v *any, err *error) {
	if p := recover(); p != nil {
		*v, *err = nil, &exprErr{fmt.Sprintf("%v", p)}
	}
}

// vmDeref is the VM's OpDeref (expr-lang's internal deref.Interface,
// which this package may not import): a pointer or interface is followed
// to its value, nil stays nil.
func vmDeref(p any) any {
	switch p.(type) {
	case nil, int, float64:
		return p // the common case, unchanged
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.IsValid() {
		return v.Interface()
	}
	panic(fmt.Sprintf("cannot dereference %v", p))
}
