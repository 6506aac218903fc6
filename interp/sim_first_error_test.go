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
		if res.Errors < 2 {
			t.Fatalf("%d workers: %d fights failed; the test needs several", workers, res.Errors)
		}
		errorsSeen[res.FirstErr.Error()] = true
	}
	if len(errorsSeen) != 1 {
		t.Errorf("the first error varied: %v", errorsSeen)
	}
}
