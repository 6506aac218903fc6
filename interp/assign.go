package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

// Assignments: TARGET = VALUE, TARGET += VALUE, TARGET -= VALUE.
// The value is evaluated first, then the target's path is followed.
//
// A target whose path the plan knows (a local, or attributes of
// combatants and sides reached from one) is written through its
// offsets; a target that goes through a value whose type is known only
// while running (an element of filter(...), typed `any`) is found by
// reflection, by its attributes' names.

type assignNode struct {
	at   diag.Range
	t    *check.Target
	op   string
	val  *check.CExpr
	path targetPath
	bump bool // it may change what the end condition reads
	// roster: what it does to the kept rosters (Plan.rosterEffect).
	roster int
	// derive: what it does to derived attributes (Plan.deriveEffect).
	derive int
	// back: it sets a combatant's alive, present or state, and so may
	// bring it back into the fight onto a taken square (square_return.go).
	back bool
	// move: it sets a combatant's x or y, checked as a move onto a
	// square (square_move.go).
	move int
}

func (p *Plan) compileAssign(n *assignNode) stmtFn {
	if n.path.ok && n.op == "=" && n.val != nil && isNilNode(n.val.Node) {
		// TARGET = none: the target's zero, which Run.store would set
		// (a reference or an optional value held untyped, or nobody).
		switch n.path.t.Kind() {
		case reflect.Interface:
			return assignTo(n, func(*Run, addr) (any, error) { return nil, nil }, nil)
		case reflect.Pointer:
			return assignTo(n, func(*Run, addr) (addr, error) { return addr{}, nil }, nil)
		}
	}
	if n.path.ok {
		if fe := p.fastExpr(n.val); fe != nil {
			switch t := n.path.t; {
			case t == intT && fe.i != nil:
				if f := assignInt(n, fe.i, intOp(n.op)); f != nil { // assign_int.go
					return f
				}
				switch n.op {
				case "+=":
					return assignTo(n, fe.i, stdlib.Add)
				case "-=":
					return assignTo(n, fe.i, stdlib.Sub)
				}
				return assignTo(n, fe.i, nil)
			case n.op != "=":
			case t == boolT && fe.b != nil:
				return assignTo(n, fe.b, nil)
			case t == strT && fe.s != nil:
				return assignTo(n, checkedString(fe.s), nil)
			case t == strsT && fe.ss != nil: // fast_strlists.go
				return assignTo(n, fe.ss, nil)
			case t == intsT && fe.is != nil: // fast_ints.go
				return assignTo(n, fe.is, nil)
			case t.Kind() == reflect.Interface && fe.p != nil && fe.rt != nil && fe.rt.Kind() == reflect.Pointer:
				return assignRef(n, fe) // fast_refs.go
			case t.Kind() == reflect.Interface && assignConcatRef(n, fe) != nil:
				return assignConcatRef(n, fe) // fast_refs.go
			case t == anyT && boxedNumber(fe) != nil:
				// An optional number or truth (= none), held untyped:
				// the value boxed, as Run.store would set it.
				return assignTo(n, boxedNumber(fe), nil)
			}
		}
	}
	return p.assignAny(n)
}

// boxedNumber is the value of a native whole number, float or truth,
// boxed; nil for other expressions.
func boxedNumber(fe *fexpr) func(*Run, addr) (any, error) {
	switch {
	case fe.boxed != nil && (fe.i != nil || fe.b != nil):
		return fe.boxed
	case fe.i != nil:
		return func(r *Run, f addr) (any, error) { return fe.i(r, f) }
	case fe.b != nil:
		return func(r *Run, f addr) (any, error) { return fe.b(r, f) }
	case fe.f != nil:
		return func(r *Run, f addr) (any, error) { return fe.f(r, f) }
	}
	return nil
}

