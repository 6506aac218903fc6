package interp

import (
	"fmt"
	"math"
	"reflect"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Time within a round (language v2, item 4): the timed loop
//
//	for c in LIST at count|segment KEY [desc] [by KEYS] [simultaneous] { BODY }
//
// runs its items moment by moment on a clock of its own. Each item's
// moment is KEY, read with the item in c; a count clock takes any whole
// number (negative too), a segment clock the round's segments 1 to
// `segments` (and sets `segment` while it runs, so the log heads each
// moment "segment N"; a count clock logs "count N" as each moment
// begins). Items of one moment run in the order of the by keys, and,
// with simultaneous, those tied on every key act together as in an
// ordered loop.
//
// While the loop runs, a schedule statement — in its body, or in an
// action, handler or procedure the body runs — is on the loop's clock:
// "after N" is N moments after the one running, "at M" is moment M. A
// block due at a moment runs at it, placed by its tie word:
//
//   - first (the default): before the moment's items;
//   - together: inside the moment's first group of items, before them,
//     its emits held with theirs until the group ends (a simultaneous
//     loop only, F702);
//   - last: after the moment's items.
//
// A block scheduled for the moment that is running, once its place has
// passed, runs last. Blocks of one moment and place run in the order they
// were scheduled. Moments with nothing on them are skipped; the loop
// runs until neither an item nor a block is left, so a block due after
// the last item still runs, in its moment. On a segment clock, what is
// due after the round's last segment is handed to the round's clock and
// comes due in the next round like any schedule "after N" (and a segment
// clock takes what the round's clock has due in its round); on a count
// clock every block runs before the loop ends. A loop left early (the
// fight ends, or a return leaves it) drops what is still due on its
// clock. Each moment and each block counts toward --max-steps, so a
// block that keeps scheduling itself stops at that limit.
//
// A ruleset without a timed loop plans its schedule statements as
// before (Plan.compileSchedule): nothing here costs it anything.

// tie is a block's place among the items of its moment.
type tie int

const (
	tieFirst tie = iota
	tieTogether
	tieLast
	tieAny // fireAt: every place
)

// timeline is the clock of one running timed loop.
type timeline struct {
	segments     bool // the round's segments; else counts
	dir          int  // 1 counting up, -1 counting down (desc)
	now          int  // the moment running, as a tick: dir*moment
	simultaneous bool
}

func (tl *timeline) unit() string {
	if tl.segments {
		return "segment"
	}
	return "count"
}

type timedNode struct {
	f        *forNode // keys[0] is the clock
	segments bool
	dir      int
	at       diag.Range // the clock
}

func (n *timedNode) unit() string {
	if n.segments {
		return "segment"
	}
	return "count"
}

// timedLoop plans a timed loop as an ordered loop whose first key is
// its clock.
func (p *Plan) timedLoop(f *syntax.ForStmt, at diag.Range, field int) stmtFn {
	n := &timedNode{segments: f.Clock.Unit.Text == "segment", dir: 1, at: syntax.RangeOf(f.Clock.Pos, f.Clock.EndPos)}
	if f.Clock.Dir == "desc" {
		n.dir = -1
	}
	n.f = &forNode{at: at, list: p.expr(&f.List.Expr), simultaneous: f.Simultaneous, body: p.block(f.Body), slot: p.slotOf(field, nil)}
	n.f.keys = append(n.f.keys, orderKey{label: f.Clock.Unit.Text, e: p.expr(f.Clock.Key), desc: n.dir < 0})
	if n.f.pair = p.pairPlan(p.M.OrderUses[f]); n.f.pair == nil { // timed_pair.go: "by melee" within a moment
		n.f.keys = p.orderKeys(n.f.keys, f.Keys)
	}
	p.planLoop(n.f)
	return loopStmt(n.run)
}

func (n *timedNode) run(r *Run, base addr, buf *loopBuf) (flow, error) {
	if n.segments && r.segment != 0 {
		return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("a timed loop on the round's segments cannot run inside segment %d: run it in a phase that runs each round", r.segment)}
	}
	items, err := n.f.order(r, base, buf)
	if err != nil {
		return flowNext, err
	}
	for i := range items {
		m, ok := toInt(items[i].keys[0].value())
		if !ok {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("the %s of %s is %s, not a whole number", n.unit(), show(items[i].v), show(items[i].keys[0].value()))}
		}
		if n.segments && (m < 1 || m > r.m.Segments) {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("%s would act in segment %d, but a round has segments 1 to %d", show(items[i].v), m, r.m.Segments)}
		}
	}
	if n.f.pair != nil {
		buf.groups = pairGroups(buf.groups[:0], items, buf.decided, n.f.simultaneous)
		if len(items) > 0 && !r.quiet() {
			r.logTimedPairOrder(n.f, items, buf.groups, buf.decided) // timed_pair.go
		}
	} else {
		buf.groups = n.f.group(buf.groups[:0], items)
		if len(items) > 0 && !r.quiet() {
			r.logOrder(n.f, items, buf.groups)
		}
	}
	tl := &timeline{segments: n.segments, dir: n.dir, simultaneous: n.f.simultaneous}
	if n.segments {
		r.adopt(tl)
	}
	r.timelines = append(r.timelines, tl)
	segment := r.segment
	f, done, err := n.loop(r, base, buf, tl)
	r.timelines = r.timelines[:len(r.timelines)-1]
	r.segment = segment
	if n.segments && done && err == nil {
		r.passed = r.m.Segments // the round's segments have all passed
	}
	r.settle(tl, done && err == nil)
	return f, err
}

