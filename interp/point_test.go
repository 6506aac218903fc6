package interp

import (
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Reactions at named points (point.go) run the same statements in a run
// nobody logs: the interrupts skirmish ends the same, with as many log
// entries counted, with and without a sink and with every expression in
// expr-lang's VM, over many seeds; and its logged runs do raise points,
// run reactions and cancel, so the comparison is not empty.
func TestInterruptQuietRunIsTheSameFight(t *testing.T) {
	t.Parallel()
	f := filepath.Join("..", "testdata", "features", "interrupts_skirmish.fray")
	enc, diags := check.UnderRoot("..").LoadEncounter(f, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatalf("%s: %v", f, diags)
	}
	p, vm := Lower(enc.Rules), lower(enc.Rules, false, false)
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		logged := fightState(t, p, enc, Options{Seed: seed, Sink: func(*Event) {}})
		if _, err := New(p, enc, Options{Seed: seed, Sink: func(e *Event) { kinds[e.Kind]++ }}).Play(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		quiet := fightState(t, p, enc, Options{Seed: seed})
		if logged != quiet {
			t.Errorf("seed %d: a quiet run differs from a logged one:\nlogged:\n%s\nquiet:\n%s", seed, logged, quiet)
		}
		if slow := fightState(t, vm, enc, Options{Seed: seed}); slow != quiet {
			t.Errorf("seed %d: a quiet run differs with native expressions:\nvm:\n%s\nnative:\n%s", seed, slow, quiet)
		}
	}
	for _, k := range []string{KPoint, KReact, KCancel} {
		if kinds[k] == 0 {
			t.Errorf("no %s event in 40 fights", k)
		}
	}
}
