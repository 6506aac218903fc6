package interp

// Rosters: the living members of each side and the living enemies of
// each side, kept by the engine as combatants fall, arrive or change
// sides, so that choosing a target (first(living(enemies(self))),
// pick(...), find over it) does not walk every combatant of the fight:
// the quadratic term of every procedure that picks a foe per attack.
//
// A roster is made the first time it is asked for, from the run's list
// of combatants, in that list's order (the order of their hidden index).
// Afterwards every assignment that may change who is alive, present or
// on which side tells the run: an assignment to one of those three
// attributes of a combatant the plan can name (the common `target.alive
// = false`) updates each roster in place, by a binary search on the
// index (rosterChanged); any other (a target found only while running)
// drops them all (forgetRosters), and they are made again when next
// asked for.

// roster is one kept list: the combatants in the fight that are members
// of side (members) or not (enemies), in the run's order.
type roster struct {
	side    addr
	members bool
	all     bool // every combatant in the fight, whatever its side (side unused)
	p       []addr
}

// The kept rosters of the fight are Run.rosters[:rosterLive], made as
// they are asked for; the entries after them are storage, whose lists
// the next rosters made reuse. Forgetting them all (forgetRosters) is
// setting rosterLive to 0, so that neither rosterOf nor a fall
// (rosterChanged) looks at an entry that is not kept.

// rosterOf is the kept list of everyone in the fight (all), or of the
// living members of side (members) or of its living enemies.
func (r *Run) rosterOf(side addr, members, all bool) []addr {
	kept := r.rosters[:r.rosterLive]
	// The entry asked for last first: the members of one side act in a
	// row, each asking for the same enemies.
	if i := r.rosterLast; i < len(kept) {
		if e := &kept[i]; e.all == all && (all || same(e.side, side) && e.members == members) {
			return e.p[:len(e.p):len(e.p)]
		}
	}
	for i := range kept {
		if e := &kept[i]; e.all == all && (all || same(e.side, side) && e.members == members) {
			r.rosterLast = i
			return e.p[:len(e.p):len(e.p)]
		}
	}
	if r.rosterLive == len(r.rosters) {
		r.rosters = append(r.rosters, roster{})
	}
	i := r.rosterLive
	r.rosterLive++
	e := &r.rosters[i]
	e.side, e.members, e.all = side, members, all
	e.p = r.appendRoster(e.p[:0], side, members, all)
	r.rosterLast = i
	return e.p[:len(e.p):len(e.p)]
}

// appendRoster appends to list the combatants in the fight: all of
// them, or those that are (or, for enemies, are not) members of side.
func (r *Run) appendRoster(list []addr, side addr, members, all bool) []addr {
	sideAt := r.plan.lay.side
	for _, c := range r.combP() {
		if (all || same(load[addr](c, sideAt), side) == members) && r.inFightP(c) {
			list = append(list, c)
		}
	}
	return list
}

// livingAllP is living(combatants): every combatant in the fight, kept.
func (r *Run) livingAllP() []addr { return r.rosterOf(addr{}, false, true) }

// livingEnemiesP is living(enemies(x)): the kept roster of x's side's
// enemies. The list is only read.
func (r *Run) livingEnemiesP(x addr) []addr {
	return r.rosterOf(load[addr](x, r.plan.lay.side), false, false)
}

// livingMembersP is living(members(side)), kept.
func (r *Run) livingMembersP(side addr) []addr {
	return r.rosterOf(side, true, false)
}

// rosterChanged keeps the rosters true after c's alive, present or side
// changed: c goes into each roster it now belongs in and out of each it
// no longer does. It reports whether c's side may have started or
// stopped standing (rosterStands: alive, present or state, which leave
// the side as it was): false only when c joined or left the kept roster
// of its side's living members and another member is in it.
func (r *Run) rosterChanged(c addr) bool {
	r.pruneEngaged()
	in := r.inFightP(c)
	side := load[addr](c, r.plan.lay.side)
	idx := load[int](c, r.plan.lay.idx)
	idxAt := r.plan.lay.idx
	rest := -1 // the other living members of c's side, if a kept roster says
	for i := range r.rosters[:r.rosterLive] {
		e := &r.rosters[i]
		should := in && (e.all || same(side, e.side) == e.members)
		at := rosterPlace(e.p, idxAt, idx)
		has := at < len(e.p) && same(e.p[at], c)
		switch {
		case should && !has:
			e.p = append(e.p, addr{})
			copy(e.p[at+1:], e.p[at:])
			e.p[at] = c
			if e.members { // c joins its side's members
				rest = len(e.p) - 1
			}
		case !should && has:
			e.p = removeAddr(e.p, at)
			if e.members { // c leaves its side's members
				rest = len(e.p)
			}
		}
	}
	return rest <= 0
}

// forgetRosters drops every roster, keeping their storage: a new fight,
// or a change the plan cannot follow.
func (r *Run) forgetRosters() {
	r.rosterLive = 0
	r.rosterGen++ // the map's index follows them (space.go)
	r.pruneEngaged()
}

// rosterAfter keeps the rosters true after an assignment with the given
// effect (Plan.rosterEffect) stored into the struct at holder.
func (r *Run) rosterAfter(effect int, holder addr) {
	switch effect {
	case rosterUpdate:
		r.rosterChanged(holder)
		r.spaceMoved(holder)
	case rosterStands:
		if r.rosterChanged(holder) {
			r.world++ // the end condition's kept answer may no longer hold
		}
		r.spaceMoved(holder)
	case rosterMoved:
		r.spaceMoved(holder)
	default:
		r.forgetRosters()
	}
}

// rosterPlace is where a combatant of hidden index idx is or would go in
// a roster, kept in that order: a binary search (sort.Search, written
// out, since a roster changes at every fall).
func rosterPlace(p []addr, idxAt uintptr, idx int) int {
	lo, hi := 0, len(p)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if load[int](p[mid], idxAt) < idx {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// removeAddr is append(p[:at], p[at+1:]...): shifted by hand for a short
// tail, for which copy's call (typedslicecopy, for the pointers) costs
// more than the few moves.
func removeAddr(p []addr, at int) []addr {
	if len(p)-at > shortList {
		return append(p[:at], p[at+1:]...)
	}
	for j := at + 1; j < len(p); j++ {
		p[j-1] = p[j]
	}
	return p[:len(p)-1]
}
