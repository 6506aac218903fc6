package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Scheduled blocks: schedule "LABEL" for WHO after N { BODY } keeps the
// body, with a copy of the locals it sees now, until the round's clock
// reaches the tick it is due at; cancel drops what a combatant has
// scheduled under a label; fireDue and fire run a block when it comes
// due. The round's clock counts ticks, round*segments + segment (tick,
// untick); a block scheduled on a timed loop's clock is timed.go's.

type scheduled struct {
	owner  int
	label  string
	due    int // tick: round*segments + segment
	body   block
	frame  reflect.Value
	actor  string
	serial int
	at     diag.Range // the schedule statement
	clock  *timeline  // the timed loop whose clock due is on (timed.go); nil: the round's
	tie    tie
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
	after, err := r.evalWhole(n.after, fr, "the delay (after N)", n.at)
	if err != nil {
		return flowNext, err
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