// loop runs the moments in order; done reports that it ran to its end.
func (n *timedNode) loop(r *Run, base addr, buf *loopBuf, tl *timeline) (flow, bool, error) {
	groups := buf.groups
	gi := 0
	watch := r.watchEnd(2)
	for {
		now, ok := n.next(r, tl, groups, gi)
		if !ok || n.segments && now > r.m.Segments {
			return flowNext, true, nil
		}
		if err := r.Work(1); err != nil {
			return flowNext, false, &RunError{At: n.at, Msg: err.Error()}
		}
		tl.now = now
		if n.segments {
			r.segment = now
		} else if !r.quiet() {
			r.emitLog(&Event{Kind: KMoment, Name: "count", Args: map[string]any{"count": now * tl.dir}, Text: fmt.Sprintf("count %d", now*tl.dir)})
		}
		if err := r.fireAt(tl, now, tieFirst); err != nil {
			return flowNext, false, err
		}
		// The moment's groups of items, in order; the first also runs the
		// blocks due together at it, or, when the moment has no items,
		// a group of its own does.
		first := true
		for first || gi < len(groups) && n.tick(groups[gi]) == now {
			var g []orderItem
			if gi < len(groups) && n.tick(groups[gi]) == now {
				g = groups[gi]
				gi++
			} else if !tl.simultaneous || !r.dueAt(tl, now, tieTogether) {
				break // no items at this moment, and nothing together
			}
			f, err := n.moment(r, base, g, &buf.queue, tl, first)
			first = false
			if err != nil || f == flowReturn {
				return f, false, err
			}
			if stop, err := r.stopLoop(watch); err != nil || stop {
				return flowNext, false, err
			}
		}
		if err := r.fireAt(tl, now, tieAny); err != nil {
			return flowNext, false, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, false, err
		}
	}
}

// tick is the moment of a group of items, as a tick of its clock.
func (n *timedNode) tick(g []orderItem) int {
	m, _ := toInt(g[0].keys[0].value())
	return m * n.dir
}

// next is the earliest tick with an item or a block still to run.
func (n *timedNode) next(r *Run, tl *timeline, groups [][]orderItem, gi int) (int, bool) {
	t, ok := 0, false
	if gi < len(groups) {
		t, ok = n.tick(groups[gi]), true
	}
	r.walked(len(r.scheduled))
	for _, s := range r.scheduled {
		if s.clock == tl && (!ok || s.due < t) {
			t, ok = s.due, true
		}
	}
	return t, ok
}

// moment runs one group of a moment's items (g may be empty), with the
// blocks due together at it when it is the moment's first group: their
// emits and the items' are held until the group ends.
func (n *timedNode) moment(r *Run, base addr, g []orderItem, q *[]pendingEmit, tl *timeline, first bool) (flow, error) {
	together := first && tl.simultaneous && r.dueAt(tl, tl.now, tieTogether)
	held := r.openGroup(n.f.simultaneous && (len(g) > 1 || together), q)
	if together {
		if err := r.fireAt(tl, tl.now, tieTogether); err != nil {
			r.deferred = nil
			return flowNext, err
		}
	}
	// As forNode.runGroup, whose items this is.
	for i := range g {
		it := &g[i]
		if err := n.f.set(r, base, it); err != nil {
			r.deferred = nil
			return flowNext, err
		}
		var pushed bool
		if it.fit {
			pushed = r.nameActor(it.a)
		} else {
			pushed = !r.anonymous && r.pushActor(it.v)
		}
		f, err := r.runBlock(&n.f.body, base)
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if f, stop, err := r.afterItem(held, q, f, err); stop {
			return f, err
		}
	}
	return r.closeGroup(held, q, flowNext)
}

// dueAt reports whether a block of the place is due on the clock by the tick.
func (r *Run) dueAt(tl *timeline, now int, place tie) bool {
	r.walked(len(r.scheduled))
	for _, s := range r.scheduled {
		if s.clock == tl && s.due <= now && (place == tieAny || s.tie == place) {
			return true
		}
	}
	return false
}

// fireAt runs the blocks of the place due on the clock by the tick, in
// the order they were scheduled, and those they schedule for it in turn.
func (r *Run) fireAt(tl *timeline, now int, place tie) error {
	for {
		at := -1
		r.walked(len(r.scheduled))
		for i, s := range r.scheduled {
			if s.clock == tl && s.due <= now && (place == tieAny || s.tie == place) {
				at = i
				break
			}
		}
		if at < 0 {
			return nil
		}
		next := r.scheduled[at]
		r.scheduled = append(r.scheduled[:at], r.scheduled[at+1:]...)
		if err := r.fire(next); err != nil { // schedule.go
			return err
		}
	}
}

