package stdlib

// Regions of the floor, for fray lint's check that no combatant starts
// shut in where no foe can come (issue #15, dsl/check/encounter_map_shut.go).

// Regions labels each square of the map by the part of the floor it
// belongs to: two floor squares share a label when a mover can walk from
// one to the other by the steps Step takes (canStep: king moves, no
// corner of a solid square cut, no wall on an edge crossed), whoever
// stands on the way. Walls and windows are labelled -1; the labels of the
// floor run from 0 to n-1, in the order of the first square of each, row
// by row. canStep is symmetric (a step back crosses the same edge or
// passes the same corner), so one flood fill from each unlabelled square
// finds its whole part: the work, every step tried from every square, is
// at most 8 for each square of the map, whatever its walls.
func (g *Grid) Regions() (labels []int32, n int, work int) {
	labels = make([]int32, g.W*g.H)
	for i := range labels {
		labels[i] = -1
	}
	var queue []int32
	for start := range labels {
		x, y := start%g.W, start/g.W
		if labels[start] >= 0 || g.Blocked(x, y) {
			continue
		}
		label := int32(n)
		n++
		labels[start] = label
		queue = append(queue[:0], int32(start))
		for len(queue) > 0 {
			i := int(queue[len(queue)-1])
			queue = queue[:len(queue)-1]
			p := Point{i % g.W, i / g.W}
			for _, d := range kingSteps {
				work++
				j := (p.Y+d.Y)*g.W + p.X + d.X
				if !g.canStep(p, d) || labels[j] >= 0 {
					continue
				}
				labels[j] = label
				queue = append(queue, int32(j))
			}
		}
	}
	return labels, n, work
}
