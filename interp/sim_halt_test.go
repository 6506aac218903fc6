package interp

import (
	"path/filepath"
	"testing"
)

// A batch stops at the first fight, in the batch's order, that runs out
// of its budget of work, whatever the number of workers: every fight
// before it plays within its limits (failing or not), and it does not.
func TestSimulateHaltsAtTheFirstFightOutOfWork(t *testing.T) {
	p, enc, ok := loadFight(t, filepath.Join("..", "testdata", "runtime", "sim_halts_encounter.fray"))
	if !ok {
		t.Fatal("sim_halts_encounter.fray does not load")
	}
	const n = 400
	limits := Options{MaxSteps: 200_000} // the other limits at their defaults
	var first *SimResult
	for _, workers := range []int{1, 2, 3} {
		got := Simulate(t.Context(), p, enc, SimOptions{N: n, Seed: 2, Workers: workers, Fight: limits})
		if !got.Halted || got.HaltErr == nil || got.Runs != 0 {
			t.Fatalf("%d workers: halted %v (%v), %d fights counted", workers, got.Halted, got.HaltErr, got.Runs)
		}
		if first == nil {
			first = got
			continue
		}
		if got.HaltedAt != first.HaltedAt || got.HaltErr.Error() != first.HaltErr.Error() {
			t.Errorf("%d workers halt at fight %d (%v); 1 worker at fight %d (%v)", workers, got.HaltedAt, got.HaltErr, first.HaltedAt, first.HaltErr)
		}
	}
	if first.HaltedAt == 0 {
		t.Fatal("seed 2 halts at the first fight: the test would not see the order of fights")
	}
	// Fight by fight, alone: the fights before HaltedAt end within their
	// budget, some of them failing (so failing alone does not halt), and
	// fight HaltedAt runs out of it, with the error the batch reports.
	rn := NewRunner(p, unscriptedOf(enc))
	failed := 0
	for i := 0; i <= first.HaltedAt; i++ {
		opt := limits
		opt.Seed = FightSeed(2, i)
		_, err := rn.Play(opt)
		if i < first.HaltedAt && rn.run.exhausted() {
			t.Fatalf("fight %d ran out of its work before fight %d, where the batch halted", i, first.HaltedAt)
		}
		if i < first.HaltedAt && err != nil {
			failed++
		}
		if i == first.HaltedAt && (!rn.run.exhausted() || err == nil || err.Error() != first.HaltErr.Error()) {
			t.Fatalf("fight %d, where the batch halted: exhausted %v, error %v; the batch says %v", i, rn.run.exhausted(), err, first.HaltErr)
		}
	}
	if failed == 0 {
		t.Error("no fight failed before the halt: the test would not tell a failure from running out of work")
	}
}

// Fights that fail without running out of work are counted, and the
// batch goes on; the error reported is the first fight's in the batch's
// order at any number of workers.
func TestSimulateCountsFailuresAndReportsTheFirst(t *testing.T) {
	p, enc, ok := loadFight(t, filepath.Join("..", "testdata", "runtime", "sim_fails_encounter.fray"))
	if !ok {
		t.Fatal("sim_fails_encounter.fray does not load")
	}
	const n = 300
	one := Simulate(t.Context(), p, enc, SimOptions{N: n, Seed: 4, Workers: 1})
	if one.Halted || one.Runs != n || one.Errors == 0 || one.Errors == n {
		t.Fatalf("halted %v, %d fights, %d failed", one.Halted, one.Runs, one.Errors)
	}
	rn := NewRunner(p, unscriptedOf(enc))
	var want error
	for i := 0; want == nil && i < n; i++ {
		_, want = rn.Play(Options{Seed: FightSeed(4, i)})
	}
	for _, workers := range []int{1, 2, 3} {
		got := Simulate(t.Context(), p, enc, SimOptions{N: n, Seed: 4, Workers: workers})
		if got.Errors != one.Errors || got.FirstErr == nil || got.FirstErr.Error() != want.Error() {
			t.Errorf("%d workers: %d failed, first error %v; want %d, %v", workers, got.Errors, got.FirstErr, one.Errors, want)
		}
	}
}
