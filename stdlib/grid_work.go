package stdlib

// The work of the grid functions, charged to the run's budget (issue #15:
// one budget for all work). A call of line_of_sight, cover, step_toward,
// path_length, within, nearest or nearby (interp's space index) is one
// call to the budget, but what it
// looks at grows with the map and the list: a rule that asked cover of a
// thousand pairs in a loop across a 200x200 map of pillars ran for many
// minutes within --max-steps. So each reports its work in units (a square
// a search closes, a square of a line's band, a line tried, a solid
// square a line is tested against, a combatant of the list), and the run
// is charged a step of --max-steps for every GridWorkPerStep of them.
//
// The work of a line of sight or a cover is that of working it out from
// nothing, remembered with the answer: a call that finds the answer in
// the grid's cache is charged the same, so what a run is charged does
// not depend on what other runs asked first.

// GridWorkPerStep is how many units of a grid function's work make one
// step: a unit is some 20 to 100 instructions, a step of the budget
// (a statement) a few hundred.
const GridWorkPerStep = 8

// chargeGrid charges the run for work units of a grid function.
func chargeGrid(w World, work int) error {
	return w.Work(work / GridWorkPerStep)
}

// amidOthers answers a question of mover's way amid the other combatants
// and charges its work: through the world's kept Crowd when it offers
// one (in), else through the list of squares others stand on (amid).
func amidOthers[T any](w World, g *Grid, mover any, in func(Crowd) (T, int), amid func([]Point) (T, int)) (T, error) {
	var res T
	var work int
	if crowd, ok, err := crowdOf(w, g, mover); err != nil {
		return res, err
	} else if ok {
		res, work = in(crowd)
	} else {
		occ, err := w.Occupied(mover)
		if err != nil {
			return res, err
		}
		res, work = amid(occ)
	}
	return res, chargeGrid(w, work)
}
