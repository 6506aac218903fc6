package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Calls of the standard library, natively. A function of stdlib.Funcs
// has one implementation, its table entry's Impl, which expr-lang's VM
// calls (through the expr.Function dsl/check makes of the entry) and
// which a native call calls too: the arguments are evaluated natively
// and boxed as the VM would pass them, the run is the World, and the
// result is unboxed. What the native form saves is the VM's set-up and
// its reflective reads of the arguments, not a second implementation.
//
// The world functions on lists (living, members, enemies, allies,
// enemy_sides, standing, pick; fast_entity_list.go, fast_world.go) are
// specialised instead: their native forms hand lists over as addresses in
// the run's scratch space, and their World methods (world.go) call the
// same code and box its result for the VM.

// libFunc is the function of the standard library that the call x
// calls, with the call's arguments (the run expr-lang passes first left
// out); nil when x calls something else (a name of the ruleset: a fn,
// modifiers or a table) or with another number of arguments.
func (c *fastCompiler) libFunc(x *ast.CallNode) (*stdlib.Func, []ast.Node) {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || c.p.funcs[id.Value] != nil || c.p.modifiers[id.Value] != nil || c.p.tables[id.Value] != nil {
		return nil, nil
	}
	f, args := stdlib.Lookup(id.Value), callArgs(x)
	if f == nil || len(args) != len(f.Params) {
		return nil, nil
	}
	return f, args
}

// libCall compiles a call of a function of the standard library whose
// arguments all have a native boxed form (no lists); nil otherwise.
func (c *fastCompiler) libCall(x *ast.CallNode) anyFn {
	f, args := c.libFunc(x)
	if f == nil {
		return nil
	}
	fns := make([]anyFn, len(args))
	loose := false // an argument of no one type (c ? 1.5 : 2), or none
	for i, a := range args {
		switch f.Params[i] {
		case stdlib.Combatants, stdlib.Sides:
			if fns[i] = c.boxedList(a); fns[i] == nil {
				return nil
			}
			continue
		case stdlib.Ints:
			return nil
		}
		var none bool
		if fns[i], none = c.boxedOrNone(a); fns[i] == nil {
			return nil
		}
		// A value typed a string that may be none (first(l)?.name) is
		// loose too: the implementation's type assertion panicked on it
		// (replace('a', first(l)?.name, 'b') was an internal error).
		loose = loose || (c.typeOf(a) == anyT || none) && f.Params[i] != stdlib.Any
	}
	if f.Rolls {
		c.impure = true
	}
	if c.isEntity(x.Type()) {
		// A function that may find nobody: expr-lang boxes its nil as it
		// comes (fexpr.noBox leaves boxing the whole value to the VM).
		c.untyped = true
	}
	impl, world := f.Impl, f.World
	return withArgs(fns, func(r *Run, args []any) (v any, err error) {
		var w stdlib.World
		if world {
			w = r
		}
		if loose {
			// A value of the wrong type: the same words as the VM's call
			// (stdlib.CheckArgs); should the implementation still panic,
			// the VM recovers it as the expression's error, and so does
			// this call.
			if err := stdlib.CheckArgs(f, args); err != nil {
				return nil, err
			}
			defer func() {
				if p := recover(); p != nil {
					v, err = nil, fmt.Errorf("%v", p)
				}
			}()
		}
		return impl(w, args)
	})
}

// libList compiles a call of a library function that gives a list of
// combatants or sides (within(c, list, feet)): its value, taken into the
// run's scratch space as a native list. The function is called as the VM
// calls it (libCall); nil when its arguments have no native form.
func (c *fastCompiler) libList(x *ast.CallNode) listFn {
	f, _ := c.libFunc(x)
	if f == nil || f.Result != stdlib.Combatants && f.Result != stdlib.Sides {
		return nil
	}
	call := c.libCall(x)
	if call == nil {
		return nil
	}
	return func(r *Run, fr addr) ([]addr, error) {
		v, err := call(r, fr)
		if err != nil {
			return nil, err
		}
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Slice {
			return nil, fmt.Errorf("%s gave %T, not a list", f.Name, v)
		}
		start := len(r.scratch)
		for i := range rv.Len() {
			e := rv.Index(i)
			if e.Kind() == reflect.Interface {
				e = e.Elem()
			}
			if !e.IsValid() || e.Kind() != reflect.Pointer {
				return nil, fmt.Errorf("%s gave %v in its list, not a combatant or side", f.Name, e)
			}
			r.scratch = append(r.scratch, addrOf(e))
		}
		return r.list(start), nil
	}
}

