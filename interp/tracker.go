package interp

import (
	"strconv"
	"strings"
)

// KTracker is the line after each round that shows, side by side,
// everyone still in the fight with the attributes the ruleset's header
// names (`tracker hp`) and the conditions they are under:
//
//	party: brom 8 hp, halvaine 3 hp (stunned) · orcs: grishak 2 hp
//
// A ruleset without a tracker has no such line. A quiet run takes only
// the line's sequence number, as a logged one takes the line.
const KTracker = "tracker"

// logTracker logs the tracker line, if the ruleset has one.
func (r *Run) logTracker() {
	attrs := r.m.Tracker
	if len(attrs) == 0 || r.quiet() {
		return
	}
	var sides []any
	var text []string
	// The line belongs to the round, not to its last segment or phase.
	seg, phase := r.segment, r.phase
	r.segment, r.phase = 0, ""
	defer func() { r.segment, r.phase = seg, phase }()
	// held is what the line and its JSON values hold so far, as log
	// bytes (a value a map entry of some 16 bytes at least): with
	// thousands of tracked attributes and combatants one line could
	// pass --max-log many times over before it is logged, so it stops
	// there, and the run with it.
	held := 0
	for _, s := range r.sidesP() {
		side := nameAt(s)
		var people []any
		var parts []string
		for _, c := range r.comb {
			cp := addrOf(c)
			if nameAt(load[addr](cp, r.plan.lay.side)) != side || !r.inFightP(cp) {
				continue
			}
			if r.logBytes+held > r.opt.MaxLog {
				r.logBytes += held
				r.calm = -1 // the next check of the budget stops the run
				return
			}
			name := nameAt(cp)
			values := make(map[string]any, len(attrs))
			var part strings.Builder // not +=: thousands of attributes made it quadratic
			part.WriteString(name)
			for _, a := range attrs {
				v := c.Elem().Field(a.Field).Int()
				values[a.Name] = v
				part.WriteString(" " + strconv.FormatInt(v, 10) + " " + readable(a.Name))
			}
			conds := r.conditionNames(cp)
			if len(conds) > 0 {
				part.WriteString(" (" + strings.Join(conds, ", ") + ")")
			}
			held += part.Len() + 16*len(attrs)
			parts = append(parts, part.String())
			people = append(people, map[string]any{"name": name, "values": values, "conditions": conds})
		}
		if len(parts) == 0 {
			continue // a side with nobody left in the fight
		}
		text = append(text, side+": "+strings.Join(parts, ", "))
		sides = append(sides, map[string]any{"side": side, "combatants": people})
	}
	line := strings.Join(text, " · ")
	if len(text) == 0 {
		sides, line = []any{}, "nobody is still in the fight"
	}
	r.emitLog(&Event{Kind: KTracker, Args: map[string]any{"sides": sides}, Text: line})
}

// conditionNames are the conditions the combatant at cp is under, in
// the order the ruleset declares them (never nil, for the JSON log).
func (r *Run) conditionNames(cp addr) []string {
	out := []string{}
	i := load[int](cp, r.plan.lay.idx)
	if i < len(r.conds) {
		for _, on := range r.conds[i] {
			out = append(out, on.k.Name)
		}
	}
	return out
}
