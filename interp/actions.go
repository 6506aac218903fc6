package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

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

type scheduleNode struct {
	at         diag.Range
	label      string
	who, after *check.CExpr
	body       block
	// On a timed loop's clock (timed.go): "at M" instead of after, and
	// the block's place among its moment's items.
	moment *check.CExpr
	tie    tie
}

// schedule "LABEL" for WHO after N { BODY }: the body runs N segments
// from now, with the locals it sees now.
func (p *Plan) compileSchedule(n *scheduleNode) stmtFn {
	pt := p.curPtr()
	if p.M.Timed || n.moment != nil || n.tie != tieFirst {
		// A timed loop may be running when it runs (timed.go), or the
		// statement needs one; a ruleset without timed loops plans
		// "schedule ... after N" as before.
		return func(r *Run, base addr) (flow, error) { return n.runTimed(r, ptrValue(pt, base)) }
	}
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

// owner is the combatant a schedule statement schedules for.
func (n *scheduleNode) owner(r *Run, fr reflect.Value) (reflect.Value, error) {
	r.actionsChanged()
	r.reason = n.label
	v, err := r.eval(n.who, fr)
	if err != nil {
		return reflect.Value{}, err
	}
	c := reflect.ValueOf(v)
	if !c.IsValid() || c.IsNil() {
		return reflect.Value{}, &RunError{At: n.at, Msg: "schedule needs a combatant, found nobody"}
	}
	return c, nil
}

func (n *scheduleNode) run(r *Run, fr reflect.Value) (flow, error) {
	c, err := n.owner(r, fr)
	if err != nil {
		return flowNext, err
	}
	av, err := r.eval(n.after, fr)
	if err != nil {
		return flowNext, err
	}
	after, msg := wholeOf(av, "the delay (after N)")
	if msg != "" {
		return flowNext, &RunError{At: n.at, Msg: msg}
	}
	if after < 0 {
		return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("cannot schedule %d segments in the past", -after)}
	}
	// The block runs later with the locals it sees now.
	snap := reflect.New(fr.Elem().Type())
	snap.Elem().Set(fr.Elem())
	due, ok := laterMoment(r.tick(), after)
	if !ok {
		return flowNext, momentOverflow(n.at, n.label, after, "segment")
	}
	r.scheduled = append(r.scheduled, &scheduled{owner: idxOf(c), label: n.label, due: due, body: n.body, frame: snap, actor: nameOf(c), serial: r.seq, at: n.at})
	if r.quiet() {
		return flowNext, nil
	}
	dr, ds := r.untick(due)
	r.emitLog(&Event{Kind: KSchedule, Who: nameOf(c), Name: n.label, Args: map[string]any{"due_round": dr, "due_segment": ds},
		Text: fmt.Sprintf("%s is due in %s", scheduledName(nameOf(c), n.label), r.when(dr, ds))})
	return flowNext, nil
}

func (r *Run) when(round, seg int) string {
	switch {
	case round == r.round && seg > 0:
		return fmt.Sprintf("segment %d", seg)
	case seg > 0:
		return fmt.Sprintf("round %d, segment %d", round, seg)
	}
	return fmt.Sprintf("round %d", round)
}

// tick is where the round's clock stands: the segment running, or
// between segments the last one passed (passed). Before the first round
// of a ruleset that runs no segment there, it stands where round 1
// begins, so that "after 2" from a once phase is round 1's segment 2
// (dsl/check/check_segments.go).
func (r *Run) tick() int {
	if r.round == 0 && !r.m.SegmentsBeforeRound1 {
		return r.m.Segments
	}
	if r.segment > 0 {
		return r.round*r.m.Segments + r.segment
	}
	return r.round*r.m.Segments + r.passed
}

// untick names the round and segment in which a block due at tick t of
// the round's clock comes due, and a tick r*segments+s is segment s (s =
// segments: the last of round r-1). A block due at a tick the clock has
// reached comes due at the next segment that fires what is due: the one
// running; between segments the next one (a round phase before the
// segment phases runs before segment 1), but after the round's last
// segment the round's end, which fires what is due as its last segment.
// In a ruleset without segments that is said as its round alone: after
// 1 from a round phase comes due at this round's end, not in the next
// round, which is what the line once said.
func (r *Run) untick(t int) (int, int) {
	n := max(r.m.Segments, 1)
	lo := r.tick()
	if r.segment == 0 && r.passed < r.m.Segments {
		lo++
	}
	t = max(t, lo)
	round, seg := t/n, t%n
	if seg == 0 {
		round, seg = round-1, n
	}
	if r.m.Segments <= 1 {
		return round, 0
	}
	return round, seg
}

type cancelNode struct {
	at    diag.Range
	label string
	who   *check.CExpr
}

