package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// Direct emits: an event with one handler, emitted in a quiet run outside
// a simultaneous group (most emits of a simulation), needs no frame of
// its own. Its arguments are evaluated straight into the handler's frame,
// where dispatch would have copied them, and the handler runs there. The
// steps are those of emitNode.run, dispatch and handle, in their order:
// the arguments, the nesting check, the event's text (evaluated only when
// it could fail or roll, read from an event frame made for it), its
// sequence number and count, the actor, the handler's body. Inside a
// simultaneous group the same emit is held with its handler's frame
// (hold) and run there when the group ends (finish), in flush's order.
// A logged run and any other event take the general way (emit.go).

// directEmit is the plan of an emit that may go directly to its event's
// one handler; nil when the event is not of that shape.
type directEmit struct {
	n *emitNode // its arguments (emitNode.args) store into any place of their type
	h *handlerPlan
	// quietAt and whoAt are the event plan's offsets of the same name,
	// in the handler's frame.
	quietAt, whoAt []uintptr
	silent         bool
	// args are the emit's arguments with the offsets of their
	// parameters in the handler's frame, in one list for run's loop;
	// but those that name a combatant, a side or a whole number of the
	// emitting frame (self, foe), which are copies (setArgs' first loop).
	args   []directArg
	copies []directCopy
}

// directCopy is an argument that names a field of the emitting frame at
// from, a pointer (ptr) or a whole number, copied to its parameter at to
// in the handler's frame.
type directCopy struct {
	from, to uintptr
	ptr      bool
}

type directArg struct {
	set intoFn
	off uintptr
}

// planDirectEmit gives the direct plan of emit n, or nil: the event must
// have exactly one handler whose frame holds every parameter by offset
// with the event frame's own type, and whose text roots and combatants
// are plain pointers (eventPlan.quietFast, whoAt).
func planDirectEmit(n *emitNode) *directEmit {
	ep := n.ev
	if len(ep.handlers) != 1 || (ep.quietSkip && !ep.quietFast) || (ep.whoAt == nil && hasCombatantParam(ep.ev)) {
		return nil
	}
	h := ep.handlers[0]
	d := &directEmit{n: n, h: h, silent: ep.ev.Silent()}
	at2 := map[uintptr]uintptr{} // an offset in the event's frame -> in the handler's
	for i, s := range h.params {
		es := ep.params[i]
		if !s.ok || !es.ok || s.t != es.t || h.copies[i] == nil {
			return nil
		}
		at2[es.off] = s.off
	}
	for i, set := range n.args {
		to, t := h.params[i].off, h.params[i].t
		if fe := n.names[i]; fe != nil && (t == intT || t.Kind() == reflect.Pointer) {
			d.copies = append(d.copies, directCopy{from: fe.off, to: to, ptr: t != intT})
			continue
		}
		d.args = append(d.args, directArg{set: set, off: to})
	}
	for _, off := range ep.quietAt {
		d.quietAt = append(d.quietAt, at2[off])
	}
	for _, off := range ep.whoAt {
		d.whoAt = append(d.whoAt, at2[off])
	}
	return d
}

func hasCombatantParam(ev *check.Event) bool {
	for _, p := range ev.Params {
		if p.Type.Kind == check.KCombatant {
			return true
		}
	}
	return false
}

// usable reports whether the emit may go directly in the run as it stands.
func (d *directEmit) usable(r *Run) bool {
	return r.opt.Sink == nil && r.deferred == nil
}

// holdable reports whether the emit may be held directly: a quiet run
// inside a simultaneous group.
func (d *directEmit) holdable(r *Run) bool {
	return r.opt.Sink == nil && r.deferred != nil
}

// run is the emit, directly into the handler's frame.
func (d *directEmit) run(r *Run, base addr) error {
	hf, hb := r.frameAtP(d.h.fid)
	if err := d.setArgs(r, base, hb); err != nil {
		return err
	}
	return d.finish(r, hf, hb, r.who())
}