// adopt puts on a segment clock what the round's clock has due in this
// round (a spell carried over from the last one), so that it comes due
// in its segment among the loop's items.
func (r *Run) adopt(tl *timeline) {
	start := r.round * r.m.Segments
	for _, s := range r.scheduled {
		if s.clock == nil && s.due <= start+r.m.Segments {
			s.clock, s.due = tl, max(s.due-start, 1)
		}
	}
}

// settle deals with what is still due on a timed loop's clock when it
// ends: on a segment clock that ran to its end, what is due after the
// round's last segment passes to the round's clock; otherwise (a loop
// left early) it is dropped.
func (r *Run) settle(tl *timeline, carry bool) {
	kept := r.scheduled[:0]
	for _, s := range r.scheduled {
		if s.clock == tl {
			if !carry || !tl.segments {
				continue
			}
			s.clock, s.due = nil, r.round*r.m.Segments+s.due
		}
		kept = append(kept, s)
	}
	clear(r.scheduled[len(kept):])
	r.scheduled = kept
}

// scheduleNode plans a schedule statement (schedule.go runs it).
func (p *Plan) scheduleNode(s *syntax.ScheduleStmt, at diag.Range) *scheduleNode {
	n := &scheduleNode{at: at, label: string(s.Label), who: p.expr(&s.Who.Expr), after: p.expr(s.After), moment: p.expr(s.At), body: p.block(s.Body)}
	if s.Tie != nil {
		switch s.Tie.Word.Text {
		case "together":
			n.tie = tieTogether
		case "last":
			n.tie = tieLast
		}
	}
	return n
}

// runTimed runs a schedule statement of a ruleset with timed loops: on
// the clock of the innermost one running, or else as before.
func (n *scheduleNode) runTimed(r *Run, fr reflect.Value) (flow, error) {
	if len(r.timelines) == 0 {
		if n.moment != nil {
			return flowNext, &RunError{At: n.at, Msg: "schedule at a moment needs a timed loop running (for c in LIST at count|segment KEY { ... }), and none is"}
		}
		if n.tie != tieFirst {
			return flowNext, &RunError{At: n.at, Msg: "a tie word (first, last, together) needs a timed loop running, and none is"}
		}
		return n.run(r, fr)
	}
	tl := r.timelines[len(r.timelines)-1]
	if n.tie == tieTogether && !tl.simultaneous {
		return flowNext, &RunError{At: n.at, Msg: "schedule together needs a simultaneous timed loop, and the one running is not"}
	}
	c, err := n.owner(r, fr)
	if err != nil {
		return flowNext, err
	}
	var due int
	if n.moment != nil {
		m, err := r.evalWhole(n.moment, fr, "the moment (at M)", n.at)
		if err != nil {
			return flowNext, err
		}
		if m == math.MinInt {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("cannot schedule %q at %s %d: past the first %s fray can count", n.label, tl.unit(), m, tl.unit())}
		}
		due = m * tl.dir
	} else {
		after, err := r.evalWhole(n.after, fr, "the delay (after N)", n.at)
		if err != nil {
			return flowNext, err
		}
		var ok bool
		if due, ok = laterMoment(tl.now, after); !ok {
			return flowNext, momentOverflow(n.at, n.label, after, tl.unit())
		}
	}
	if tl.segments && due > math.MaxInt/2 {
		// Handed to the round's clock as round*segments+due (untick).
		return flowNext, momentOverflow(n.at, n.label, due-tl.now, tl.unit())
	}
	if due < tl.now {
		return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("cannot schedule %q at %s %d: the timed loop is already at %s %d", n.label, tl.unit(), due*tl.dir, tl.unit(), tl.now*tl.dir)}
	}
	snap := reflect.New(fr.Elem().Type())
	snap.Elem().Set(fr.Elem())
	r.scheduled = append(r.scheduled, &scheduled{owner: idxOf(c), label: n.label, due: due, body: n.body, frame: snap, actor: nameOf(c), serial: r.seq, at: n.at, clock: tl, tie: n.tie})
	if r.quiet() {
		return flowNext, nil
	}
	e := &Event{Kind: KSchedule, Who: nameOf(c), Name: n.label}
	if tl.segments {
		dr, ds := r.untick(r.round*r.m.Segments + due)
		e.Args = map[string]any{"due_round": dr, "due_segment": ds}
		e.Text = fmt.Sprintf("%s is due in %s", scheduledName(nameOf(c), n.label), r.when(dr, ds))
	} else {
		e.Args = map[string]any{"due_round": r.round, "due_count": due * tl.dir}
		e.Text = fmt.Sprintf("%s is due at count %d", scheduledName(nameOf(c), n.label), due*tl.dir)
	}
	if n.tie != tieFirst {
		e.Args["tie"] = [...]string{"first", "together", "last"}[n.tie]
		// Said for the table: who goes with it, or before it.
		with := map[tie]string{tieTogether: "together with the others", tieLast: "after the others"}[n.tie]
		e.Text += fmt.Sprintf(", %s at that %s", with, tl.unit())
	}
	r.emitLog(e)
	return flowNext, nil
}
