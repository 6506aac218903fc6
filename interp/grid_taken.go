package interp

// Taken reports whether a combatant in the fight (alive, present, no
// state) stands on the square (x, y) of the map (stdlib.World): one read
// of the space index's count (space.go), which follows every move, fall
// and leave, so free_square costs the same in a fight of ten or of a
// thousand. A square off the map is taken by no one.
func (r *Run) Taken(x, y int) (bool, error) {
	s, err := r.space()
	if err != nil {
		return false, err
	}
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return false, nil
	}
	return s.count[y*s.w+x] > 0, nil
}
