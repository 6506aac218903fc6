package interp

import (
	"fmt"
	"strings"
)

// KPending is the line before the end of a fight that says what was
// still pending when it ended: blocks scheduled that never came due
// (a spell still being cast), declarations held and never used, and the
// conditions the combatants still in the fight are under. A fight that
// ends with nothing pending has no such line.
const KPending = "pending"

// logPending logs what is still pending. A quiet run only takes the
// line's sequence number, when there would be one (once a fight).
func (r *Run) logPending() {
	if r.opt.Sink == nil {
		if r.anyPending() {
			r.seq++
		}
		return
	}
	scheduled, held, conds := []any{}, []any{}, []any{}
	var text []string
	for _, s := range r.scheduled {
		item := map[string]any{"who": s.actor, "name": s.label}
		part := scheduledName(s.actor, s.label)
		if s.clock == nil { // on the round's clock; a timed loop's count ended with its loop
			dr, ds := r.untick(s.due)
			item["due_round"] = dr
			if ds > 0 {
				item["due_segment"] = ds
				part += fmt.Sprintf(" (due in round %d, segment %d)", dr, ds)
			} else {
				part += fmt.Sprintf(" (due in round %d)", dr)
			}
		}
		scheduled = append(scheduled, item)
		text = append(text, part)
	}
	for i, c := range r.comb {
		if i >= len(r.declared) {
			break
		}
		for d := r.declared[i]; d != nil; d = d.next {
			if d.held && !d.done {
				held = append(held, map[string]any{"who": nameOf(c), "name": d.action.a.Name})
				text = append(text, nameOf(c)+"'s held "+readable(d.action.a.Name))
			}
		}
	}
	for _, c := range r.comb {
		cp := addrOf(c)
		if !r.inFightP(cp) {
			continue
		}
		i := load[int](cp, r.plan.lay.idx)
		if i >= len(r.conds) {
			continue
		}
		for _, on := range r.conds[i] {
			conds = append(conds, map[string]any{"who": nameOf(c), "name": on.k.Name, "rounds": on.left})
			part := nameOf(c) + " " + readable(on.k.Name)
			switch {
			case on.left == 1:
				part += " (1 round left)"
			case on.left > 1:
				part += fmt.Sprintf(" (%d rounds left)", on.left)
			default:
				part += " (until removed)"
			}
			text = append(text, part)
		}
	}
	if len(text) == 0 {
		return
	}
	seg, phase := r.segment, r.phase
	r.segment, r.phase = 0, ""
	r.emitLog(&Event{Kind: KPending, Args: map[string]any{"scheduled": scheduled, "held": held, "conditions": conds},
		Text: "still pending: " + strings.Join(text, "; ")})
	r.segment, r.phase = seg, phase
}

// anyPending reports whether logPending would log a line.
func (r *Run) anyPending() bool {
	if len(r.scheduled) > 0 {
		return true
	}
	for i := range r.comb {
		if i >= len(r.declared) {
			break
		}
		for d := r.declared[i]; d != nil; d = d.next {
			if d.held && !d.done {
				return true
			}
		}
	}
	for _, c := range r.comb {
		cp := addrOf(c)
		if i := load[int](cp, r.plan.lay.idx); i < len(r.conds) && len(r.conds[i]) > 0 && r.inFightP(cp) {
			return true
		}
	}
	return false
}
