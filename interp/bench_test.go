package interp_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

func loadBench(b *testing.B, path string) (*interp.Plan, *check.Encounter) {
	return loadBenchWith(b, path, "")
}

// loadBenchWith loads an encounter under the rule file rules (the one its
// header names when rules is ""), as fray run --rules does.
func loadBenchWith(b *testing.B, path, rules string) (*interp.Plan, *check.Encounter) {
	b.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(path, rules, diag.Sources{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	return interp.Lower(enc.Rules), enc
}

// benchFights plays one fight per iteration, each with its own seed,
// through one Runner as fray sim does, and reports encounters (fights)
// per second, nanoseconds per round and allocations per round.
func benchFights(b *testing.B, path string) {
	benchFightsWith(b, path, "")
}

// benchFightsWith is benchFights under the rule file rules.
func benchFightsWith(b *testing.B, path, rules string) {
	plan, enc := loadBenchWith(b, path, rules)
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

// BenchmarkRuleset plays the example encounter of each ruleset, then
// of each variant of rules/variants/ (under the name of its file): the
// example of the ruleset it extends, under the variant's rules.
func BenchmarkRuleset(b *testing.B) {
	for _, ex := range rulesetExamples {
		b.Run(ex.ruleset, func(b *testing.B) {
			benchFights(b, filepath.Join("..", "testdata", "encounters", ex.encounter))
		})
	}
	for _, v := range variantExamples(b) {
		b.Run(v.variant, func(b *testing.B) {
			benchFightsWith(b, filepath.Join("..", "testdata", "encounters", v.encounter), v.rules)
		})
	}
}

// BenchmarkHomebrew plays the encounters of testdata/bench/homebrew:
// rule files written as a newcomer might write them (fns over filter,
// sortBy, sums of maps, a morale check by counting), which the engine
// was not shaped on; each under the name of its rule file.
func BenchmarkHomebrew(b *testing.B) {
	encs, _ := filepath.Glob(filepath.Join("..", "testdata", "bench", "homebrew", "*_encounter.fray"))
	if len(encs) == 0 {
		b.Fatal("no homebrew encounters")
	}
	for _, e := range encs {
		b.Run(strings.TrimSuffix(filepath.Base(e), "_encounter.fray"), func(b *testing.B) {
			benchFights(b, e)
		})
	}
}

// variantExample is a variant of rules/variants/ with the example
// encounter of the ruleset it extends.
type variantExample struct{ variant, rules, encounter string }

// extendsLine finds the ruleset a variant extends.
var extendsLine = regexp.MustCompile(`(?m)^\s*extends\s+"([^"]+)"`)

// variantExamples pairs each variant of rules/variants/ with the example
// of the ruleset of rules/ it extends (through other variants, if it
// extends one); a variant whose base has no example is an error.
func variantExamples(tb testing.TB) []variantExample {
	tb.Helper()
	example := map[string]string{}
	for _, ex := range rulesetExamples {
		example[ex.ruleset] = ex.encounter
	}
	files, _ := filepath.Glob(filepath.Join("..", "rules", "variants", "*.fray"))
	var out []variantExample
	for _, f := range files {
		base := f
		for range 10 { // a chain of variants; lint rejects cycles
			src, err := os.ReadFile(base)
			if err != nil {
				tb.Fatal(err)
			}
			m := extendsLine.FindSubmatch(src)
			if m == nil {
				break
			}
			base = filepath.Join(filepath.Dir(base), filepath.FromSlash(string(m[1])))
		}
		name := strings.TrimSuffix(filepath.Base(base), ".fray")
		enc, ok := example[name]
		if !ok || base == f {
			tb.Fatalf("%s: extends no ruleset of rulesetExamples (bench_test.go)", f)
		}
		out = append(out, variantExample{strings.TrimSuffix(filepath.Base(f), ".fray"), f, enc})
	}
	return out
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
	if vs := variantExamples(t); len(vs) == 0 {
		t.Error("no variant of rules/variants/ has an example to benchmark")
	}
}

// scaledSizes are the combatants per side of the scaled encounters, each
// with the side of the square map a ruleset with a map fights on. The
// largest takes minutes a fight today, so it runs only with -huge (go test
// ./interp -run '^$' -bench Scaled -benchtime 1x -huge), not in a plain
// -bench . run.
var scaledSizes = []struct{ perSide, mapSide int }{{20, 50}, {200, 100}, {1000, 200}}

var huge = flag.Bool("huge", false, "also play BenchmarkScaled's 1000 combatants a side")

// scaledMapSide, if set, puts every size of BenchmarkScaled on a map of
// that side: the cost per combatant-round then grows with the
// combatants alone, apart from the map's size, which scaledSizes grows
// with them (and with it the length of every walk and line of sight).
var scaledMapSide = flag.Int("scaled-map", 0, "play every size of BenchmarkScaled on a map of this side (0: scaledSizes' own)")

// scaledEncounter is a ruleset's example encounter with perSide
// combatants on every side, cloned in turn from the side's own
// (the originals keep their names, so scripted rounds still apply).
// If the example has a map, the fight moves to a new mapSide by mapSide
// map: walls around, a pillar in every 8 by 8 block, each side in its
// own band of columns, one combatant on every other square.
func scaledEncounter(b *testing.B, path string, perSide, mapSide int) *check.Encounter {
	_, enc := loadBench(b, path)
	scaled := *enc
	scaled.Sides = nil
	for _, s := range enc.Sides {
		ns := *s
		ns.Combatants = nil
		for k := range perSide {
			c := *s.Combatants[k%len(s.Combatants)]
			if k >= len(s.Combatants) {
				c.Name = fmt.Sprintf("%s_%d", c.Name, k)
			}
			ns.Combatants = append(ns.Combatants, &c)
		}
		scaled.Sides = append(scaled.Sides, &ns)
	}
	if enc.Map != nil {
		scaled.Map = scaledMap(b, scaled.Sides, mapSide)
	}
	return &scaled
}

// scaledMap draws the map of a scaled encounter (see scaledEncounter).
func scaledMap(b *testing.B, sides []*check.SideSpec, n int) *check.MapSpec {
	g := stdlib.NewGrid(n, n)
	wall := func(x, y int) bool {
		return x == 0 || y == 0 || x == n-1 || y == n-1 || x%8 == 5 && y%8 == 5
	}
	rows := make([][]byte, n)
	for y := range n {
		rows[y] = make([]byte, n)
		for x := range n {
			rows[y][x] = check.MapFloor
			if wall(x, y) {
				g.SetSolid(x, y, true)
				rows[y][x] = check.MapWall
			}
		}
	}
	places := map[string]stdlib.Point{}
	band := (n - 2) / len(sides)
	for i, s := range sides {
		k := 0
		for y := 2; y < n-1 && k < len(s.Combatants); y += 2 {
			for x := 1 + i*band + 1; x < 1+(i+1)*band && k < len(s.Combatants); x += 2 {
				places[s.Combatants[k].Name] = stdlib.Point{X: x, Y: y}
				k++
			}
		}
		if k < len(s.Combatants) {
			b.Fatalf("a %d by %d map has no room for %d combatants a side", n, n, len(s.Combatants))
		}
	}
	spec := &check.MapSpec{Grid: g, Places: places}
	for _, r := range rows {
		spec.Rows = append(spec.Rows, string(r))
	}
	return spec
}

// BenchmarkScaled plays each ruleset's example encounter with 20, 200
// and 1000 combatants a side (see scaledEncounter) and reports the cost
// per combatant-round: the time over the rounds played times the
// combatants at the start. Flat figures across sizes mean the cost of a
// fight grows linearly with its combatants; they may grow as log N.
func BenchmarkScaled(b *testing.B) {
	for _, ex := range rulesetExamples {
		for _, sz := range scaledSizes {
			b.Run(fmt.Sprintf("%s/n=%d", ex.ruleset, sz.perSide), func(b *testing.B) {
				if sz.perSide > 200 && !*huge {
					b.Skip("1000 a side takes minutes: run with -huge")
				}
				mapSide := sz.mapSide
				if *scaledMapSide > 0 {
					mapSide = *scaledMapSide
				}
				enc := scaledEncounter(b, filepath.Join("..", "testdata", "encounters", ex.encounter), sz.perSide, mapSide)
				runner := interp.NewRunner(interp.Lower(enc.Rules), enc)
				combatants := sz.perSide * len(enc.Sides)
				rounds := 0
				i := 0
				// 2000 combatants (1000 a side) is past --max-combatants,
				// and such a fight on a 200x200 map does about half the
				// work the default budget allows one run: the budget is
				// raised here, where the cost is measured, not the limit.
				opt := interp.Options{MaxSteps: 10 * interp.DefaultMaxSteps}
				for b.Loop() {
					opt.Seed = uint64(i)
					res, err := runner.Play(opt)
					if err != nil {
						b.Fatal(err)
					}
					rounds += res.Rounds
					i++
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(1, rounds*combatants)), "ns/combatant-round")
				b.ReportMetric(float64(rounds)/float64(max(1, i)), "rounds/fight")
				// For docs/perf/instructions.sh, which divides instructions by it.
				b.ReportMetric(float64(rounds*combatants)/float64(max(1, i)), "combatant-rounds/fight")
			})
		}
	}
}