// boxedList compiles a list of combatants or sides handed to a library
// function: the native list boxed as the function's typed list, as the
// VM's call converts it (a filter's list of any too).
func (c *fastCompiler) boxedList(n ast.Node) anyFn {
	l := c.list(n)
	if l == nil {
		return nil
	}
	elem := c.anyEntityList(n) // fast_lists.go
	if t := c.typeOf(n); c.isEntityList(t) {
		elem = t.Elem()
	}
	if elem == nil {
		return nil
	}
	t := reflect.SliceOf(elem)
	return func(r *Run, f addr) (any, error) {
		v, err := l(r, f)
		if err != nil {
			return nil, err
		}
		return boxList(t, v).Interface(), nil
	}
}

// withArgs is a call whose arguments are the values of fns, evaluated in
// order into the run's argument stack (no slice made per call) and handed
// to call, which must not keep them.
func withArgs[T any](fns []anyFn, call func(r *Run, args []any) (T, error)) func(*Run, addr) (T, error) {
	return func(r *Run, fr addr) (T, error) {
		start := len(r.callArgs)
		defer func() {
			clear(r.callArgs[start:])
			r.callArgs = r.callArgs[:start]
		}()
		for _, fn := range fns {
			v, err := fn(r, fr)
			if err != nil {
				var zero T
				return zero, err
			}
			r.callArgs = append(r.callArgs, v)
		}
		return call(r, r.callArgs[start:len(r.callArgs):len(r.callArgs)])
	}
}

// libTyped compiles a call of a library function with a Typed
// implementation (stdlib.Func.Typed) whose arguments are native: the
// implementation is called with Go values, nothing boxed. nil otherwise.
func (c *fastCompiler) libTyped(x *ast.CallNode) intFn {
	f, args := c.libFunc(x)
	if f == nil || f.Typed == nil {
		return nil
	}
	switch impl := f.Typed.(type) {
	case stdlib.TypedRoll:
		d := c.dice(args[0])
		if d == nil {
			return nil
		}
		c.impure = c.impure || f.Rolls
		if l := c.linkOf(args[0], diceT); l != nil {
			// roll(self.damage), the commonest roll of a rule file: the
			// dice read in place, without readFn's call.
			root, off, msg := l.root, l.off, l.msg
			return func(r *Run, fr addr) (int, error) {
				s := load[addr](fr, root)
				if s.isNil() {
					return 0, &exprErr{msg}
				}
				return impl(r, load[stdlib.Dice](s, off))
			}
		}
		return func(r *Run, fr addr) (int, error) {
			dv, err := d(r, fr)
			if err != nil {
				return 0, err
			}
			return impl(r, dv)
		}
	case stdlib.TypedDiceInt:
		d := c.dice(args[0])
		if d == nil {
			return nil
		}
		return func(r *Run, fr addr) (int, error) {
			dv, err := d(r, fr)
			return impl(dv), err
		}
	case stdlib.TypedFloatInt:
		// int(x) of a float (the checker's IntFunc): NaN, an infinity or
		// a float beyond the whole numbers stops the run, as in the VM.
		return bindFn(c.float(args[0]), impl)
	case stdlib.TypedInt3:
		a, b, k := c.int(args[0]), c.int(args[1]), c.int(args[2])
		if a == nil || b == nil || k == nil {
			return nil
		}
		return func(r *Run, fr addr) (int, error) {
			x, err := a(r, fr)
			if err != nil {
				return 0, err
			}
			y, err := b(r, fr)
			if err != nil {
				return 0, err
			}
			z, err := k(r, fr)
			return impl(x, y, z), err
		}
	}
	return nil
}

// libResult is a native library call whose value is a T (int, bool or
// string); nil when the call has no native form.
func libResult[T any](call anyFn) func(*Run, addr) (T, error) {
	if call == nil {
		return nil
	}
	return func(r *Run, f addr) (T, error) {
		v, err := call(r, f)
		t, _ := v.(T)
		return t, err
	}
}

// tableResult is libResult for a table's look-up (tableCall), which
// gives the row's value boxed: c keeps that boxed form for the call node
// x (fexpr.boxed), with the same value libResult gives (a value that is
// not a T, as a label-only row of a table of numbers, reads as T's zero).
func tableResult[T any](c *fastCompiler, x ast.Node, call anyFn) func(*Run, addr) (T, error) {
	if c.boxedCalls == nil {
		c.boxedCalls = map[ast.Node]anyFn{}
	}
	var zero any = *new(T)
	c.boxedCalls[x] = func(r *Run, f addr) (any, error) {
		v, err := call(r, f)
		if _, ok := v.(T); !ok {
			v = zero
		}
		return v, err
	}
	return libResult[T](call)
}

