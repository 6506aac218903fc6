package interp

import (
	"fmt"
	"testing"
)

// A quick roll (a seeded stream in a quiet run: Run.die, pickIndex)
// skips the log and the general path's checks, but not the budget: a
// quiet run stopped by --max-steps must stop at the same step, with the
// same error, place in the log and dice drawn, as a logged one, whether
// the step over the limit is a die, a pick or a statement.
func TestQuickRollsKeepTheBudget(t *testing.T) {
	t.Parallel()
	for _, f := range repoEncounters(t) {
		l := loadedEncounter(f)
		if l.diags.HasErrors() {
			t.Fatalf("%s: %v", f, l.diags)
		}
		for _, max := range []int{40, 150, 600} {
			state := func(r *Run) string {
				res, err := r.Play()
				return fmt.Sprintf("result %+v, error %v, steps %d, log entries %d, next die %d", res, err, r.steps, r.seq, r.dice.(*SeededDice).die(1000))
			}
			logged := New(l.plan, l.enc, Options{Seed: 7, MaxSteps: max, Sink: func(*Event) {}})
			quiet := New(l.plan, l.enc, Options{Seed: 7, MaxSteps: max})
			if quiet.quickDice == nil {
				t.Fatalf("%s: a quiet seeded run has no quick dice", f)
			}
			if want, got := state(logged), state(quiet); want != got {
				t.Errorf("%s --max-steps %d: a quiet run differs from a logged one:\nlogged: %s\nquiet:  %s", f, max, want, got)
			}
		}
	}
}
