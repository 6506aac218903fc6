package interp

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/frayrules/fray/dsl/check"
)

// Statements compiled to closures. Lowering makes every body a list of
// nodes (exec.go, actions.go), which read their frame through
// reflect.Value and look up, per statement and per run, whether each
// expression has a native form. compileBlock turns the same statements
// into closures bound once, at load, to their native expressions and
// frame offsets: a let stores its value at its slot, an if tests its
// native condition and runs its compiled branches, a loop over
// combatants walks raw pointers, act and emit go straight to the body
// of the action or handler. A statement with no compiled form (or a
// case a closure does not cover at run time: a logged order, a
// simultaneous emit) runs its node, so a compiled body does exactly
// what its nodes do; TestFastSameLogs compares the two over every
// encounter of the repository, with the log read line by line.

// stmtFn is a compiled statement; base is its frame's address. Only the
// address travels from statement to statement: the few statements that
// fall back to their node make the frame's reflect.Value from it
// (reflect.NewAt with the body's frame type, Plan.curType).
type stmtFn func(r *Run, base unsafe.Pointer) (flow, error)

// compileBlock compiles a body's statements; those without a compiled
// form run their node.
func (p *Plan) compileBlock(nodes []node) block {
	b := block{nodes: nodes}
	rt := p.curType()
	if len(nodes) == 0 || rt == nil {
		return b
	}
	b.fns = make([]stmtFn, len(nodes))
	for i, n := range nodes {
		if fn := p.compileStmt(n); fn != nil {
			b.fns[i] = fn
			continue
		}
		b.fns[i] = func(r *Run, base unsafe.Pointer) (flow, error) { return n.exec(r, reflect.NewAt(rt, base)) }
	}
	return b
}

// curType is the struct type of the frames of the body being lowered,
// which a compiled statement's node is given when it falls back to it;
// nil when not known (the body then runs its nodes alone).
func (p *Plan) curType() reflect.Type {
	if p.cur == nil || p.cur.R == nil || p.cur.R.Kind() != reflect.Struct {
		return nil
	}
	return p.cur.R
}

// runFns runs a compiled body, counting statements as execBlock does.
func (r *Run) runFns(b *block, base unsafe.Pointer) (flow, error) {
	switch len(b.fns) {
	case 1: // the body of most loops and branches
		if r.overSteps() {
			return flowReturn, r.tooManySteps(b.nodes[0])
		}
		return b.fns[0](r, base)
	case 2: // of many actions and handlers: the loop below, unrolled
		fns := b.fns[:2]
		if r.overSteps() {
			return flowReturn, r.tooManySteps(b.nodes[0])
		}
		if f, err := fns[0](r, base); err != nil || f == flowReturn {
			return f, err
		}
		if r.overSteps() {
			return flowReturn, r.tooManySteps(b.nodes[1])
		}
		if f, err := fns[1](r, base); err != nil || f == flowReturn {
			return f, err
		}
		return flowNext, nil
	}
	for i, fn := range b.fns {
		if r.overSteps() {
			return flowReturn, r.tooManySteps(b.nodes[i])
		}
		f, err := fn(r, base)
		if err != nil || f == flowReturn {
			return f, err
		}
	}
	return flowNext, nil
}

// overSteps counts a statement and reports whether the run is over its
// statement limit.
func (r *Run) overSteps() bool {
	r.steps++
	return r.steps > r.opt.MaxSteps
}

// tooManySteps is the error of a run over its statement limit, placed at n.
func (r *Run) tooManySteps(n node) error {
	e := &RunError{Msg: fmt.Sprintf("the run exceeded its limit of %d statements (a rule that never ends?); raise it with --max-steps", r.opt.MaxSteps)}
	if p, ok := n.(placed); ok {
		e.At = p.where()
	}
	return e
}

// fastExpr is the native form of an expression, if it has one.
func (p *Plan) fastExpr(ce *check.CExpr) *fexpr {
	if ce == nil || ce.ID <= 0 || ce.ID >= len(p.fast) {
		return nil
	}
	return p.fast[ce.ID]
}

func (p *Plan) compileStmt(n node) stmtFn {
	switch n := n.(type) {
	case *letNode:
		return p.compileLet(n)
	case *assignNode:
		return p.compileAssign(n)
	case *ifNode:
		return p.compileIf(n)
	case *forNode:
		return p.compileFor(n)
	case *actNode:
		return p.compileAct(n)
	case *emitNode:
		return p.compileEmit(n)
	}
	return nil
}

// intoFn evaluates an expression natively and stores its value at dst;
// f is the address of the frame it reads.
type intoFn func(r *Run, f, dst unsafe.Pointer) error

