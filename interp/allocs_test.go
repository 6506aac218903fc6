package interp

import (
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// steadyRun is the reference procedure (testdata/bench) after a few
// rounds, with hit points no blow can use up, so that every further
// round plays the whole procedure: initiative, ordering, attacks, hits.
func steadyRun(t testing.TB) *Run {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "bench", "skirmish.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := New(Lower(enc.Rules), enc, Options{Seed: 1})
	if err := r.setup(); err != nil {
		t.Fatal(err)
	}
	hp := r.m.U.AttrOf(false, "hp")
	for _, c := range r.comb {
		c.Elem().Field(hp.Field).SetInt(1 << 40)
	}
	for _, ph := range r.plan.Once {
		if err := r.runPhase(ph); err != nil {
			t.Fatal(err)
		}
	}
	for r.round = 1; r.round <= 5; r.round++ {
		if done, err := r.playRound(); err != nil || done {
			t.Fatalf("round %d: done %v, %v", r.round, done, err)
		}
	}
	return r
}

// A round of the reference procedure allocates nothing once the run's
// frames and buffers exist (an allocation count, not a timing).
func TestReferenceRoundAllocatesNothing(t *testing.T) {
	r := steadyRun(t)
	rounds, seq := 0, r.seq
	allocs := testing.AllocsPerRun(200, func() {
		if done, err := r.playRound(); err != nil || done {
			t.Fatalf("round %d: done %v, %v", r.round, done, err)
		}
		r.round++
		rounds++
	})
	// Each round rolls at least initiative for both sides and one attack.
	if rounds < 200 || r.seq-seq < 3*rounds {
		t.Fatalf("%d rounds played with %d rolls and events", rounds, r.seq-seq)
	}
	skipAllocsIfSafeMem(t)
	if allocs != 0 {
		t.Errorf("a round of the reference procedure allocates %.1f times", allocs)
	}
}

// skipAllocsIfSafeMem skips what is left of an allocation test in the
// reflect-based build (-tags fray_safe, mem_safe.go), whose accesses
// allocate by design; the default build counts them.
func skipAllocsIfSafeMem(t *testing.T) {
	t.Helper()
	if safeMem {
		t.Skip("allocation count not checked: -tags fray_safe accesses memory through reflect, which allocates")
	}
}

// A quiet fight of the reference procedure through a Runner allocates
// nothing once the Runner's storage has grown (an allocation count, not
// a timing). A new run per fight allocates its structs, lists and more.
func TestReferenceFightAllocatesNothing(t *testing.T) {
	p, enc, ok := loadFight(t, filepath.Join("..", "testdata", "bench", "skirmish.fray"))
	if !ok {
		t.Fatal("the reference does not load")
	}
	rn := NewRunner(p, enc)
	seed, rounds := uint64(0), 0
	fight := func() {
		res, err := rn.Play(Options{Seed: seed})
		if err != nil || res.Capped || len(res.Standing) > 1 {
			t.Fatalf("seed %d: %+v, %v", seed, res, err)
		}
		seed++
		rounds += res.Rounds
	}
	for range 300 {
		fight()
	}
	rounds = 0
	allocs := testing.AllocsPerRun(300, fight)
	if rounds < 300 {
		t.Fatalf("301 fights took %d rounds", rounds)
	}
	skipAllocsIfSafeMem(t)
	if allocs != 0 {
		t.Errorf("a fight of the reference procedure allocates %.2f times", allocs)
	}
}
