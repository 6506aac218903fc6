package interp

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A batch names the error of its lowest-numbered failing fight, whichever
// worker played it: the first error a worker met varied from batch to
// batch (the fifth red-team pass: two errors, 4 runs to 2).
func TestSimFirstErrorIsTheLowestFights(t *testing.T) {
	t.Parallel()
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("testdata", "sim_first_error", "enc.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p := Lower(enc.Rules)
	const n = 200
	var want string
	for i := range n {
		if _, err := New(p, enc, Options{Seed: FightSeed(7, i)}).Play(); err != nil {
			want = err.Error()
			break
		}
	}
	if want == "" {
		t.Fatal("no fight failed: the test proves nothing")
	}
	errorsSeen := map[string]bool{}
	for _, workers := range []int{1, 2, 3, 4, 8, 8, 8, 8} {
		res := Simulate(context.Background(), p, enc, SimOptions{N: n, Seed: 7, Workers: workers})
		if res.FirstErr == nil || res.FirstErr.Error() != want {
			t.Errorf("%d workers: first error %v, want %s", workers, res.FirstErr, want)
		}
		if res.Halted || res.Partial {
			t.Fatalf("%d workers: halted %v, partial %v: its fights do not run out of work", workers, res.Halted, res.Partial)
		}
		if res.Errors < 2 {
			t.Fatalf("%d workers: %d fights failed; the test needs several", workers, res.Errors)
		}
		errorsSeen[res.FirstErr.Error()] = true
	}
	if len(errorsSeen) != 1 {
		t.Errorf("the first error varied: %v", errorsSeen)
	}
}

// A batch of fights that each run away in a while loop (its own limit
// message, while.go) halts at fight 0 at any number of workers, with
// fight 0's error, and counts nothing (sim.go).
func TestSimHaltsAWhileLoopRunaway(t *testing.T) {
	t.Parallel()
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("testdata", "sim_abandoned", "enc.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p := Lower(enc.Rules)
	limits := Options{MaxSteps: 20000}
	_, err := New(p, enc, Options{Seed: FightSeed(1, 0), MaxSteps: limits.MaxSteps}).Play()
	if err == nil {
		t.Fatal("fight 0 did not fail")
	}
	for _, workers := range []int{1, 2, 4, 8} {
		res := Simulate(context.Background(), p, enc, SimOptions{N: 1000, Seed: 1, Workers: workers, Fight: limits})
		if !res.Halted || res.HaltedAt != 0 || res.Partial || res.Runs != 0 {
			t.Errorf("%d workers: halted %v at fight %d, partial %v, %d fights counted", workers, res.Halted, res.HaltedAt, res.Partial, res.Runs)
		}
		if res.HaltErr == nil || res.HaltErr.Error() != err.Error() {
			t.Errorf("%d workers: error %v, want fight 0's: %v", workers, res.HaltErr, err)
		}
	}
}
