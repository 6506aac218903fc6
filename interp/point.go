package interp

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Reactions at named points (language v2, item 3; check/point.go).
//
// interrupt POINT(ARGS) { PENDING } else { CANCELLED } evaluates the
// arguments into a frame of the point, logs the point, then runs the
// point's reactions, in declaration order, each in a frame of its own:
// the point's parameters are copied in, its condition is asked, its body
// runs, and the parameters are copied back, so the next reaction and the
// pending block see what it changed. Reactions run at once: inside a
// simultaneous group, whose emits wait for the group's end, a reaction's
// emits are dispatched as it makes them (r.deferred is set aside while
// they run), so an attack of opportunity drops an archer before his
// arrow is loosed. A bare "cancel" sets the reaction's cancelled; every
// later reaction still runs (its condition may read cancelled) and the
// else block runs instead of the pending one. The pending and else
// blocks belong to the raising body: its deferral, its frame, with the
// point's parameters stored in its locals of those names.
//
// All of it is planned here, once: a ruleset without points has no
// interrupt statement, and nothing else looks at points.

type pointPlan struct {
	pt        *check.Point
	fid       int
	params    []slot // where the parameters sit in the point's frame
	reactions []*reactionPlan
}

type reactionPlan struct {
	rc        *check.Reaction
	fid       int
	body      block
	when      condFn // nil: always
	cancelled slot
	// in copies the point's parameters into the reaction's frame, out
	// back, by offset; nil for a kind copier does not handle (reflect).
	in, out []func(dst, src addr)
	// whoAt are the offsets in the point's frame of the combatants the
	// reaction may act for, in order (actor); nil: found through reflect.
	whoAt []uintptr
}

// planPoints makes every point's plan before any body is lowered, so that
// every interrupt finds its point; lowerPoints lowers the reactions once
// every procedure and event is planned.
func (p *Plan) planPoints() {
	p.points = map[*check.Point]*pointPlan{}
	for _, pt := range p.M.PointList {
		pp := &pointPlan{pt: pt, fid: p.frameID(pt.Frame)}
		params := map[int]bool{}
		for _, prm := range pt.Params {
			pp.params = append(pp.params, slotIn(pt.Frame, prm.Field.Index, nil))
			params[prm.Field.Index] = true
		}
		p.preset[pt.Frame] = params
		p.points[pt] = pp
	}
}

func (p *Plan) lowerPoints() {
	for _, pt := range p.M.PointList {
		pp := p.points[pt]
		for _, rc := range pt.Reactions {
			rp := &reactionPlan{rc: rc, fid: p.frameID(rc.Frame), body: p.blockIn(rc.Frame, rc.Body)}
			rp.cancelled = slotIn(rc.Frame, rc.Cancelled.Index, nil)
			if rc.When != nil {
				prev := p.cur
				p.cur = rc.Frame
				rp.when = p.cond(rc.When)
				p.cur = prev
			}
			for i, prm := range pt.Params {
				s, ps := slotIn(rc.Frame, prm.Field.Index, nil), pp.params[i]
				var in, out func(dst, src addr)
				if s.ok && ps.ok && s.t == ps.t {
					in, out = copier(s.t, ps.off, s.off), copier(s.t, s.off, ps.off)
				}
				rp.in, rp.out = append(rp.in, in), append(rp.out, out)
				p.presetField(rc.Frame, prm.Field.Index)
			}
			p.presetField(rc.Frame, rc.Cancelled.Index)
			rp.whoAt = actorOffsets(pp, rc)
			pp.reactions = append(pp.reactions, rp)
		}
	}
}

type interruptNode struct {
	at     diag.Range
	pp     *pointPlan
	args   []intoFn // each argument, into its parameter's place in the point's frame
	locals []slot   // the raising body's locals that take the parameters back
	// back copies each parameter from the point's frame into its local by
	// offset; nil for one that goes through reflect.
	back    []func(dst, src addr)
	params  []bool // whether parameter i is read back into locals[i]
	pending block
	els     block
}

