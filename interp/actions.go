package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A round's actions: declare takes each combatant's declaration for the
// round (the encounter's script, else the ruleset's default action) and
// act resolves what a combatant declared (the default action when nothing
// was).
// Several declarations a round and act held are slots.go's; schedule and
// cancel are schedule.go's, apply TABLE to apply_table.go's.

type declareNode struct {
	at  diag.Range
	who *check.CExpr // one combatant's declaration; nil for everyone's
}

func (p *Plan) compileDeclare(n *declareNode) stmtFn {
	if fe := p.fastExpr(n.who); fe != nil && n.who.Const == nil && fe.p != nil && !fe.noBox {
		// declare(c) with c native: found by address, nothing boxed.
		return func(r *Run, base addr) (flow, error) { return n.runOne(r, fe, base) }
	}
	pt := p.curPtr()
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

// runOne is run for one combatant (declare(c)) whose expression is
// native: the same steps on its address.
func (n *declareNode) runOne(r *Run, fe *fexpr, base addr) (flow, error) {
	r.actionsChanged()
	r.reason = "declare"
	c, err := fastRunP(r, n.who, fe.p, base)
	if err != nil {
		return flowNext, err
	}
	if c.isNil() {
		return flowNext, &RunError{At: n.at, Msg: "declare needs a combatant, found nobody"}
	}
	i := load[int](c, r.plan.lay.idx)
	if i < 0 || i >= len(r.comb) {
		return flowNext, nil // not a combatant of this run: nobody to declare, as before
	}
	ci := r.comb[i] // the run's own combatant of that index, as run does
	return flowNext, r.declareOne(i, ci, scriptLine(r.enc.Script[r.round], nameAt(addrOf(ci))))
}

// scriptLine is the combatant's own line of a round's script: its
// declarations, in the line's order (several with slots, slots.go).
func scriptLine(specs []*check.DeclSpec, name string) []*check.DeclSpec {
	var line []*check.DeclSpec
	for _, d := range specs {
		if d.Who == name {
			line = append(line, d)
		}
	}
	return line
}

// run collects every living combatant's declaration for the round (or
// the one named combatant's): the encounter's script for this round,
// else the ruleset's default action.
func (n *declareNode) run(r *Run, fr reflect.Value) (flow, error) {
	r.actionsChanged()
	specs := r.enc.Script[r.round]
	if n.who != nil {
		// One combatant (declare(c)): only its own line of the script is
		// looked for, and nobody else is visited, so a loop that declares
		// everyone in turn costs a pass, not a pass per combatant.
		r.reason = "declare"
		v, err := r.eval(n.who, fr)
		if err != nil {
			return flowNext, err
		}
		c := reflect.ValueOf(v)
		if !c.IsValid() || c.IsNil() {
			return flowNext, &RunError{At: n.at, Msg: "declare needs a combatant, found nobody"}
		}
		i := idxOf(c)
		if i < 0 || i >= len(r.comb) {
			return flowNext, nil // not a combatant of this run: nobody to declare, as before
		}
		c = r.comb[i]
		var line []*check.DeclSpec
		if len(specs) > 0 {
			line = scriptLine(specs, nameOf(c))
		}
		return flowNext, r.declareOne(i, c, line)
	}
	var script map[string][]*check.DeclSpec
	if len(specs) > 0 {
		script = make(map[string][]*check.DeclSpec, len(specs))
		for _, d := range specs {
			script[d.Who] = append(script[d.Who], d) // several with slots (slots.go)
		}
	}
	for i, c := range r.comb {
		var line []*check.DeclSpec
		if script != nil {
			line = script[nameOf(c)]
		}
		if err := r.declareOne(i, c, line); err != nil {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// declareOne makes the combatant at index i declare: its declarations
// of the script for the round (line, none if it has no line), else the
// ruleset's default.
func (r *Run) declareOne(i int, c reflect.Value, line []*check.DeclSpec) error {
	cp := addrOf(c)
	r.declared[i] = nil
	store(cp, r.plan.lay.action, "")
	if !r.inFightP(cp) {
		return nil
	}
	var d *declared
	if len(line) > 0 {
		var err error
		if d, err = r.scripted(line); err != nil {
			return err
		}
	} else {
		d = r.defaultDecl()
	}
	if d == nil {
		return nil
	}
	r.declared[i] = d
	store(cp, r.plan.lay.action, d.action.a.Name)
	if r.opt.Sink == nil {
		// Quiet: one sequence number per declaration, as a logged run
		// takes one per declaration line (several with slots).
		for ; d != nil; d = d.next {
			r.seq++
		}
		return nil
	}
	name := nameOf(c)
	for ; d != nil; d = d.next {
		how, why, held := "declares", "", ""
		if !d.script {
			how = "declares by default"
		}
		if d.held {
			why, held = "held", ", held"
		}
		spokenText, verbose := d.describe()
		ev := &Event{Kind: KDeclare, Who: name, Name: d.action.a.Name, Why: why, Args: d.jsonArgs(), Text: name + " declares " + spokenText + held}
		if !d.script {
			// The ruleset's default, declared for whoever the script
			// left out: a -v detail, as default arguments are (its act
			// line says what it does); JSON and fray test keep it.
			ev.Text = name + " declares " + spokenText + " by default" + held
			ev.detail = true
		}
		ev.verbose = fmt.Sprintf("%s %s %s%s", name, how, verbose, held)
		r.emitLog(ev)
	}
	return nil
}

// scripted is a combatant's declarations of the round from the script,
// chained in the order the script line gives them.
func (r *Run) scripted(specs []*check.DeclSpec) (*declared, error) {
	var head, tail *declared
	for _, s := range specs {
		d := &declared{action: r.plan.actions[s.Action], args: make([]reflect.Value, len(s.Args)), script: true, held: s.Hold}
		for j, a := range s.Args {
			if !s.Given[j] {
				continue
			}
			slot := reflect.New(s.Action.Params[j].Type.R).Elem()
			if err := r.store(slot, a, syntax.RangeOf(s.Decl.Pos, s.Decl.EndPos)); err != nil {
				return nil, err
			}
			d.args[j] = slot
		}
		if head == nil {
			head = d
		} else {
			tail.next = d
		}
		tail = d
	}
	return head, nil
}

// defaultDecl is the declaration of the ruleset's default action with
// no arguments, made once per run (nil without a default action).
func (r *Run) defaultDecl() *declared {
	if r.m.Default == nil {
		return nil
	}
	if r.defDecl == nil {
		r.defDecl = &declared{action: r.plan.actions[r.m.Default], args: make([]reflect.Value, len(r.m.Default.Params))}
	}
	return r.defDecl
}

// describe is the declaration with the arguments the script gave, as
// said at the table and in the rule's call form (readable.go).
func (d *declared) describe() (said, call string) {
	var parts, callParts []string
	for i, p := range d.action.a.Params {
		if i < len(d.args) && d.args[i].IsValid() {
			v := d.args[i].Interface()
			parts = append(parts, spokenArg(p.Name, v))
			callParts = append(callParts, p.Name+"="+quoteArg(v))
		}
	}
	return spokenCall(d.action.a.Name, parts), callForm(d.action.a.Name, callParts)
}

func (d *declared) jsonArgs() map[string]any {
	out := map[string]any{}
	for i, p := range d.action.a.Params {
		if i < len(d.args) && d.args[i].IsValid() {
			out[p.Name] = jsonValue(d.args[i])
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// act WHO: the combatant resolves its declared action (the default
// one when nothing was declared).
func (p *Plan) compileAct(at diag.Range, who *check.CExpr) stmtFn {
	if fe := p.fastExpr(who); fe != nil && fe.p != nil && !fe.noBox {
		// A native combatant, read here rather than through somebody's
		// closure: one call fewer on every act.
		fp, ct := fe.p, fe.rt
		if fe.local && frameHolds(who.Frame.R, fe.off, ct) {
			// A name of the frame (act c, the loop's variable): read in place.
			off := fe.off
			if ap := p.defaultAct(ct); ap != nil {
				return func(r *Run, base addr) (flow, error) {
					r.reason = "act"
					return flowNext, r.actDefault(&at, load[addr](base, off), ct, ap)
				}
			}
			return func(r *Run, base addr) (flow, error) {
				r.reason = "act"
				return flowNext, r.act(&at, load[addr](base, off), ct)
			}
		}
		return func(r *Run, base addr) (flow, error) {
			r.reason = "act"
			mark := len(r.scratch)
			cp, err := fp(r, base)
			r.scratch = r.scratch[:mark]
			if err != nil {
				return flowNext, r.nativeFailure(who, err)
			}
			return flowNext, r.act(&at, cp, ct)
		}
	}
	find := p.somebody(who)
	return func(r *Run, base addr) (flow, error) {
		r.reason = "act"
		cp, ct, err := find(r, base)
		if err != nil {
			return flowNext, err
		}
		return flowNext, r.act(&at, cp, ct)
	}
}

// act is act for the combatant at cp, of type ct; at places the
// statement (by address: it is read only for an error).
func (r *Run) act(at *diag.Range, cp addr, ct reflect.Type) error {
	if cp.isNil() {
		return &RunError{At: *at, Msg: "act needs a combatant, found nobody"}
	}
	// The dead and the absent do not act; within a simultaneous group
	// everyone is still alive until the group's effects are applied.
	if !r.inFightP(cp) {
		return nil
	}
	if len(r.conds) > 0 { // conditions.go
		if k := r.cannotAct(cp); k != nil {
			r.skipAct(cp, k)
			return nil
		}
	}
	d := r.declared[load[int](cp, r.plan.lay.idx)] // by the hidden index
	if d == nil {
		if d = r.defaultDecl(); d == nil {
			return nil
		}
	}
	if d.next != nil || d.held {
		return r.actAll(cp, ct, d) // several declarations (slots.go)
	}
	return r.perform(cp, ct, d)
}

// defaultAct is the default action's plan when every act of a combatant
// of type ct performs it with nothing to look up: nobody declares (no
// phase has a declare statement), it takes no arguments and its self is
// of type ct; else nil. An act planned before the default action (in an
// action's body) finds no plan yet and keeps the general way.
func (p *Plan) defaultAct(ct reflect.Type) *actionPlan {
	if p.M.Declares || p.M.Default == nil {
		return nil
	}
	ap := p.actions[p.M.Default]
	if ap == nil || len(ap.a.Params) > 0 || !ap.self.ok || ap.self.t != ct {
		return nil
	}
	return ap
}

// actDefault is act where defaultAct gave the action ap: act's steps
// without the look-up of a declaration, and in an anonymous run
// perform's without the log's and the actor's (a logged or named run
// takes perform's own way).
func (r *Run) actDefault(at *diag.Range, cp addr, ct reflect.Type, ap *actionPlan) error {
	if cp.isNil() {
		return &RunError{At: *at, Msg: "act needs a combatant, found nobody"}
	}
	if !r.inFightP(cp) {
		return nil
	}
	if len(r.conds) > 0 {
		if k := r.cannotAct(cp); k != nil {
			r.skipAct(cp, k)
			return nil
		}
	}
	if !r.anonymous || r.nesting >= r.opt.MaxNesting {
		return r.perform(cp, ct, r.defaultDecl())
	}
	r.nesting++
	fr, base := r.frameAtP(ap.fid)
	store(base, ap.self.off, cp)
	r.seq++ // quiet's sequence number: an anonymous run has no log
	_, err := r.runBlock(&ap.body, base)
	if err == nil {
		r.releaseAtP(ap.fid, fr, base)
	}
	r.nesting--
	return err
}

// perform runs an action's body for a combatant at cp, of type ct.
func (r *Run) perform(cp addr, ct reflect.Type, d *declared) error {
	ap := d.action
	if r.nesting >= r.opt.MaxNesting {
		return &RunError{At: syntax.RangeOf(ap.a.Decl.Pos, ap.a.Decl.Pos), Msg: r.tooDeep("actions and events are nested more than %d deep")}
	}
	r.nesting++
	named := r.nameActor(cp)
	fr, base := r.frameAtP(ap.fid)
	if ap.self.ok && sameType(ap.self.t, ct) {
		store(base, ap.self.off, cp)
	} else {
		setField(fr, ap.a.Self.Index, valueAt(ct.Elem(), cp))
	}
	var err error
	if len(ap.a.Params) > 0 {
		err = r.actionArgs(fr, base, d)
	}
	if err == nil {
		if !r.quiet() {
			r.logAct(fr, cp, d)
		}
		if _, err = r.runBlock(&ap.body, base); err == nil {
			r.releaseAtP(ap.fid, fr, base)
		}
	}
	if named {
		r.actors = r.actors[:len(r.actors)-1]
	}
	r.nesting--
	return err
}

// logAct logs that the combatant at cp acts, with the action's arguments
// as they stand in its frame fr. The line shows the arguments the
// declaration gave; the verbose line and the JSON args show them all,
// defaults included.
func (r *Run) logAct(fr reflect.Value, cp addr, d *declared) {
	a := d.action.a
	e := fr.Elem()
	var given, all []string
	args := map[string]any{}
	for i, p := range a.Params {
		f := e.Field(p.Field.Index)
		all = append(all, p.Name+"="+quoteArg(f.Interface()))
		if i < len(d.args) && d.args[i].IsValid() {
			given = append(given, spokenArg(p.Name, f.Interface()))
		}
		args[p.Name] = r.argValue(f) // counted: the verbose line and the JSON hold them all
	}
	if len(args) == 0 {
		args = nil
	}
	name := nameAt(cp)
	ev := &Event{Kind: KAct, Who: name, Name: a.Name, Args: args, Text: name + " acts: " + spokenCall(a.Name, given)}
	ev.verbose = name + " acts: " + callForm(a.Name, all)
	r.emitLog(ev)
}

// actionArgs sets an action's parameters in its frame: the declared
// arguments first, then the defaults of the rest, in parameter order.
// The frame fr is at base; each parameter is stored at its place in the
// frame (actionPlan.params) without reflect when the argument has the
// parameter's own type.
func (r *Run) actionArgs(fr reflect.Value, base addr, d *declared) error {
	ap := d.action
	for i, s := range ap.params {
		if i < len(d.args) && d.args[i].IsValid() {
			if v := d.args[i]; !s.ok || v.Type() != s.t || !setAt(fieldAt(base, s.off), v) {
				fr.Elem().Field(ap.a.Params[i].Field.Index).Set(v)
			}
		}
	}
	for i, p := range ap.a.Params {
		if i < len(d.args) && d.args[i].IsValid() || p.Default == nil {
			continue
		}
		r.reason = p.Name
		dst := ap.params[i]
		var at addr
		if dst.ok {
			at = fieldAt(base, dst.off)
		} else {
			at = addrOfVar(fr.Elem().Field(p.Field.Index))
		}
		if err := ap.defaults[i](r, base, at); err != nil {
			return err
		}
	}
	return nil
}
