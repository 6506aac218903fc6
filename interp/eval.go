package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Planned expressions. expr-lang's VM is the evaluator of record; when a
// plan is lowered, an expression that the native compiler (fast.go)
// covers is evaluated by its closures instead. The choice is made here,
// once per use of an expression, when its statement is planned: a
// statement holds one of these functions and never asks again.

// condFn is a planned condition: anything but true is false.
type condFn func(r *Run, base addr) (bool, error)

// valueFn is a planned expression whose value is wanted as expr-lang
// gives it (boxed).
type valueFn func(r *Run, base addr) (any, error)

// intoFn is a planned expression stored at dst, a place of the type it
// was planned for.
type intoFn func(r *Run, base, dst addr) error

// frameType is the struct type of the frames an expression is evaluated in.
func frameType(ce *check.CExpr) reflect.Type { return ce.Frame.R }

// cond plans a condition.
func (p *Plan) cond(ce *check.CExpr) condFn {
	if fe := p.fastExpr(ce); fe != nil && fe.b != nil {
		fb := fe.b
		return func(r *Run, base addr) (bool, error) {
			// fastRunP, written out: the compiler does not inline it.
			mark := len(r.scratch)
			b, err := fb(r, base)
			r.scratch = r.scratch[:mark]
			if err != nil {
				return b, r.nativeFailure(ce, err)
			}
			return b, nil
		}
	}
	value := p.value(ce)
	return func(r *Run, base addr) (bool, error) {
		v, err := value(r, base)
		b, _ := v.(bool)
		return b, err
	}
}

// value plans an expression whose boxed value is wanted.
func (p *Plan) value(ce *check.CExpr) valueFn {
	switch {
	case ce.Const != nil:
		c := ce.Const
		return func(*Run, addr) (any, error) { return c, nil }
	case p.fastExpr(ce) != nil && !p.fastExpr(ce).noBox:
		fe := p.fastExpr(ce)
		return func(r *Run, base addr) (any, error) { return r.evalFastAt(ce, fe, base) }
	}
	pt := typeWord(reflect.PointerTo(frameType(ce)))
	return func(r *Run, base addr) (any, error) { return r.evalVM(ce, ptrValue(pt, base)) }
}

// into plans an expression stored in a place of type t; at places a
// value that cannot be stored there.
func (p *Plan) into(ce *check.CExpr, t reflect.Type, at diag.Range) intoFn {
	if fe := p.fastExpr(ce); fe != nil {
		if copyLocal := intoFromLocal(ce, fe, t); copyLocal != nil {
			return copyLocal
		}
		switch {
		case fe.i != nil && t == intT:
			return into(ce, fe.i)
		case fe.b != nil && t == boolT:
			return into(ce, fe.b)
		case fe.s != nil && t == strT:
			return into(ce, checkedString(fe.s))
		case fe.p != nil && t == fe.rt:
			return into(ce, fe.p)
		case fe.f != nil && t == floatT:
			return into(ce, fe.f)
		case fe.l != nil && t.Kind() == reflect.Slice && t.Elem() == fe.elem:
			// A list kept in a local or an attribute: copied out of the
			// run's scratch space, where the native list lives.
			return into(ce, func(r *Run, f addr) ([]addr, error) {
				v, err := fe.l(r, f)
				if err != nil {
					return nil, err
				}
				return append(make([]addr, 0, len(v)), v...), nil
			})
		case fe.ss != nil && t == strsT:
			// A list of strings, made or kept (fast_strlists.go).
			return into(ce, fe.ss)
		case fe.is != nil && t == intsT:
			// A list literal of whole numbers (fast_ints.go).
			return into(ce, fe.is)
		case fe.a != nil && t == intsT:
			// A list of whole numbers from the standard library, kept.
			return into(ce, func(r *Run, f addr) ([]int, error) {
				v, err := fe.a(r, f)
				l, _ := v.([]int)
				return l, err
			})
		case fe.a != nil && t == intT:
			// max or min of a map: no value is Run.store's error of nil.
			// A name typed any may hold a float or a string: Run.store
			// keeps a float's whole part, or names what it cannot store.
			pt := typeWord(reflect.PointerTo(t))
			return func(r *Run, base, dst addr) error {
				mark := len(r.scratch)
				v, err := fe.a(r, base)
				r.scratch = r.scratch[:mark]
				if err != nil {
					return r.nativeFailure(ce, err)
				}
				if n, ok := v.(int); ok {
					store(dst, 0, n)
					return nil
				}
				return r.store(ptrValue(pt, dst).Elem(), v, at)
			}
		}
	}
	value := p.value(ce)
	pt := typeWord(reflect.PointerTo(t))
	return func(r *Run, base, dst addr) error {
		v, err := value(r, base)
		if err != nil {
			return err
		}
		return r.store(ptrValue(pt, dst).Elem(), v, at)
	}
}