// compileInto is evalIntoAt bound to one expression and a destination
// type: nil when the expression has no native form of that type.
func (p *Plan) compileInto(ce *check.CExpr, t reflect.Type) intoFn {
	fe := p.fastExpr(ce)
	switch {
	case fe == nil:
		return nil
	case fe.local && (fe.p != nil && t == fe.rt || fe.i != nil && t == intT):
		off := fe.off
		if t == intT {
			return func(_ *Run, f, dst unsafe.Pointer) error {
				*(*int)(dst) = *(*int)(unsafe.Add(f, off))
				return nil
			}
		}
		return func(_ *Run, f, dst unsafe.Pointer) error {
			*(*unsafe.Pointer)(dst) = *(*unsafe.Pointer)(unsafe.Add(f, off))
			return nil
		}
	case fe.i != nil && t == intT:
		return into(ce, fe.i)
	case fe.b != nil && t == boolT:
		return into(ce, fe.b)
	case fe.s != nil && t == strT:
		return into(ce, fe.s)
	case fe.p != nil && t == fe.rt:
		return into(ce, fe.p)
	}
	return nil
}

func into[T any](ce *check.CExpr, fn func(*Run, unsafe.Pointer) (T, error)) intoFn {
	return func(r *Run, f, dst unsafe.Pointer) error {
		mark := len(r.scratch)
		v, err := fn(r, f)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return r.exprFailure(ce, err.Error())
		}
		*(*T)(dst) = v
		return nil
	}
}

func (p *Plan) compileLet(n *letNode) stmtFn {
	if !n.slot.ok {
		return nil
	}
	// The commonest lets, a native value computed (not a local read),
	// store it themselves: one call fewer than through compileInto.
	if fe := p.fastExpr(n.val); fe != nil && !fe.local {
		switch t := n.slot.t; {
		case fe.p != nil && t == fe.rt:
			return letTo(n, fe.p)
		case fe.i != nil && t == intT:
			return letTo(n, fe.i)
		case fe.b != nil && t == boolT:
			return letTo(n, fe.b)
		}
	}
	set := p.compileInto(n.val, n.slot.t)
	if set == nil {
		return nil
	}
	off, reason := n.slot.off, n.reason
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = reason
		return flowNext, set(r, base, unsafe.Add(base, off))
	}
}

// letTo compiles `let name = value` for a native value of the slot's type.
func letTo[T any](n *letNode, fn func(*Run, unsafe.Pointer) (T, error)) stmtFn {
	off, reason, ce := n.slot.off, n.reason, n.val
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = reason
		mark := len(r.scratch)
		v, err := fn(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return flowNext, r.exprFailure(ce, err.Error())
		}
		*(*T)(unsafe.Add(base, off)) = v
		return flowNext, nil
	}
}

func (p *Plan) compileAssign(n *assignNode) stmtFn {
	fe := p.fastExpr(n.val)
	if !n.path.ok || fe == nil {
		return nil
	}
	t := n.path.t
	if t == intT && fe.i != nil && fe.local {
		switch n.op {
		case "+=":
			return assignLocal(n, fe.off, 1)
		case "-=":
			return assignLocal(n, fe.off, -1)
		}
		return assignLocal(n, fe.off, 0)
	}
	if t == intT && fe.i != nil {
		switch n.op {
		case "+=":
			return assignTo(n, fe.i, func(dst *int, v int) { *dst += v })
		case "-=":
			return assignTo(n, fe.i, func(dst *int, v int) { *dst -= v })
		}
		return assignTo(n, fe.i, nil)
	}
	if n.op != "=" {
		return nil
	}
	switch {
	case t == boolT && fe.b != nil:
		return assignTo(n, fe.b, nil)
	case t == strT && fe.s != nil:
		return assignTo(n, fe.s, nil)
	}
	return nil
}

// assignLocal compiles `target = name`, `target += name` or
// `target -= name` (sign 0, 1 or -1) for a whole number held by a name
// of the frame, at off: the value is read in place, without a call.
func assignLocal(n *assignNode, off uintptr, sign int) stmtFn {
	label, bump := n.t.Label, n.bump
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = label
		if bump {
			r.world++
		}
		v := *(*int)(unsafe.Add(base, off))
		dst, err := n.dst(base)
		switch {
		case err != nil:
		case sign == 0:
			*(*int)(dst) = v
		default:
			*(*int)(dst) += sign * v
		}
		return flowNext, err
	}
}

// assignTo compiles `target = value` for a native value of the target's
// type, or `target += value` and the like with op.
func assignTo[T any](n *assignNode, fn func(*Run, unsafe.Pointer) (T, error), op func(dst *T, v T)) stmtFn {
	label, bump, ce := n.t.Label, n.bump, n.val
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = label
		if bump {
			r.world++
		}
		// The value first, then the target's path, as the node does.
		v, err := fastRunP(r, ce, fn, base)
		if err != nil {
			return flowNext, err
		}
		dst, err := n.dst(base)
		switch {
		case err != nil:
		case op != nil:
			op((*T)(dst), v)
		default:
			*(*T)(dst) = v
		}
		return flowNext, err
	}
}

