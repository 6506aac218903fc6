package interp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// The list with room at both ends (conditions_list.go) holds what a
// plain slice would, in the same order, through puts and takes at the
// front, the back and the middle, and moves the fewer of the items on
// either side of the place.
func TestConditionListAgreesWithASlice(t *testing.T) {
	t.Parallel()
	ks := make([]*check.Condition, 300)
	for i := range ks {
		ks[i] = &check.Condition{Index: i}
	}
	r := &Run{conds: [][]condOn{nil, nil}}
	var want []condOn
	rng := rand.New(rand.NewPCG(1, 2))
	for step := range 20000 {
		i := 1 // the second combatant's list; the first's stays empty
		if len(want) > 0 && rng.IntN(5) < 2 {
			at := rng.IntN(len(want))
			if moved, most := r.deleteCond(i, at), min(at, len(want)-1-at); moved != most {
				t.Fatalf("step %d: taking out %d of %d moved %d, want %d", step, at, len(want), moved, most)
			}
			want = slices.Delete(want, at, at+1)
		} else {
			at := rng.IntN(len(want) + 1)
			on := condOn{k: ks[rng.IntN(len(ks))], left: step}
			if moved, most := r.insertCond(i, at, on), min(at, len(want)-at); moved != most {
				t.Fatalf("step %d: putting in at %d of %d moved %d, want %d", step, at, len(want), moved, most)
			}
			want = slices.Insert(want, at, on)
		}
		if !slices.Equal(r.conds[i], want) {
			t.Fatalf("step %d: the list is %v, want %v", step, r.conds[i], want)
		}
	}
	if len(r.conds[0]) != 0 {
		t.Errorf("the first combatant's list holds %d", len(r.conds[0]))
	}
}
