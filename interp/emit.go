package interp

import (
	"reflect"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Events: emit EVENT(ARGS) evaluates the arguments into a frame of the
// event, then dispatches it (logs it and runs its handlers) at once, or,
// inside a simultaneous group, when the group ends (flush).

type emitNode struct {
	at   diag.Range
	ev   *eventPlan
	args []intoFn // each argument, into its parameter's place in the event's frame
	// names are the arguments that are names of the emitting frame of
	// their parameter's type, by intoFromLocal's rule (nil for the rest):
	// a direct emit copies them by offset (emit_direct.go).
	names []*fexpr
}

type pendingEmit struct {
	ev  *eventPlan
	at  diag.Range
	who string
	fr  reflect.Value // the event frame holding the arguments, released once dispatched
	// d: a direct emit held (emit_direct.go); fr is then its handler's
	// frame, at hb, holding the arguments.
	d  *directEmit
	hb addr
}

func (p *Plan) compileEmit(at diag.Range, ep *eventPlan, args []*check.CExpr) stmtFn {
	n := &emitNode{at: at, ev: ep}
	for i, a := range args {
		n.args = append(n.args, p.into(a, ep.params[i].t, at))
		var name *fexpr
		if fe := p.fastExpr(a); fe != nil && intoFromLocal(a, fe, ep.params[i].t) != nil {
			name = fe
		}
		n.names = append(n.names, name)
	}
	if d := planDirectEmit(n); d != nil { // emit_direct.go
		return func(r *Run, base addr) (flow, error) {
			if d.usable(r) {
				return flowNext, d.run(r, base)
			}
			if d.holdable(r) {
				return flowNext, d.hold(r, base)
			}
			return flowNext, n.run(r, base)
		}
	}
	return func(r *Run, base addr) (flow, error) { return flowNext, n.run(r, base) }
}

func (n *emitNode) run(r *Run, base addr) error {
	ep := n.ev
	efr, ebase := r.frameAtP(ep.fid)
	for i, set := range n.args {
		r.reason = ep.ev.Name
		if err := set(r, base, fieldAt(ebase, ep.params[i].off)); err != nil {
			return err
		}
	}
	if r.deferred != nil {
		*r.deferred = append(*r.deferred, pendingEmit{ev: ep, at: n.at, who: r.who(), fr: efr})
		return nil
	}
	err := r.dispatch(ep, efr, n.at, r.who())
	if err == nil {
		r.releaseAtP(ep.fid, efr, ebase)
	}
	return err
}

// flush applies the effects of a simultaneous group, in the order they were made.
func (r *Run) flush(queue []pendingEmit) error {
	for _, p := range queue {
		if p.d != nil {
			if err := p.d.finish(r, p.fr, p.hb, p.who); err != nil {
				return err
			}
			continue
		}
		if err := r.dispatch(p.ev, p.fr, p.at, p.who); err != nil {
			return err
		}
		r.releaseAt(p.ev.fid, p.fr)
	}
	return nil
}

// arg is the event's argument i in its frame efr.
func (ep *eventPlan) arg(efr reflect.Value, i int) reflect.Value {
	return efr.Elem().Field(ep.ev.Params[i].Field.Index)
}

// dispatch logs an event whose arguments are in efr, a frame of the
// event, and runs its handlers.
func (r *Run) dispatch(ep *eventPlan, efr reflect.Value, at diag.Range, who string) error {
	r.nesting++
	defer func() { r.nesting-- }()
	if r.nesting > r.opt.MaxNesting {
		return &RunError{At: at, Msg: r.tooDeep("events are nested more than %d deep: a handler that emits, in the end, its own event?")}
	}
	ev := ep.ev
	if r.opt.Sink == nil {
		// Nobody reads the text, but its expressions still run: they
		// may fail or roll, as in a logged run.
		if ev.Template != nil {
			var err error
			if ep.skipText(efr) {
				err = r.evalParts(ev.Template, ep.quietKeep, efr)
			} else {
				_, err = r.render(ev.Template, efr, false)
			}
			if err != nil {
				return err
			}
		}
		if !ev.Silent() {
			r.seq++
			if r.opt.countEvent != nil {
				r.opt.countEvent(ev.Name, who)
			}
		}
		return r.handle(ep, efr, who)
	}
	jargs := map[string]any{}
	for i, p := range ev.Params {
		jargs[p.Name] = r.argValue(ep.arg(efr, i))
	}
	text := ev.Name
	if ev.Template != nil {
		t, err := r.render(ev.Template, efr, true)
		if err != nil {
			return err
		}
		text = t
	} else {
		var parts []string
		for i, p := range ev.Params {
			parts = append(parts, p.Name+"="+show(ep.arg(efr, i)))
		}
		text += "(" + strings.Join(parts, ", ") + ")"
	}
	// An empty template ("") makes a silent event: a step of the rules
	// that the log need not show, its handlers run all the same.
	if !ev.Silent() {
		r.emitLog(&Event{Kind: KEvent, Name: ev.Name, Who: who, Args: jargs, Text: text})
	}
	return r.handle(ep, efr, who)
}

// quietOffsets are the offsets of an event's quietRoots in its frame
// (those that are not plain pointers are left out: quietFast is then off).
func quietOffsets(ep *eventPlan) []uintptr {
	var offs []uintptr
	for _, i := range ep.quietRoots {
		if s := ep.params[i]; s.ok && s.t.Kind() == reflect.Pointer {
			offs = append(offs, s.off)
		}
	}
	return offs
}

// skipText reports whether rendering the event's text could neither
// fail nor have effects, but for the parts at quietKeep, so a quiet run
// may skip the others.
func (ep *eventPlan) skipText(efr reflect.Value) bool {
	if !ep.quietSkip {
		return false
	}
	if ep.quietFast {
		eb := addrOf(efr)
		for _, off := range ep.quietAt {
			if load[addr](eb, off).isNil() {
				return false
			}
		}
		return true
	}
	var eb addr
	for _, i := range ep.quietRoots {
		if s := ep.params[i]; s.ok && s.t.Kind() == reflect.Pointer {
			if eb.isNil() {
				eb = addrOf(efr)
			}
			if load[addr](eb, s.off).isNil() {
				return false
			}
			continue
		}
		if a := ep.arg(efr, i); a.Kind() != reflect.Pointer || a.IsNil() {
			return false
		}
	}
	return true
}

// handle runs an event's handlers. They act for the event's first
// combatant that is somebody (the striker of a blow, say), so their
// rolls are logged as that combatant's.
func (r *Run) handle(ep *eventPlan, efr reflect.Value, who string) error {
	ev := ep.ev
	eb := addrOf(efr)
	if ep.whoAt != nil {
		for _, off := range ep.whoAt {
			if c := load[addr](eb, off); !c.isNil() {
				who = nameAt(c)
				break
			}
		}
	} else {
		for i, p := range ev.Params {
			if p.Type.Kind != check.KCombatant {
				continue
			}
			if a := ep.arg(efr, i); a.IsValid() && !a.IsNil() {
				who = nameOf(a)
				break
			}
		}
	}
	if !r.anonymous {
		r.actors = append(r.actors, who)
		defer func() { r.actors = r.actors[:len(r.actors)-1] }()
	}
	for _, h := range ep.handlers {
		hf, hb := r.frameAtP(h.fid)
		for i, cp := range h.copies {
			if cp != nil {
				cp(hb, eb)
			} else {
				setField(hf, ev.Params[i].Field.Index, ep.arg(efr, i))
			}
		}
		if _, err := r.runBlock(&h.body, hb); err != nil {
			return err
		}
		r.releaseAtP(h.fid, hf, hb)
	}
	return nil
}

// render fills a template; without keep it only evaluates the parts.
func (r *Run) render(t *check.Template, fr reflect.Value, keep bool) (string, error) {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Expr == nil {
			if keep {
				b.WriteString(p.Text)
			}
			continue
		}
		if printsLong(p.Expr) {
			if err := r.renderLong(&b, p.Expr, fr, keep); err != nil {
				return "", err
			}
			continue
		}
		if !keep {
			if err := r.evalDiscard(p.Expr, fr); err != nil {
				return "", err
			}
			continue
		}
		v, err := r.eval(p.Expr, fr)
		if err != nil {
			return "", err
		}
		b.WriteString(show(v))
	}
	return b.String(), nil
}

// evalParts evaluates the parts of t at idx for their effects and
// failures only, as render does for a quiet run: the way of a quiet log
// line whose other parts could not fail (Plan.quietLog).
func (r *Run) evalParts(t *check.Template, idx []int, fr reflect.Value) error {
	for _, i := range idx {
		ce := t.Parts[i].Expr
		if printsLong(ce) {
			if err := r.renderLong(nil, ce, fr, false); err != nil {
				return err
			}
			continue
		}
		if err := r.evalDiscard(ce, fr); err != nil {
			return err
		}
	}
	return nil
}