// assignTo compiles an assignment of a native value of the target's
// own type, through the target's offsets; op, when set, combines the
// value with what the target holds.
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func assignTo[T any](n *assignNode, fn func(*Run, addr) (T, error), op func(held, v T) (T, error)) stmtFn {
	label, bump, ce, back, move := n.t.Label, n.bump, n.val, n.back, n.move
	if n.roster == rosterStands {
		bump = false // the roster update bumps the world if it must (rosterAfter)
	}
	return func(r *Run, base addr) (flow, error) {
		r.reason = label
		if bump {
			r.world++
		}
		pairWas := r.pairWas   // the first of the pair's old value (square_move.go)
		mark := len(r.scratch) // fastRunP, written out: one call fewer
		v, err := fn(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return flowNext, r.nativeFailure(ce, err)
		}
		s, off, err := n.dst(base)
		wasIn := err == nil && back && r.inFightP(s)
		var was T
		if back && err == nil {
			was = load[T](s, off)
		}
		var wasXY int
		if move != moveNone && err == nil {
			wasXY = load[int](s, off)
		}
		switch {
		case err != nil:
		case op != nil:
			// += and -= of whole numbers: beyond them is an error.
			if v, err = op(load[T](s, off), v); err != nil {
				err = n.failed(err)
			} else {
				store(s, off, v)
			}
		default:
			store(s, off, v)
		}
		if err == nil && n.roster != rosterNone {
			r.rosterAfter(n.roster, s)
		}
		if err == nil && back && !wasIn && r.inFightP(s) {
			if err = r.squareTaken(n, s); err != nil {
				// Refused: the value it held, and the index with it.
				store(s, off, was)
				r.rosterAfter(n.roster, s)
			}
		}
		if err == nil && move != moveNone {
			err = r.moveAfter(n, s, off, wasXY, pairWas)
		}
		if err == nil && n.derive != deriveNone {
			err = r.deriveAfter(n.derive, s, n.path.field)
		}
		return flowNext, err
	}
}

// dst follows the target's path from the frame at base: the target is
// the field at off of the struct at s.
func (n *assignNode) dst(base addr) (s addr, off uintptr, err error) {
	s, off = base, n.path.root
	for _, next := range n.path.offs {
		if s = load[addr](s, off); s.isNil() {
			return addr{}, 0, n.nobody()
		}
		off = next
	}
	return s, off, nil
}

// nobody is the error of an assignment through a local or parameter
// that holds nobody, in the words of a read through it ("cannot read hp
// through foe, which is none"; refs.go).
func (n *assignNode) nobody() error {
	return &RunError{At: n.at, Msg: fmt.Sprintf("cannot set %s through %s, which is none", n.t.Label, n.t.Root.Name)}
}

// failed is the error of an assignment whose += or -= went beyond the
// whole numbers, at the statement.
func (n *assignNode) failed(err error) error {
	return &RunError{At: n.at, Msg: err.Error()}
}

// assignAny compiles any other assignment: the value boxed, the target
// found by reflection, the value converted to the target's type.
func (p *Plan) assignAny(n *assignNode) stmtFn {
	value := p.value(n.val)
	pt := p.curPtr()
	return func(r *Run, base addr) (flow, error) {
		r.reason = n.t.Label
		if n.bump {
			r.world++
		}
		pairWas := r.pairWas // the first of the pair's old value (square_move.go)
		v, err := value(r, base)
		if err != nil {
			return flowNext, err
		}
		dst, holder, err := n.place(ptrValue(pt, base))
		if err != nil {
			return flowNext, err
		}
		if n.roster != rosterNone {
			// The holder is not at hand here: make the rosters again.
			defer r.forgetRosters()
		}
		back, moves := r.mayComeBack(n, holder), r.movesAny(n, holder)
		var was reflect.Value
		wasIn := back && r.inFightP(addrOf(holder))
		if back || moves {
			was = reflect.New(dst.Type()).Elem()
			was.Set(dst)
		}
		if n.op == "=" {
			err = r.store(dst, v, n.at)
		} else {
			err = n.combine(dst, v)
		}
		if err == nil && back && !wasIn && r.inFightP(addrOf(holder)) {
			r.forgetRosters() // the index sees it where it now stands
			if err = r.squareTaken(n, addrOf(holder)); err != nil {
				dst.Set(was) // refused: the value it held
			}
		}
		if err == nil && moves {
			err = r.movedAny(n, holder, dst, was, pairWas)
		}
		if err == nil && n.derive != deriveNone {
			// The holder is not at hand here either.
			err = r.recomputeAll()
		}
		return flowNext, err
	}
}

