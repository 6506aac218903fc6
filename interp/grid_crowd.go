package interp

import (
	"fmt"

	"github.com/frayrules/fray/stdlib"
)

// Crowd is who stands on each square of the map, for step_toward and
// path_length (stdlib.CrowdWorld): the space index's count per square,
// c counted on the square the index has it on. The searches then read a
// count per square they look at, where Occupied listed every living
// combatant's square per call. It counts the squares Occupied lists: the
// living combatants on the map, present or not, in a state or not.
func (r *Run) Crowd(c any) (stdlib.Crowd, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return stdlib.Crowd{}, err
	}
	s, err := r.space()
	if err != nil {
		return stdlib.Crowd{}, err
	}
	self := -1
	if i := load[int](addrOf(cv), r.plan.lay.idx); i >= 0 && i < len(s.at) {
		self = s.at[i]
	}
	crowd := stdlib.Crowd{Count: s.count, Self: self, Ways: &s.ways}
	if r.opt.checkCrowd {
		if err := r.checkCrowd(c, crowd); err != nil {
			return stdlib.Crowd{}, err
		}
	}
	return crowd, nil
}

// checkCrowd is an error naming the first square where crowd and the list
// Occupied gives for c disagree.
func (r *Run) checkCrowd(c any, crowd stdlib.Crowd) error {
	occ, err := r.Occupied(c)
	if err != nil {
		return err
	}
	w := r.spaceIdx.w
	want := make([]int32, len(crowd.Count))
	for _, p := range occ {
		if p.X >= 0 && p.Y >= 0 && p.X < w && p.Y*w+p.X < len(want) {
			want[p.Y*w+p.X]++
		}
	}
	for i, n := range crowd.Count {
		if i == crowd.Self {
			n--
		}
		if n != want[i] {
			return fmt.Errorf("crowd differs from Occupied at (%d,%d): %d against %d", i%w, i/w, n, want[i])
		}
	}
	return nil
}
