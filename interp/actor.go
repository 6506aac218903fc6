package interp

// The actor: the combatant or side that rolls and emits are attributed
// to (Run.who), kept as a stack of names (Run.actors) that a loop's
// item, an action's performer and an event's first combatant push while
// their bodies run. Only the log, the event counts of a simulation and a
// dice source that describes the die it needs (fixed dice, replays) read
// it; in a run with none of them (Run.anonymous: quiet, of seeded dice,
// counting no events, as the benchmarks' fights) the pushes an action costs are skipped: its loop's item,
// its performer, its event's handler, and the items of every loop. The
// rarer pushes (set-up, referee blocks, scheduled blocks, reactions)
// are kept; nothing reads them either, and each pops what it pushed.

// nameActor makes the combatant or side at a the actor, unless the run
// is anonymous or a is nobody; it says whether it pushed a name, which
// the caller pops when the body is done.
func (r *Run) nameActor(a addr) bool {
	if r.anonymous || a.isNil() {
		return false
	}
	r.actors = append(r.actors, nameAt(a)) // the name leads every combatant and side
	return true
}
