package interp

// A combatant's conditions are kept in the order of their declaration
// (conditions.go), so that a condition declared before the ones it is
// under goes in front of them. Put in a slice that grows at its end,
// each such one moved every condition after it: 4 000 conditions put on
// in the reverse of their declared order moved 8 million, counted as
// 125 000 steps. The list now has room at both ends in a buffer of its
// own (Run.condBufs; Run.conds[i] is the part in use) and moves the
// fewer of the conditions before and after the place: nothing, in either
// order, and at most half the list for one put in its middle.

// condBuf is the buffer behind the list of combatant i, and where the
// list starts in it.
func (r *Run) condBuf(i int) ([]condOn, int) {
	for len(r.condBufs) <= i {
		r.condBufs = append(r.condBufs, nil)
	}
	buf := r.condBufs[i]
	return buf, cap(buf) - cap(r.conds[i])
}

// regrowConds moves the list of combatant i to a buffer twice its
// length, with as much room before it as after.
func (r *Run) regrowConds(i int) ([]condOn, int) {
	list := r.conds[i]
	size := max(8, 2*(len(list)+1))
	buf := make([]condOn, size)
	start := (size - len(list)) / 2
	copy(buf[start:], list)
	r.condBufs[i] = buf
	r.conds[i] = buf[start : start+len(list)]
	return buf, start
}

// insertCond puts on at place at of combatant i's list, and gives how
// many conditions it moved.
func (r *Run) insertCond(i, at int, on condOn) int {
	buf, start := r.condBuf(i)
	n := len(r.conds[i])
	if at < n-at {
		// Nearer the front: the ones before it move one place forward.
		if start == 0 {
			buf, start = r.regrowConds(i)
		}
		list := buf[start-1 : start+n]
		copy(list[:at], list[1:at+1])
		list[at] = on
		r.conds[i] = list
		return at
	}
	if start+n == cap(buf) {
		buf, start = r.regrowConds(i)
	}
	list := buf[start : start+n+1]
	copy(list[at+1:], list[at:n])
	list[at] = on
	r.conds[i] = list
	return n - at
}

// deleteCond takes the condition at place at out of combatant i's list,
// and gives how many conditions it moved.
func (r *Run) deleteCond(i, at int) int {
	list := r.conds[i]
	n := len(list)
	if at < n-1-at {
		copy(list[1:at+1], list[:at])
		list[0] = condOn{}
		r.conds[i] = list[1:]
		return at
	}
	copy(list[at:], list[at+1:])
	list[n-1] = condOn{}
	r.conds[i] = list[:n-1]
	return n - 1 - at
}
