package interp

import (
	"fmt"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

// Statements. Lowering (plan.go) compiles every statement of a body,
// once, into a closure (stmtFn) that holds its planned expressions
// (eval.go) and the places of its frame it reads and writes; a body is
// the list of its statements' closures. There is no other way to run a
// statement: the closure is the statement.
//
// A closure gets its frame by address: base is the frame of the body
// being run, a struct of the body's frame type (check.Frame.R).

type flow int

const (
	flowNext flow = iota
	flowReturn
)

type stmtFn func(r *Run, base addr) (flow, error)

// block is a lowered body: its statements' closures and their places.
// A block is made by newBlock (block_seq.go), or is the zero block, with
// no statements.
type block struct {
	fns []stmtFn
	at  []diag.Range
	// run runs the statements (block_seq.go); nil for no statements.
	run stmtFn
}

// runBlock runs a body's statements, counting each toward the run's
// statement limit.
func (r *Run) runBlock(b *block, base addr) (flow, error) {
	if b.run == nil {
		return flowNext, nil
	}
	return b.run(r, base)
}

// runStmts runs a block's statements by a loop, for the blocks whose
// run is not written out.
func (r *Run) runStmts(b *block, base addr) (flow, error) {
	for i, fn := range b.fns {
		if r.overSteps() {
			return flowReturn, r.tooManySteps(b.at[i])
		}
		f, err := fn(r, base)
		if err != nil || f == flowReturn {
			return f, err
		}
	}
	return flowNext, nil
}

// let NAME = VALUE: the value is stored in the local's slot.
func (p *Plan) compileLet(at diag.Range, field int, val *check.CExpr, reason string) stmtFn {
	s := p.slotOf(field, nil)
	off := s.off
	// A native value of the local's own type is stored by the statement
	// itself (into's closure would be one call more).
	if fe := p.fastExpr(val); fe != nil && s.ok {
		switch {
		case fe.i != nil && s.t == intT:
			return letNative(val, fe.i, off, reason)
		case fe.b != nil && s.t == boolT:
			return letNative(val, fe.b, off, reason)
		case fe.p != nil && s.t == fe.rt:
			return letNative(val, fe.p, off, reason)
		}
	}
	set := p.into(val, s.t, at)
	return func(r *Run, base addr) (flow, error) {
		r.reason = reason
		return flowNext, set(r, base, fieldAt(base, off))
	}
}

// letNative is let NAME = VALUE for a native value of the local's type T,
// stored at off in the frame.
func letNative[T any](val *check.CExpr, fn func(*Run, addr) (T, error), off uintptr, reason string) stmtFn {
	return func(r *Run, base addr) (flow, error) {
		r.reason = reason
		mark := len(r.scratch) // fastRunP, written out: one call fewer
		v, err := fn(r, base)
		r.scratch = r.scratch[:mark]
		if err != nil {
			return flowNext, r.nativeFailure(val, err)
		}
		store[T](base, off, v)
		return flowNext, nil
	}
}

// if COND { THEN } else { ELSE }
func (p *Plan) compileIf(cond *check.CExpr, then, els block) stmtFn {
	if fe := p.fastExpr(cond); fe != nil && fe.b != nil {
		// A native condition, called here rather than through cond's
		// closure: one call fewer on every if.
		fb := fe.b
		return func(r *Run, base addr) (flow, error) {
			r.reason = "condition"
			mark := len(r.scratch)
			b, err := fb(r, base)
			r.scratch = r.scratch[:mark]
			switch {
			case err != nil:
				return flowNext, r.nativeFailure(cond, err)
			case b:
				if len(then.fns) == 1 { // runBlock of one statement, written out: one call fewer
					if r.overSteps() {
						return flowReturn, r.tooManySteps(then.at[0])
					}
					return then.fns[0](r, base)
				}
				return r.runBlock(&then, base)
			}
			return r.runBlock(&els, base)
		}
	}
	test := p.cond(cond)
	return func(r *Run, base addr) (flow, error) {
		r.reason = "condition"
		b, err := test(r, base)
		switch {
		case err != nil:
			return flowNext, err
		case b:
			return r.runBlock(&then, base)
		}
		return r.runBlock(&els, base)
	}
}

// return: the body ends here.
func compileReturn() stmtFn {
	return func(*Run, addr) (flow, error) { return flowReturn, nil }
}

// log "TEMPLATE": a line of the log; a quiet run still evaluates the
// template's parts that may roll or fail (quietLog), and skips the rest.
func (p *Plan) compileLog(t *check.Template) stmtFn {
	pt := p.curPtr()
	keep, roots, skip := p.quietLog(t, p.cur)
	return func(r *Run, base addr) (flow, error) {
		r.reason = "log"
		quiet := r.opt.Sink == nil
		if quiet && skip && somebodyAt(base, roots) {
			// The parts skipped could neither fail nor roll.
			if len(keep) > 0 {
				if err := r.evalParts(t, keep, ptrValue(pt, base)); err != nil {
					return flowNext, err
				}
			}
			r.seq++
			return flowNext, nil
		}
		text, err := r.render(t, ptrValue(pt, base), !quiet)
		if err != nil {
			return flowNext, err
		}
		if quiet {
			r.seq++
			return flowNext, nil
		}
		r.emitLog(&Event{Kind: KLog, Who: r.who(), Text: text})
		return flowNext, nil
	}
}

// segment N { BODY }: the body runs as of segment N, after what is due
// by then; the segment is restored after it.
func (p *Plan) compileSegment(n *check.CExpr, body block, at diag.Range) stmtFn {
	seg := p.intValue(n)
	off := p.slotOf(check.GSegment, intT).off
	return func(r *Run, base addr) (flow, error) {
		r.reason = "segment"
		s, _, err := seg(r, base)
		if err != nil {
			return flowNext, err
		}
		if s < 1 || s > r.m.Segments {
			// Outside the round it would be another round's segment, or
			// past what the clock can count (tick).
			return flowNext, &RunError{At: at, Msg: fmt.Sprintf("segment %d is not one of the round's segments, 1 to %d (the ruleset's segments)", s, r.m.Segments)}
		}
		prev := r.segment
		r.segment = s
		store(base, off, s)
		defer func() { r.segment = prev; store(base, off, prev) }()
		if err := r.fireDue(); err != nil {
			return flowNext, err
		}
		return r.runBlock(&body, base)
	}
}

// somebodyAt reports whether the pointers at offs in the frame at base
// are all somebody.
func somebodyAt(base addr, offs []uintptr) bool {
	for _, off := range offs {
		if load[addr](base, off).isNil() {
			return false
		}
	}
	return true
}

func toInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		return int(x), true
	case float64:
		// Cut to its whole part, as int() does; NaN, an infinity or a
		// float beyond the whole numbers has none (stdlib.ToInt).
		n, err := stdlib.ToInt(x)
		return n, err == nil
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