func (p *Plan) compileIf(n *ifNode) stmtFn {
	fe := p.fastExpr(n.cond)
	then, els := &n.then, &n.els
	if fe == nil || fe.b == nil {
		// The branches are compiled all the same.
		rt := p.curType()
		return func(r *Run, base unsafe.Pointer) (flow, error) {
			r.reason = "condition"
			b, err := r.evalBool(n.cond, reflect.NewAt(rt, base))
			if err != nil {
				return flowNext, err
			}
			if b {
				return r.runFns(then, base)
			}
			return r.runFns(els, base)
		}
	}
	fb, ce := fe.b, n.cond
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = "condition"
		mark := len(r.scratch)
		b, err := fb(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return flowNext, r.exprFailure(ce, err.Error())
		}
		if b {
			if len(then.fns) == 1 { // runFns's first case, without its call
				if r.overSteps() {
					return flowReturn, r.tooManySteps(then.nodes[0])
				}
				return then.fns[0](r, base)
			}
			return r.runFns(then, base)
		}
		if len(els.fns) == 0 { // no else: nothing to run
			return flowNext, nil
		}
		return r.runFns(els, base)
	}
}

func (p *Plan) compileAct(n *actNode) stmtFn {
	fe := p.fastExpr(n.who)
	if fe == nil || fe.p == nil || fe.noBox {
		return nil
	}
	fp, ct := fe.p, fe.rt
	local, off := fe.local, fe.off
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		r.reason = "act"
		var cp unsafe.Pointer
		if local {
			cp = *(*unsafe.Pointer)(unsafe.Add(base, off))
		} else {
			var err error
			if cp, err = fastRunP(r, n.who, fp, base); err != nil {
				return flowNext, err
			}
		}
		return flowNext, r.actP(n, cp, ct)
	}
}

// actP is act for the combatant at cp, of type ct, found natively.
func (r *Run) actP(n *actNode, cp unsafe.Pointer, ct reflect.Type) error {
	if cp == nil {
		return &RunError{At: n.at, Msg: "act needs a combatant, found nobody"}
	}
	// The dead and the absent do not act; within a simultaneous group
	// everyone is still alive until the group's effects are applied.
	if !r.inFightP(cp) {
		return nil
	}
	d := r.declared[*(*int)(unsafe.Add(cp, r.plan.lay.idx))] // by the hidden index
	if d == nil {
		if d = r.defDecl; d == nil { // made once (defaultDecl)
			if d = r.defaultDecl(); d == nil {
				return nil
			}
		}
	}
	return r.performP(cp, ct, d)
}

// actsOf reports whether a loop's body is `act` of its own variable
// alone, which the loop then runs without a body (eachAct); it gives the
// act and the variable's type.
func (p *Plan) actsOf(n *forNode) (*actNode, reflect.Type) {
	if len(n.body.nodes) != 1 {
		return nil, nil
	}
	a, ok := n.body.nodes[0].(*actNode)
	if !ok {
		return nil, nil
	}
	fe := p.fastExpr(a.who)
	if fe == nil || fe.p == nil || fe.noBox || !fe.local || fe.off != n.slot.off || fe.rt != n.slot.t {
		return nil, nil
	}
	return a, fe.rt
}

// compileEmit compiles an emit of an event with a direct plan whose
// arguments are native: in a quiet run they are evaluated straight into
// a frame of the handler, which runs at once (emitDirect) or when the
// simultaneous group ends (holdDirect).
func (p *Plan) compileEmit(n *emitNode) stmtFn {
	ep := n.ev
	if !ep.direct {
		return nil
	}
	h := ep.handlers[0]
	sets := &argSets{name: ep.ev.Name}
	for i, a := range n.args {
		to, t := h.params[i].off, h.params[i].t
		if fe := p.fastExpr(a); fe != nil && fe.local && (fe.p != nil && t == fe.rt && t.Kind() == reflect.Pointer) {
			sets.ptrs = append(sets.ptrs, ptrCopy{from: fe.off, to: to})
			continue
		}
		set := p.compileInto(a, t)
		if set == nil {
			return nil
		}
		sets.fns, sets.offs = append(sets.fns, set), append(sets.offs, to)
	}
	rt := p.curType()
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		switch {
		case r.opt.Sink != nil:
			return n.exec(r, reflect.NewAt(rt, base))
		case r.deferred != nil:
			return flowNext, r.holdDirect(n, base, sets)
		}
		return flowNext, r.emitSets(n, base, sets)
	}
}
