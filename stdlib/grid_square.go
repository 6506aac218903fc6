package stdlib

// gridFreeSquare is free_square(x, y): whether [x, y] is a square of the
// map a combatant may stand on, as step_toward and path_length have it
// (Grid.Blocked: not a wall nor a window), with no one in the fight on it
// (World.Taken, the run's index of who stands where). A square off the
// map is not free; it is no error, as a shove or a knock-back that asks
// where a man would land may well ask of one. The answer is one read of
// the map and one of the index, whatever the map's size or the fight's,
// so the call costs no work beyond its own step (--max-steps).
func gridFreeSquare(w World, a []any) (any, error) {
	g, err := w.Grid()
	if err != nil {
		return nil, err
	}
	x, y := a[0].(int), a[1].(int)
	if !g.In(x, y) || g.Blocked(x, y) {
		return false, nil
	}
	taken, err := w.Taken(x, y)
	return err == nil && !taken, err
}
