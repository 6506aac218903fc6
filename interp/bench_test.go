package interp_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func loadBench(b *testing.B, path string) (*interp.Plan, *check.Encounter) {
	b.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	return interp.Lower(enc.Rules), enc
}

// benchFights plays one fight per iteration, each with its own seed,
// through one Runner as fray sim does, and reports encounters (fights)
// per second, nanoseconds per round and allocations per round.
func benchFights(b *testing.B, path string) {
	plan, enc := loadBench(b, path)
	runner := interp.NewRunner(plan, enc)
	rounds := 0
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		res, err := runner.Play(interp.Options{Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		rounds += res.Rounds
		i++
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "encounters/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(1, rounds)), "ns/round")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(max(1, rounds)), "allocs/round")
}

// rulesetExamples are the rulesets of rules/ with their example
// encounters; a new ruleset is one line here.
var rulesetExamples = []struct{ ruleset, encounter string }{
	{"ten_segment_rounds", "halvaine_and_the_orcs.fray"},
	{"crucible_of_souls", "crucible_ambush.fray"},
	{"stress_and_wound_points", "leonin_hunters_and_hobgoblins.fray"},
	{"shock_and_swarm", "ambush_at_the_ford.fray"},
	{"eleven_phases", "goblins_at_the_ford.fray"},
}

// BenchmarkRuleset plays the example encounter of each ruleset.
func BenchmarkRuleset(b *testing.B) {
	for _, ex := range rulesetExamples {
		b.Run(ex.ruleset, func(b *testing.B) {
			benchFights(b, filepath.Join("..", "testdata", "encounters", ex.encounter))
		})
	}
}

func BenchmarkLintRules(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "rules", "*.fray"))
	variants, _ := filepath.Glob(filepath.Join("..", "rules", "variants", "*.fray"))
	files = append(files, variants...)
	b.ReportAllocs()
	for b.Loop() {
		// As fray lint does, on one core: one Linter for the run.
		l := check.UnderRoot("..").NewLinter()
		for _, f := range files {
			if d := l.Lint(f, diag.Sources{}); d.HasErrors() {
				b.Fatal(d)
			}
		}
	}
}

// BenchmarkSimWorkers measures how fray sim scales: one iteration is a
// batch of 200 fights of the reference procedure.
func BenchmarkSimWorkers(b *testing.B) {
	plan, enc := loadBench(b, filepath.Join("..", "testdata", "bench", "skirmish.fray"))
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			fights := 0
			for b.Loop() {
				r := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: 10000, Seed: 1, Workers: w})
				fights += r.Runs
			}
			b.ReportMetric(float64(fights)/b.Elapsed().Seconds(), "encounters/s")
		})
	}
}

// TestEveryRulesetHasABenchmark keeps rulesetExamples in step with rules/.
func TestEveryRulesetHasABenchmark(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "rules", "*.fray"))
	have := map[string]bool{}
	for _, ex := range rulesetExamples {
		have[ex.ruleset] = true
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".fray")
		if !have[name] {
			t.Errorf("rules/%s.fray has no line in rulesetExamples (bench_test.go)", name)
		}
	}
}