// compileInterrupt plans an interrupt statement.
func (p *Plan) compileInterrupt(at diag.Range, s *syntax.InterruptStmt) stmtFn {
	in := p.M.Interrupts[s]
	if in == nil || p.points[in.Point] == nil {
		return func(*Run, addr) (flow, error) {
			return flowNext, &RunError{At: at, Msg: "internal: interrupt of an unchecked point"}
		}
	}
	n := &interruptNode{at: syntax.RangeOf(s.Pos, s.Point.EndPos), pp: p.points[in.Point]}
	for i, a := range s.Args {
		n.args = append(n.args, p.into(p.expr(a), n.pp.params[i].t, at))
	}
	for i, ff := range in.Locals {
		if ff == nil { // an interrupt without blocks reads this one back nowhere
			n.locals, n.back, n.params = append(n.locals, slot{}), append(n.back, nil), append(n.params, false)
			continue
		}
		n.params = append(n.params, true)
		s, ps := p.slotOf(ff.Index, nil), n.pp.params[i]
		var cp func(dst, src addr)
		if s.ok && ps.ok && s.t == ps.t {
			cp = copier(s.t, ps.off, s.off)
		}
		n.locals, n.back = append(n.locals, s), append(n.back, cp)
	}
	n.pending, n.els = p.block(s.Pending), p.block(s.Else)
	return n.run
}

func (n *interruptNode) run(r *Run, base addr) (flow, error) {
	pp := n.pp
	pfr, pb := r.frameAtP(pp.fid)
	for i, set := range n.args {
		r.reason = pp.pt.Name
		if err := set(r, base, fieldAt(pb, pp.params[i].off)); err != nil {
			return flowNext, err
		}
	}
	if err := r.Work(1); err != nil {
		return flowNext, err
	}
	if r.nesting >= r.opt.MaxNesting {
		return flowNext, &RunError{At: n.at, Msg: r.tooDeep("points are nested more than %d deep: a reaction that raises, in the end, its own point?")}
	}
	r.nesting++
	held := r.deferred
	r.deferred = nil // reactions act at once, even inside a simultaneous group
	cancelled, err := r.react(pp, pfr, pb)
	r.deferred = held
	r.nesting--
	if err != nil {
		return flowNext, err
	}
	for i, s := range n.locals {
		if !n.params[i] {
			continue
		}
		if cp := n.back[i]; cp != nil {
			cp(base, pb)
			continue
		}
		src := pfr.Elem().Field(pp.pt.Params[i].Field.Index)
		if err := r.storeValue(s.value(base), src, n.at); err != nil {
			return flowNext, err
		}
	}
	r.releaseAtP(pp.fid, pfr, pb)
	if cancelled {
		return r.runBlock(&n.els, base)
	}
	return r.runBlock(&n.pending, base)
}

// react logs the point and runs its reactions; it reports whether one
// of them said cancel.
func (r *Run) react(pp *pointPlan, pfr reflect.Value, pb addr) (bool, error) {
	pt := pp.pt
	if err := r.logPoint(pp, pfr); err != nil {
		return false, err
	}
	cancelled := false
	for _, rp := range pp.reactions {
		rfr, rb := r.frameAtP(rp.fid)
		for i, cp := range rp.in {
			if cp != nil {
				cp(rb, pb)
			} else {
				setField(rfr, pt.Params[i].Field.Index, pfr.Elem().Field(pt.Params[i].Field.Index))
			}
		}
		store(rb, rp.cancelled.off, cancelled)
		who := rp.actor(pfr, pb)
		pushed := who != ""
		if pushed {
			r.actors = append(r.actors, who)
		}
		ran, err := r.runReaction(rp, rb, who)
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if err != nil {
			return false, err
		}
		if ran {
			for i, cp := range rp.out {
				if cp != nil {
					cp(pb, rb)
				} else {
					setField(pfr, pt.Params[i].Field.Index, rfr.Elem().Field(pt.Params[i].Field.Index))
				}
			}
			cancelled = load[bool](rb, rp.cancelled.off)
		}
		r.releaseAtP(rp.fid, rfr, rb)
	}
	return cancelled, nil
}

// runReaction asks a reaction's condition and runs its body; ran is
// false when the condition said no.
func (r *Run) runReaction(rp *reactionPlan, rb addr, who string) (ran bool, err error) {
	// A step whether or not its condition holds: thousands of reactions
	// that all say no, raised in a loop, are work too.
	if err := r.Work(1); err != nil {
		return false, err
	}
	if rp.when != nil {
		// A roll in the condition is the reaction's, named as the log
		// names the reaction: by its label, else by its point.
		r.reason = rp.rc.Point.Name
		if rp.rc.Label != "" {
			r.reason = rp.rc.Label
		}
		ok, err := rp.when(r, rb)
		if err != nil || !ok {
			return false, err
		}
	}
	if !r.quiet() {
		text := "reaction to " + readable(rp.rc.Point.Name)
		if rp.rc.By != nil && who != "" { // by nobody (none): said as a reaction without by
			text = who + " reacts to " + readable(rp.rc.Point.Name)
		}
		if rp.rc.Label != "" {
			text += ": " + rp.rc.Label
		}
		r.emitLog(&Event{Kind: KReact, Name: rp.rc.Point.Name, Who: who, Args: map[string]any{"label": rp.rc.Label}, Text: text})
	}
	_, err = r.runBlock(&rp.body, rb)
	return true, err
}