// cancel "LABEL" for WHO: what is scheduled under that label is dropped.
func (p *Plan) compileCancel(n *cancelNode) stmtFn {
	pt := p.curPtr()
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

func (n *cancelNode) run(r *Run, fr reflect.Value) (flow, error) {
	r.actionsChanged()
	r.reason = n.label
	v, err := r.eval(n.who, fr)
	if err != nil {
		return flowNext, err
	}
	c := reflect.ValueOf(v)
	if !c.IsValid() || c.IsNil() {
		return flowNext, nil
	}
	owner := idxOf(c)
	kept := r.scheduled[:0]
	dropped := 0
	r.walked(len(r.scheduled))
	for _, s := range r.scheduled {
		if s.owner == owner && s.label == n.label {
			dropped++
			continue
		}
		kept = append(kept, s)
	}
	r.scheduled = kept
	if dropped > 0 && !r.quiet() {
		r.emitLog(&Event{Kind: KCancel, Who: nameOf(c), Name: n.label, Text: scheduledName(nameOf(c), n.label) + " is cancelled"})
	}
	return flowNext, nil
}

// fireDue runs what is scheduled on the round's clock up to now,
// earliest first. What a timed loop's clock holds is its own (fireAt):
// its moments are counts or segments, not ticks of the round, so a
// segment block inside a count loop must not run a block due at count 6
// because the round's segment 3 is tick 6.
func (r *Run) fireDue() error {
	now := r.tick()
	for {
		var next *scheduled
		at := -1
		r.walked(len(r.scheduled))
		for i, s := range r.scheduled {
			if s.clock == nil && s.due <= now && (next == nil || s.due < next.due) {
				next, at = s, i
			}
		}
		if next == nil {
			return nil
		}
		r.scheduled = append(r.scheduled[:at], r.scheduled[at+1:]...)
		if err := r.fire(next); err != nil {
			return err
		}
	}
}

// fire runs a scheduled block that has come due (and was taken off the
// list): on the round's clock, or on a timed loop's (timed.go).
func (r *Run) fire(next *scheduled) error {
	r.actionsChanged()
	if err := r.Work(1); err != nil {
		return &RunError{At: next.at, Msg: err.Error()}
	}
	if !r.quiet() {
		r.emitLog(&Event{Kind: KFire, Who: next.actor, Name: next.label, Text: scheduledName(next.actor, next.label) + " comes due"})
	}
	fr := next.frame
	fr.Elem().Field(check.GRound).SetInt(int64(r.round))
	fr.Elem().Field(check.GSegment).SetInt(int64(r.segment))
	r.actors = append(r.actors, next.actor)
	_, err := r.runBlock(&next.body, addrOf(fr))
	r.actors = r.actors[:len(r.actors)-1]
	return err
}

type applyNode struct {
	at     diag.Range
	table  *check.Table
	keys   []*check.CExpr // none: roll the table's dice
	target *check.CExpr
	why    string             // "apply TABLE", the reason of its rolls
	fids   map[*check.Row]int // the frame of each row's effect
}

// apply TABLE[(KEYS)] to TARGET rolls the table (or looks its keys up),
// logs the row and runs the row's effect against the target.
func (p *Plan) compileApply(n *applyNode) stmtFn {
	pt := p.curPtr()
	n.why = "apply " + n.table.Name
	n.fids = map[*check.Row]int{}
	for _, row := range n.table.Rows {
		if row.Effect != nil {
			n.fids[row] = p.frameID(row.EffectFrame)
		}
	}
	return func(r *Run, base addr) (flow, error) { return n.run(r, ptrValue(pt, base)) }
}

func (n *applyNode) run(r *Run, fr reflect.Value) (flow, error) {
	r.reason = n.why
	v, err := r.eval(n.target, fr)
	if err != nil {
		return flowNext, err
	}
	c := reflect.ValueOf(v)
	if !c.IsValid() || c.IsNil() {
		return flowNext, &RunError{At: n.at, Msg: "apply needs a combatant, found nobody"}
	}
	var keys []any
	for _, k := range n.keys {
		r.reason = n.why
		kv, err := r.eval(k, fr)
		if err != nil {
			return flowNext, err
		}
		keys = append(keys, kv)
	}
	_, row, err := r.tableRow(n.table, keys, len(n.keys) == 0, nameOf(c))
	if err != nil {
		if _, ok := err.(*RunError); ok {
			return flowNext, err
		}
		return flowNext, &RunError{At: n.at, Msg: err.Error()}
	}
	if row == nil || row.Effect == nil {
		return flowNext, nil
	}
	// An effect may apply a table in turn (its own, even): the depth is
	// bounded like that of events and actions.
	if r.nesting >= r.opt.MaxNesting {
		return flowNext, &RunError{At: n.at, Msg: r.tooDeep("tables, actions and events are nested more than %d deep: an effect that applies, in the end, its own table?")}
	}
	// The effect's frame comes from its pool (its locals zeroed) and
	// goes back when the effect is done.
	fid := n.fids[row]
	ef, eb := r.frameAtP(fid)
	setField(ef, row.Target.Index, c)
	b := r.plan.effects[row]
	r.nesting++
	_, err = r.runBlock(&b, eb)
	r.nesting--
	if err == nil {
		r.releaseAtP(fid, ef, eb)
	}
	return flowNext, err
}
