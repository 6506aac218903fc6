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
		res := Simulate(context.Background(), p, enc, SimOptions{N: n, Seed: 7, Workers: workers, AbandonAfter: DefaultSimAbandonAfter})
		if res.FirstErr == nil || res.FirstErr.Error() != want {
			t.Errorf("%d workers: first error %v, want %s", workers, res.FirstErr, want)
		}
		if res.Abandoned || res.Partial {
			t.Fatalf("%d workers: abandoned %v, partial %v: its first fights do not all fail", workers, res.Abandoned, res.Partial)
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

// A batch whose first DefaultSimAbandonAfter fights all fail is abandoned, at
// any number of workers, naming fight 0's error; a batch of at most twice
// as many is played whole.
func TestSimAbandonsARunaway(t *testing.T) {
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
		res := Simulate(context.Background(), p, enc, SimOptions{N: 1000, Seed: 1, Workers: workers, Fight: limits, AbandonAfter: DefaultSimAbandonAfter})
		if !res.Abandoned || res.Partial {
			t.Errorf("%d workers: abandoned %v, partial %v, after %d fights", workers, res.Abandoned, res.Partial, res.Runs)
		}
		if res.Runs < DefaultSimAbandonAfter || res.Runs >= 1000 {
			t.Errorf("%d workers: %d fights played before the batch stopped", workers, res.Runs)
		}
		if res.FirstErr == nil || res.FirstErr.Error() != err.Error() {
			t.Errorf("%d workers: first error %v, want fight 0's: %v", workers, res.FirstErr, err)
		}
	}
	small := 2 * DefaultSimAbandonAfter
	res := Simulate(context.Background(), p, enc, SimOptions{N: small, Seed: 1, Workers: 2, Fight: limits, AbandonAfter: DefaultSimAbandonAfter})
	if res.Abandoned || res.Runs != small || res.Errors != small {
		t.Errorf("a batch of %d: abandoned %v, %d fights, %d failed", small, res.Abandoned, res.Runs, res.Errors)
	}
}

// Without AbandonAfter (the playground's batches) every fight is played.
func TestSimWithoutAbandonPlaysAll(t *testing.T) {
	t.Parallel()
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("testdata", "sim_abandoned", "enc.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res := Simulate(context.Background(), Lower(enc.Rules), enc, SimOptions{N: 12, Seed: 1, Workers: 2, Fight: Options{MaxSteps: 20000}})
	if res.Abandoned || res.Runs != 12 || res.Errors != 12 {
		t.Errorf("abandoned %v, %d fights, %d failed; want 12 played, all failed", res.Abandoned, res.Runs, res.Errors)
	}
}