// cancel, bare, in a reaction: what the interrupt holds pending does not
// happen. The log says so.
func (p *Plan) compileCancelPending(at diag.Range, rc *check.Reaction) stmtFn {
	if rc == nil {
		return func(*Run, addr) (flow, error) {
			return flowNext, &RunError{At: at, Msg: "internal: cancel outside a reaction"}
		}
	}
	s := p.slotOf(rc.Cancelled.Index, nil)
	label := rc.Label
	if label == "" {
		label = "a reaction"
	}
	text := fmt.Sprintf("%s is cancelled by %s", rc.Point.Name, label)
	return func(r *Run, base addr) (flow, error) {
		if !load[bool](base, s.off) && !r.quiet() {
			r.emitLog(&Event{Kind: KCancel, Name: rc.Point.Name, Who: r.who(), Args: map[string]any{"label": rc.Label}, Text: text})
		}
		store(base, s.off, true)
		return flowNext, nil
	}
}

// logPoint logs a point raised: its template, or its name and
// arguments. A quiet run still evaluates the template's parts, which
// may roll or fail.
func (r *Run) logPoint(pp *pointPlan, pfr reflect.Value) error {
	pt := pp.pt
	if pt.Template != nil && len(pt.Template.Parts) == 0 {
		return nil // "": a silent point, as a silent event
	}
	if r.opt.Sink == nil {
		r.seq++
		if pt.Template != nil {
			_, err := r.render(pt.Template, pfr, false)
			return err
		}
		return nil
	}
	args := map[string]any{}
	var parts []string
	for _, prm := range pt.Params {
		v := pfr.Elem().Field(prm.Field.Index)
		args[prm.Name] = r.argValue(v)
		parts = append(parts, prm.Name+"="+show(v))
	}
	text := pt.Name + "(" + strings.Join(parts, ", ") + ")"
	if pt.Template != nil {
		t, err := r.render(pt.Template, pfr, true)
		if err != nil {
			return err
		}
		text = t
	}
	r.emitLog(&Event{Kind: KPoint, Name: pt.Name, Who: pointActor(pt, pfr), Args: args, Text: text})
	return nil
}

// actorOffsets are the offsets of the parameters actor reads, in its
// order: the one by names, or every combatant; nil when one of them is
// not a pointer of the point's frame (actor then reads through reflect).
func actorOffsets(pp *pointPlan, rc *check.Reaction) []uintptr {
	offs := []uintptr{}
	for i, prm := range pp.pt.Params {
		if by := rc.By; by != nil && prm.Field.Index != by.Field.Index || by == nil && prm.Type.Kind != check.KCombatant {
			continue
		}
		s := pp.params[i]
		if !s.ok || s.t.Kind() != reflect.Pointer {
			return nil
		}
		offs = append(offs, s.off)
	}
	if rc.By != nil && len(offs) != 1 {
		return nil
	}
	return offs
}

// actor is who a reaction acts for: the parameter its by names, or the
// point's first combatant that is somebody ("" for none).
func (rp *reactionPlan) actor(pfr reflect.Value, pb addr) string {
	if rp.whoAt != nil {
		for _, off := range rp.whoAt {
			if c := load[addr](pb, off); !c.isNil() {
				return nameAt(c)
			}
		}
		return ""
	}
	if by := rp.rc.By; by != nil {
		if a := pfr.Elem().Field(by.Field.Index); a.IsValid() && !a.IsNil() {
			return nameOf(a)
		}
		return ""
	}
	return pointActor(rp.rc.Point, pfr)
}

// pointActor is the point's first combatant that is somebody: its
// reactions act for it, as an event's handlers do (a loop inside a
// reaction acts for its item).
func pointActor(pt *check.Point, pfr reflect.Value) string {
	for _, prm := range pt.Params {
		if prm.Type.Kind != check.KCombatant {
			continue
		}
		if a := pfr.Elem().Field(prm.Field.Index); a.IsValid() && !a.IsNil() {
			return nameOf(a)
		}
	}
	return ""
}
