package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Calls of the ruleset's fns, natively. A call whose fn has a native
// body and whose arguments are native whole numbers, truth values,
// strings, dice, lists of strings, combatants or sides, or lists of them
// evaluates the arguments into a frame of the fn, by offset, and runs the body there, as Run.Call does for the
// VM: it counts as a step of work, nests, and a failure inside the body
// is placed in the body (fnFailure), not at the call's expression. A fn
// that calls itself, directly or not, stays with the VM.

type fnCall struct {
	f    *check.Func
	fid  int
	sets []func(r *Run, base, fb addr) error
	body *fexpr
	// call and in, the call and the expression holding it, place a call
	// nested too deep at the call, as the VM does (failedAtCall).
	call *ast.CallNode
	in   *check.CExpr
}

// fnFailure is a failure inside a natively called fn's body, placed
// there; the expressions around the call pass it on as it is.
type fnFailure struct{ *RunError }

// nativeFailure places the failure of a native expression ce: at ce,
// unless it happened inside a fn it called (fnFailure) or a modifiers
// block or table it called, which placed it already (a RunError), as
// expr-lang's VM passes it on: placed twice, it read "34:14: runtime
// error: 28:39: runtime error: ...".
func (r *Run) nativeFailure(ce *check.CExpr, err error) error {
	if ff, ok := err.(*fnFailure); ok {
		return ff.RunError
	}
	if re, ok := err.(*RunError); ok && re.At.Filename != "" {
		return re
	}
	return r.exprFailure(ce, err.Error())
}

// fnCall compiles the call x of a ruleset fn, or gives nil.
func (c *fastCompiler) fnCall(x *ast.CallNode) *fnCall {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	f := c.p.funcs[id.Value]
	if f == nil || f.Body == nil || f.Choice || c.p.compilingFn[f] { // a choice: the VM's Run.Call (slots.go)
		return nil
	}
	body := c.p.fastExpr(f.Body)
	if body == nil {
		if c.p.compilingFn == nil {
			c.p.compilingFn = map[*check.Func]bool{}
		}
		c.p.compilingFn[f] = true
		body = c.p.compileFast(f.Body)
		delete(c.p.compilingFn, f)
		if body == nil {
			return nil
		}
		c.p.fast[f.Body.ID] = body
	}
	args := callArgs(x)
	if len(args) != len(f.Params) {
		return nil
	}
	if body.noBox {
		// A fn that may give expr-lang's untyped nil (first of an empty
		// list, none): the call is native where a combatant is wanted,
		// and its boxed value is left to the VM, as the body's is.
		c.untyped = true
	}
	if body.a != nil && f.Result != nil && f.Result.R == intT {
		body = &fexpr{rt: intT, pure: body.pure, i: intOfAny(f, body.a)}
	}
	k := &fnCall{f: f, fid: c.p.frameID(f.Frame), body: body, call: x, in: c.ce}
	for i, a := range args {
		s := slotIn(f.Frame, f.Params[i].Field.Index, nil)
		if !s.ok {
			return nil
		}
		off := s.off
		var set func(r *Run, base, fb addr) error
		switch {
		case s.t == intT:
			set = setArg(c.int(a), off)
		case s.t == boolT:
			set = setArg(c.bool(a), off)
		case s.t == strT:
			set = setArg(c.str(a), off)
		case s.t == diceT:
			set = setArg(c.dice(a), off)
		case s.t == strsT: // a list of strings, kept or made (fast_strlists.go)
			ss, _ := c.strList(a)
			set = setArg(ss, off)
		case c.isEntityList(s.t):
			set = setArg(c.entityListArg(a, s.t.Elem()), off)
		case c.isEntity(s.t) && a.Type() == s.t:
			set = setArg(c.ptr(a), off)
		case c.isEntity(s.t) && isNilNode(a):
			// f(self, none): nobody, the nil pointer the VM's call
			// converts none to (shot_at(self, none) in the ambush
			// homebrew sent the whole call, and the fn, to the VM).
			set = setArg(nobodyArg, off)
		}
		if set == nil {
			return nil
		}
		k.sets = append(k.sets, set)
	}
	if !body.pure {
		c.impure = true
	}
	return k
}

// entityListArg compiles the argument a for a parameter typed as a list
// of combatants or sides (elem): any native list of them, typed or made
// (living(l), a filter, concat, sortBy, a fn's list, cond ? L : []);
// nil when a has no native form or holds other items. The fn reads the
// list where the caller made it (the run's scratch space, which the
// body's own lists go above); its capacity is cut to its length, so
// that nothing the body makes of it can write past its end.
func (c *fastCompiler) entityListArg(a ast.Node, elem reflect.Type) listFn {
	e := c.listElem(a) // fast_joins.go
	l := c.list(a)
	if e == nil {
		l, e = c.choiceList(a)
	}
	if l == nil || e != elem {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		v, err := l(r, f)
		return v[:len(v):len(v)], err
	}
}

// nobodyArg is the argument none given for a combatant or side.
func nobodyArg(*Run, addr) (addr, error) { return addr{}, nil }

// setArg stores an argument, evaluated in the caller's frame, at off in
// the fn's frame; nil when the argument has no native form.
// Not inlined, as into (eval.go), so that its closure's accessors are.
//
//go:noinline
func setArg[T any](fn func(*Run, addr) (T, error), off uintptr) func(r *Run, base, fb addr) error {
	if fn == nil {
		return nil
	}
	return func(r *Run, base, fb addr) error {
		v, err := fn(r, base)
		if err == nil {
			store(fb, off, v)
		}
		return err
	}
}

// callFn is the call's closure for a body whose value is a T.
// Not inlined, as into (eval.go).
//
//go:noinline
func callFn[T any](k *fnCall, body func(*Run, addr) (T, error)) func(*Run, addr) (T, error) {
	name, fid := k.f.Name, k.fid
	return func(r *Run, base addr) (T, error) {
		var zero T
		if err := r.Work(1); err != nil {
			return zero, err
		}
		if r.nesting >= r.opt.MaxNesting {
			// At the call, as the VM places it (its error is at the
			// call's instruction), not at the expression's start: a
			// modifiers row's when holding the call, say.
			return zero, failedAtCall(r, k.in, k.call, fmt.Errorf("%s", r.tooDeep("fn "+name+": functions are nested more than %d deep (does it call itself without end?)")))
		}
		fr, fb := r.frameAtP(fid)
		for _, set := range k.sets {
			if err := set(r, base, fb); err != nil {
				return zero, err
			}
		}
		r.nesting++
		v, err := body(r, fb)
		r.nesting--
		if err != nil {
			if _, ok := err.(*fnFailure); !ok {
				err = &fnFailure{r.exprFailure(k.f.Body, err.Error())}
			}
			return zero, err
		}
		r.releaseAtP(fid, fr, fb)
		return v, nil
	}
}