// into stores a native value of the place's own type.
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func into[T any](ce *check.CExpr, fn func(*Run, addr) (T, error)) intoFn {
	return func(r *Run, base, dst addr) error {
		// fastRunP, written out: the compiler does not inline it.
		mark := len(r.scratch)
		v, err := fn(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return r.nativeFailure(ce, err)
		}
		store[T](dst, 0, v)
		return nil
	}
}

// intoFromLocal is into for a name of the frame (a local, a parameter,
// the loop's variable) of the place's own type, a whole number, a truth
// or a combatant or side: copied from its field, with no call to read
// it. nil for any other expression.
func intoFromLocal(ce *check.CExpr, fe *fexpr, t reflect.Type) intoFn {
	if !fe.local || !frameHolds(ce.Frame.R, fe.off, t) {
		return nil
	}
	off := fe.off
	switch {
	case t == intT && fe.i != nil:
		return func(_ *Run, base, dst addr) error { store(dst, 0, load[int](base, off)); return nil }
	case t == boolT && fe.b != nil:
		return func(_ *Run, base, dst addr) error { store(dst, 0, load[bool](base, off)); return nil }
	case t == fe.rt && fe.p != nil && !fe.noBox && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
		return func(_ *Run, base, dst addr) error { store(dst, 0, load[addr](base, off)); return nil }
	}
	return nil
}

// frameHolds reports whether the frame type fr has a field of type t at off.
func frameHolds(fr reflect.Type, off uintptr, t reflect.Type) bool {
	for i := range fr.NumField() {
		if f := fr.Field(i); f.Offset == off && f.Type == t {
			return true
		}
	}
	return false
}

// intValue plans a whole number (the value of += and -=, a segment):
// native when it can be, else the VM's value converted.
func (p *Plan) intValue(ce *check.CExpr) func(r *Run, base addr) (int, bool, error) {
	if fe := p.fastExpr(ce); fe != nil && fe.i != nil {
		fi := fe.i
		return func(r *Run, base addr) (int, bool, error) {
			mark := len(r.scratch) // fastRunP, written out: one call fewer
			v, err := fi(r, base)
			r.scratch = r.scratch[:mark]
			if err != nil {
				return v, true, r.nativeFailure(ce, err)
			}
			return v, true, nil
		}
	}
	value := p.value(ce)
	return func(r *Run, base addr) (int, bool, error) {
		v, err := value(r, base)
		if err != nil {
			return 0, false, err
		}
		n, msg := wholeOf(v, "the segment")
		if msg != "" {
			return 0, false, r.exprFailure(ce, msg)
		}
		return n, true, nil
	}
}

// somebody plans an expression that names a combatant (act, schedule,
// apply): it gives the combatant's address and type, nil for nobody.
func (p *Plan) somebody(ce *check.CExpr) func(r *Run, base addr) (addr, reflect.Type, error) {
	if fe := p.fastExpr(ce); fe != nil && fe.p != nil && !fe.noBox {
		fp, ct := fe.p, fe.rt
		return func(r *Run, base addr) (addr, reflect.Type, error) {
			mark := len(r.scratch) // fastRunP, written out: one call fewer
			cp, err := fp(r, base)
			r.scratch = r.scratch[:mark]
			if err != nil {
				return cp, ct, r.nativeFailure(ce, err)
			}
			return cp, ct, nil
		}
	}
	value := p.value(ce)
	return func(r *Run, base addr) (addr, reflect.Type, error) {
		v, err := value(r, base)
		if err != nil {
			return addr{}, nil, err
		}
		c := reflect.ValueOf(v)
		if !c.IsValid() || c.Kind() != reflect.Pointer || c.IsNil() {
			return addr{}, nil, nil
		}
		return addrOf(c), c.Type(), nil
	}
}

// checkedString is a native string expression whose value is checked
// against the run's --max-string (the VM's values are checked in evalVM).
func checkedString(fs strFn) strFn {
	return func(r *Run, base addr) (string, error) {
		v, err := fs(r, base)
		if err == nil {
			err = r.checkString(v)
		}
		return v, err
	}
}
