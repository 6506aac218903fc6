package cli

import (
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The reference procedure of the performance issue, as a rule file
// (testdata/bench/reference.fray, encounter testdata/bench/skirmish.fray)
// and by hand in Go, the yardstick. They are measured here, in the
// command's package, to be run with the profile for profile-guided
// optimisation that go build and go install apply to fray
// (go test -pgo=cmd/fray/default.pgo ./cmd/internal/cli, from the
// repository's root): the benchmarks then measure fray as it is built and
// shipped, the rule file and the yardstick alike. Without -pgo they
// measure the build without the profile, as -pgo=off does.

// referenceRunner loads the reference encounter and gives the Runner that
// plays it, as fray sim would.
func referenceRunner(tb testing.TB) *interp.Runner {
	tb.Helper()
	enc, diags := check.UnderRoot("../../..").LoadEncounter(filepath.Join("..", "..", "..", "testdata", "bench", "skirmish.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	return interp.NewRunner(interp.Lower(enc.Rules), enc)
}

// BenchmarkReferenceRules plays the reference procedure through its
// rule file, one fight per iteration, each with its own seed, through one
// Runner as fray sim does. It reports encounters (fights) per second,
// nanoseconds per round and allocations per round.
func BenchmarkReferenceRules(b *testing.B) {
	runner := referenceRunner(b)
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

// BenchmarkReferenceNative is the reference procedure written by hand in
// Go, with the same dice stream, as the yardstick for the rule file.
func BenchmarkReferenceNative(b *testing.B) {
	rounds := 0
	b.ReportAllocs()
	i := 0
	var nf nativeFighters
	for b.Loop() {
		r, _ := nf.fight(uint64(i))
		rounds += r
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "encounters/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(1, rounds)), "ns/round")
}

// nativeFighters is the storage of the hand-written reference procedure,
// reused from fight to fight as a Runner reuses its own. Each side keeps
// the list of its living fighters in their order, as living(members(s))
// gives them: an attack picks its target from the list in one step and a
// death takes one fighter out, so no attack looks at every fighter.
type nativeFighters struct {
	hp     [nativeSize]int
	living [2][]int // the living fighters of each side, in order
	before [2][]int // a copy of living, for simultaneous turns
	store  [4][nativeSize / 2]int
}

// nativeSize is the fighters of the reference encounter, five a side;
// fighter k is on side k / (nativeSize/2).
const nativeSize = 10

// fight plays the reference procedure by hand with the dice of seed and
// returns the rounds played and which of the two sides still stand.
func (nf *nativeFighters) fight(seed uint64) (int, [2]bool) {
	d := interp.NewSeededDice(seed)
	roll := func(f int) int { v, _ := d.Die(f, nil); return v }
	for s := range 2 {
		nf.living[s] = nf.store[s][:0]
	}
	for k := range nf.hp {
		nf.hp[k] = 8
		s := k / (nativeSize / 2)
		nf.living[s] = append(nf.living[s], k)
	}
	surprised := [2]bool{roll(12) <= 4, roll(12) <= 4}
	// hit wounds fighter t; at 0 HP it leaves its side's living list.
	hit := func(t, amount int) {
		was := nf.hp[t] > 0
		nf.hp[t] -= amount
		if was && nf.hp[t] <= 0 {
			s := t / (nativeSize / 2)
			l := nf.living[s]
			i := slices.Index(l, t)
			nf.living[s] = append(l[:i], l[i+1:]...)
		}
	}
	// attack is one attacker's turn against the living foes of foes.
	attack := func(foes []int) {
		n := len(foes)
		if n == 0 {
			return
		}
		t := foes[0]
		if n > 1 {
			t = foes[roll(n)-1]
		}
		if roll(20)+1 >= 12 {
			hit(t, roll(8))
		}
	}
	round := 0
	for round = 1; round <= 200 && len(nf.living[0]) > 0 && len(nf.living[1]) > 0; round++ {
		init := [2]int{roll(6), roll(6)}
		if init[0] == init[1] {
			// Simultaneous: both sides act and choose against the state
			// before either struck.
			for s := range 2 {
				nf.before[s] = append(nf.store[2+s][:0], nf.living[s]...)
			}
			for s := range 2 {
				if round == 1 && surprised[s] {
					continue
				}
				for range nf.before[s] {
					attack(nf.before[1-s])
				}
			}
			continue
		}
		order := [2]int{0, 1}
		if init[1] > init[0] {
			order = [2]int{1, 0}
		}
		for _, s := range order {
			if round == 1 && surprised[s] {
				continue
			}
			// Only the other side's fighters fall in this side's turn.
			for range nf.living[s] {
				attack(nf.living[1-s])
			}
		}
	}
	return round - 1, [2]bool{len(nf.living[0]) > 0, len(nf.living[1]) > 0}
}

// TestReferenceNativeIsTheRuleFile checks that the yardstick plays the
// same procedure as the rule file: for each seed, the same rounds and
// the same sides left standing. (They read one dice stream, so one die
// rolled more or less by either shows at once.)
func TestReferenceNativeIsTheRuleFile(t *testing.T) {
	runner := referenceRunner(t)
	var nf nativeFighters
	for seed := range uint64(500) {
		res, err := runner.Play(interp.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rounds, stand := nf.fight(seed)
		got := [2]bool{slices.Contains(res.Standing, "red"), slices.Contains(res.Standing, "blue")}
		if res.Rounds != rounds || got != stand {
			t.Fatalf("seed %d: the rule file played %d rounds, standing %v; by hand %d rounds, standing %v", seed, res.Rounds, res.Standing, rounds, stand)
		}
	}
}

// BenchmarkReferenceRatio plays the reference procedure through the rule
// file and by hand in turns, a batch of fights of each per iteration with
// the same seeds, and reports how many times longer the rule file took
// ("x-native"). Both halves see the same moments of the machine, so the
// ratio does not drift with the host as two separate benchmarks do.
func BenchmarkReferenceRatio(b *testing.B) {
	const batch = 50
	runner := referenceRunner(b)
	var nf nativeFighters
	var rules, native time.Duration
	seed := uint64(0)
	for b.Loop() {
		t0 := time.Now()
		for k := range uint64(batch) {
			if _, err := runner.Play(interp.Options{Seed: seed + k}); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		for k := range uint64(batch) {
			nf.fight(seed + k)
		}
		t2 := time.Now()
		rules += t1.Sub(t0)
		native += t2.Sub(t1)
		seed += batch
	}
	b.ReportMetric(float64(rules)/float64(max(1, native)), "x-native")
	b.ReportMetric(float64(rules.Nanoseconds())/float64(seed), "ns/rules-fight")
	b.ReportMetric(float64(native.Nanoseconds())/float64(seed), "ns/native-fight")
}