// place follows the target's path by reflection from the frame fr: the
// target, and the pointer to the struct holding it (invalid for a local).
func (n *assignNode) place(fr reflect.Value) (dst, holder reflect.Value, err error) {
	dst = fr.Elem().Field(n.t.Root.Index)
	for _, f := range n.t.Fields {
		if dst.Kind() == reflect.Interface { // v2: a reference attribute, held untyped
			if dst.IsNil() || dst.Elem().IsNil() {
				return dst, holder, &RunError{At: n.at, Msg: fmt.Sprintf("cannot set %s through none", n.t.Label)}
			}
			dst = dst.Elem()
		}
		if dst.IsNil() {
			return dst, holder, n.nobody()
		}
		holder, dst = dst, dst.Elem().Field(f)
	}
	for _, name := range n.t.Dynamic {
		if dst.Kind() == reflect.Interface {
			dst = dst.Elem()
		}
		if dst.Kind() != reflect.Pointer || dst.IsNil() || dst.Elem().Kind() != reflect.Struct {
			return dst, holder, &RunError{At: n.at, Msg: fmt.Sprintf("cannot set %s of %s", name, brief(dst))}
		}
		field, ok := fieldByTag(dst.Elem(), name)
		if !ok {
			return dst, holder, &RunError{At: n.at, Msg: fmt.Sprintf("%s has no attribute %s", show(dst), name)}
		}
		holder, dst = dst, field
	}
	return dst, holder, nil
}

// combine applies += or -= of v to what dst holds: a whole number, a
// number, or a value of type `any` holding either.
func (n *assignNode) combine(dst reflect.Value, v any) error {
	sign := 1
	if n.op == "-=" {
		sign = -1
	}
	held := dst
	if dst.Kind() == reflect.Interface {
		held = dst.Elem()
		if !held.IsValid() { // v2: an optional value that is none (check/optional.go)
			return &RunError{At: n.at, Msg: fmt.Sprintf("cannot apply %s to %s: it is none (set it with = first)", n.op, n.t.Label)}
		}
	}
	switch held.Kind() {
	case reflect.Int:
		d, ok := toInt(v)
		if !ok {
			return &RunError{At: n.at, Msg: "expected a whole number, found " + brief(v)}
		}
		var sum int
		var err error
		if sign < 0 {
			sum, err = stdlib.Sub(int(held.Int()), d)
		} else {
			sum, err = stdlib.Add(int(held.Int()), d)
		}
		if err != nil {
			return n.failed(err)
		}
		if dst.Kind() == reflect.Interface {
			dst.Set(reflect.ValueOf(sum))
		} else {
			dst.SetInt(int64(sum))
		}
	case reflect.Float64:
		d, ok := toFloat(v)
		if !ok {
			return &RunError{At: n.at, Msg: "expected a number, found " + brief(v)}
		}
		sum := held.Float() + float64(sign)*d
		if dst.Kind() == reflect.Interface {
			dst.Set(reflect.ValueOf(sum))
		} else {
			dst.SetFloat(sum)
		}
	default:
		return &RunError{At: n.at, Msg: fmt.Sprintf("cannot apply %s to %s", n.op, brief(held))}
	}
	return nil
}

// fieldByTag finds a struct field by its expr-lang name.
func fieldByTag(v reflect.Value, name string) (reflect.Value, bool) {
	f, ok := tagField(v.Type(), name) // vm_walks.go
	if !ok {
		return reflect.Value{}, false
	}
	return v.Field(f.Index[0]), true
}