// libPtr is a native library call whose value is a combatant or side.
func libPtr(call anyFn) ptrFn {
	if call == nil {
		return nil
	}
	return func(r *Run, f addr) (addr, error) {
		v, err := call(r, f)
		if err != nil {
			return addr{}, err
		}
		return unboxPtr(v), nil
	}
}

// constBoxed is the boxed value of a literal, boxed once when planned
// (boxing a string or a number over 255 at every call allocates), or nil
// when n is no literal.
func constBoxed(n ast.Node) anyFn {
	var v any
	switch x := n.(type) {
	case *ast.IntegerNode:
		v = x.Value
	case *ast.StringNode:
		v = x.Value
	case *ast.BoolNode:
		v = x.Value
	case *ast.ConstantNode:
		if t := reflect.TypeOf(x.Value); t != intT && t != strT && t != boolT && t != diceT {
			return nil
		}
		v = x.Value
	default:
		return nil
	}
	return func(*Run, addr) (any, error) { return v, nil }
}

// inLiterals compiles x in [literal, ...] for whole numbers and strings:
// the list is the rule file's own, so it is made once, when planned.
func (c *fastCompiler) inLiterals(x *ast.BinaryNode) boolFn {
	if k, ok := x.Right.(*ast.ConstantNode); ok {
		// expr-lang's optimizer makes a set of a list of literals.
		switch set := k.Value.(type) {
		case map[int]struct{}:
			return inSet(c.int(x.Left), set)
		case map[string]struct{}:
			return inSet(c.str(x.Left), set)
		}
		return nil
	}
	arr, ok := x.Right.(*ast.ArrayNode)
	if !ok {
		return nil
	}
	switch x.Left.Type() {
	case intT:
		return inConsts(c.int(x.Left), arr.Nodes)
	case strT:
		return inConsts(c.str(x.Left), arr.Nodes)
	}
	return nil
}

// inConsts is v in the literals nodes, all of v's type T; nil if v has no
// native form or a node is not a literal of T.
func inConsts[T comparable, F ~func(*Run, addr) (T, error)](v F, nodes []ast.Node) boolFn {
	if v == nil {
		return nil
	}
	set := make([]T, 0, len(nodes))
	for _, n := range nodes {
		k := constBoxed(n)
		if k == nil {
			return nil
		}
		lit, _ := k(nil, addr{})
		t, ok := lit.(T)
		if !ok {
			return nil
		}
		set = append(set, t)
	}
	return inSlice(v, func(*Run, addr) ([]T, error) { return set, nil }) // fast_mapped.go
}

// inSet is v in the set expr-lang's optimizer made of a list of literals.
func inSet[T comparable, F ~func(*Run, addr) (T, error)](v F, set map[T]struct{}) boolFn {
	if v == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		x, err := v(r, f)
		if err != nil {
			return false, err
		}
		_, ok := set[x]
		return ok, nil
	}
}

// tableCall compiles a look-up of a table of the ruleset, name(keys...),
// or its roll, name(): the keys natively, then the run's Table (the one
// implementation, which the VM's call reaches too, and which logs the
// row). nil when a key has no native form.
func (c *fastCompiler) tableCall(x *ast.CallNode) anyFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || c.p.tables[id.Value] == nil {
		return nil
	}
	name, args := id.Value, callArgs(x)
	if typed := c.typedTableCall(c.p.tables[name], args); typed != nil { // fast_table_keys.go
		c.impure = true
		return typed
	}
	fns := make([]anyFn, len(args))
	for i, a := range args {
		if fns[i] = c.boxed(a); fns[i] == nil {
			return nil
		}
	}
	c.impure = true // a roll, a row's dice, its log line
	if len(args) == 0 {
		return func(r *Run, _ addr) (any, error) { return r.Table(name, nil, true) }
	}
	return withArgs(fns, func(r *Run, keys []any) (any, error) { return r.Table(name, keys, false) })
}

// toInt compiles expr-lang's int(x) of a whole number (itself) or of a
// division of two (stdlib.TypedDiv: a / b, truncated toward zero; a
// float with no whole part is an error, stdlib.ToInt). The checker makes
// int of a float a call of stdlib.IntFunc, so these forms are for trees
// made without it.
func (c *fastCompiler) toInt(n ast.Node) intFn {
	switch c.typeOf(n) {
	case intT:
		return c.int(n)
	case floatT:
		return c.floatToInt(n) // fast_float.go
	}
	// int(a / b) of two whole numbers: the checker's DivFunc, as a float.
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	return bindFn(c.divCall(x), stdlib.ToInt)
}
