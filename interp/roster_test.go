package interp

import "testing"

// Every roster a fight keeps is its list made afresh, in the run's
// order, when the fight ends, and no two kept rosters are of the same
// side and kind: the kept ones are Run.rosters[:rosterLive], kept in
// place at every fall and forgotten together (roster.go).
func TestKeptRostersAreTheFight(t *testing.T) {
	t.Parallel()
	for _, f := range repoEncounters(t) {
		l := loadedEncounter(f)
		if l.diags.HasErrors() {
			t.Fatalf("%s: %v", f, l.diags)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			r := New(l.plan, l.enc, Options{Seed: seed})
			if _, err := r.Play(); err != nil {
				continue // stopped by its rules: the rosters may be mid-change
			}
			kept := r.rosters[:r.rosterLive]
			for i := range kept {
				e := &kept[i]
				if fresh := r.appendRoster(nil, e.side, e.members, e.all); !sameAddrs(e.p, fresh) {
					t.Errorf("%s seed %d: kept roster %d (members %v, all %v) holds %d combatants, the fight %d", f, seed, i, e.members, e.all, len(e.p), len(fresh))
				}
				for j := range i {
					if o := &kept[j]; o.all == e.all && (e.all || same(o.side, e.side) && o.members == e.members) {
						t.Errorf("%s seed %d: rosters %d and %d are kept for the same side and kind", f, seed, j, i)
					}
				}
			}
		}
	}
}
