package interp

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// Simulate, which plays its fights through one Runner per worker,
// counts what fights played by new runs count.
func TestSimulateCountsWhatNewRunsPlay(t *testing.T) {
	for _, name := range []string{"halvaine_and_the_orcs.fray", "ambush_at_the_ford.fray", "leonin_hunters_and_hobgoblins.fray"} {
		p, enc, ok := loadFight(t, filepath.Join("..", "testdata", "encounters", name))
		if !ok {
			t.Fatalf("%s does not load", name)
		}
		opt := SimOptions{N: 40, Seed: 3, Workers: 2, MaxRounds: 6}
		got := Simulate(t.Context(), p, enc, opt)
		want := simByNewRuns(p, enc, opt)
		if got.Runs != opt.N || got.Errors != 0 || len(got.Deaths) == 0 || len(got.EventSum) == 0 {
			t.Fatalf("%s: %d fights, %d errors (%v), deaths %v, events %v", name, got.Runs, got.Errors, got.FirstErr, got.Deaths, got.EventSum)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Simulate gives\n%+v\nnew runs give\n%+v", name, got, want)
		}
	}
}

// simByNewRuns is Simulate with a new run per fight, in one goroutine,
// counting as Simulate counted before it had Runners.
func simByNewRuns(p *Plan, enc *check.Encounter, opt SimOptions) *SimResult {
	unscripted := *enc
	unscripted.Script = map[int][]*check.DeclSpec{}
	unscripted.Dice = nil
	res := newSimResult(enc)
	for i := range opt.N {
		counts := map[string]int{}
		count := func(name, who string) {
			counts[name]++
			if who != "" {
				counts[name+" · "+who]++
			}
		}
		run := New(p, &unscripted, Options{Seed: FightSeed(opt.Seed, i), MaxRounds: opt.MaxRounds, MaxSteps: opt.Fight.MaxSteps, countEvent: count})
		out, err := run.Play()
		if err != nil && res.FirstErr == nil {
			res.FirstErr, res.firstErrAt = err, i
		}
		res.tally(out, err, run.comb, counts, map[string]int{})
	}
	return res
}
