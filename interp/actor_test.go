package interp

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// An anonymous run (quiet, seeded, counting no events) keeps no actor
// stack (actor.go): it must be the same fight as a logged one, to the
// last attribute and log entry, and leave no actor behind. A run that
// logs, counts events or rolls fixed dice keeps the stack: its events
// are told apart by their actor (TestQuietRunIsTheSameFight).
func TestAnonymousRunIsTheSameFight(t *testing.T) {
	t.Parallel()
	state := func(r *Run) string {
		res, err := r.Play()
		var b strings.Builder
		fmt.Fprintf(&b, "result %+v, error %v, log entries %d, actors left %d\n", res, err, r.seq, len(r.actors))
		for _, list := range [][]reflect.Value{r.sides, r.comb} {
			for _, v := range list {
				e := v.Elem()
				for i := 0; i < e.NumField(); i++ {
					fmt.Fprintf(&b, "%s ", show(e.Field(i)))
				}
				b.WriteByte('\n')
			}
		}
		return b.String()
	}
	for _, f := range repoEncounters(t) {
		l := loadedEncounter(f)
		if l.diags.HasErrors() {
			t.Fatalf("%s: %v", f, l.diags)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			logged := New(l.plan, l.enc, Options{Seed: seed, Sink: func(*Event) {}})
			counted := New(l.plan, l.enc, Options{Seed: seed, countEvent: func(string, string) {}})
			anon := New(l.plan, l.enc, Options{Seed: seed})
			if logged.anonymous || counted.anonymous || !anon.anonymous {
				t.Fatalf("%s: anonymous: logged %v, counting events %v, quiet %v; want false, false, true", f, logged.anonymous, counted.anonymous, anon.anonymous)
			}
			if want, got := state(logged), state(anon); want != got {
				t.Errorf("%s seed %d: an anonymous run differs from a logged one:\nlogged:\n%s\nanonymous:\n%s", f, seed, want, got)
			}
		}
	}
	if l := loadedEncounter(repoEncounters(t)[0]); New(l.plan, l.enc, Options{Dice: []int{1, 2, 3}}).anonymous {
		t.Error("a run of fixed dice is anonymous: its dice describe the die they need by its actor")
	}
}