// hold is the emit inside a simultaneous group: its arguments evaluated
// now into a frame of its handler, which it holds until the group ends
// (flush), as emitNode.run holds an event frame.
func (d *directEmit) hold(r *Run, base addr) error {
	hf, hb := r.frameAtP(d.h.fid)
	if err := d.setArgs(r, base, hb); err != nil {
		return err
	}
	*r.deferred = append(*r.deferred, pendingEmit{ev: d.n.ev, at: d.n.at, who: r.who(), fr: hf, d: d, hb: hb})
	return nil
}

// setArgs evaluates the emit's arguments into the handler's frame at hb:
// the copies first, which can neither fail nor change anything another
// argument reads (an expression assigns no local), then the rest in
// their order, each with the event's name as its reason, the reason a
// copy would have left too.
func (d *directEmit) setArgs(r *Run, base, hb addr) error {
	name := d.n.ev.ev.Name
	if len(d.copies) > 0 {
		r.reason = name
		for _, c := range d.copies {
			if c.ptr {
				store(hb, c.to, load[addr](base, c.from))
			} else {
				store(hb, c.to, load[int](base, c.from))
			}
		}
	}
	for _, a := range d.args {
		r.reason = name
		if err := a.set(r, base, fieldAt(hb, a.off)); err != nil {
			return err
		}
	}
	return nil
}

// finish is the rest of the emit, once its arguments are in the
// handler's frame hf at hb: dispatch's and handle's steps.
func (d *directEmit) finish(r *Run, hf reflect.Value, hb addr, who string) error {
	ep, h := d.n.ev, d.h
	r.nesting++
	if r.nesting > r.opt.MaxNesting {
		r.nesting--
		return &RunError{At: d.n.at, Msg: r.tooDeep("events are nested more than %d deep: a handler that emits, in the end, its own event?")}
	}
	if ep.ev.Template != nil {
		// Skipped whole, or in part (the parts at quietKeep still run).
		if skip := d.textSkips(hb); !skip || len(ep.quietKeep) > 0 {
			if err := d.renderText(r, hb, skip); err != nil {
				r.nesting--
				return err
			}
		}
	}
	if !d.silent {
		r.seq++
		if r.opt.countEvent != nil {
			r.opt.countEvent(ep.ev.Name, who)
		}
	}
	named := !r.anonymous
	if named {
		for _, off := range d.whoAt {
			if c := load[addr](hb, off); !c.isNil() {
				who = nameAt(c)
				break
			}
		}
		r.actors = append(r.actors, who)
	}
	_, err := r.runBlock(&h.body, hb)
	if named {
		r.actors = r.actors[:len(r.actors)-1]
	}
	r.nesting--
	if err == nil {
		r.releaseAtP(h.fid, hf, hb)
	}
	return err
}

// textSkips is eventPlan.skipText for the arguments in the handler's
// frame at hb.
func (d *directEmit) textSkips(hb addr) bool {
	if !d.n.ev.quietSkip {
		return false
	}
	for _, off := range d.quietAt {
		if load[addr](hb, off).isNil() {
			return false
		}
	}
	return true
}

// renderText evaluates the event's text (for what it may do: fail or
// roll) in an event frame holding the arguments, copied from the
// handler's frame at hb: only the parts at quietKeep when the others
// may be skipped.
func (d *directEmit) renderText(r *Run, hb addr, skip bool) error {
	ep := d.n.ev
	efr, eb := r.frameAtP(ep.fid)
	for i, s := range d.h.params {
		copier(s.t, s.off, ep.params[i].off)(eb, hb)
	}
	var err error
	if skip {
		err = r.evalParts(ep.ev.Template, ep.quietKeep, efr)
	} else {
		_, err = r.render(ep.ev.Template, efr, false)
	}
	if err != nil {
		return err
	}
	r.releaseAtP(ep.fid, efr, eb)
	return nil
}
