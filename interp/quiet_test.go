package interp

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// repoEncounters are the encounters of the repository's test data.
func repoEncounters(t testing.TB) []string {
	var files []string
	for _, d := range []string{"encounters", "worked", "mechanics", "bench"} {
		f, _ := filepath.Glob(filepath.Join("..", "testdata", d, "*.fray"))
		for _, name := range f {
			src, err := os.ReadFile(name)
			if err == nil && regexp.MustCompile(`(?m)^encounter `).Match(src) {
				files = append(files, name)
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("no encounters found")
	}
	return files
}

// fightState is everything a finished fight leaves behind: the result or
// error, every attribute of every side and combatant, how many log
// entries were made, and the rule events by name and actor.
func fightState(t *testing.T, p *Plan, enc *check.Encounter, opt Options) string {
	t.Helper()
	counts := map[string]int{}
	if opt.Sink != nil {
		opt.Sink = func(e *Event) {
			if e.Kind == KEvent {
				counts[e.Name+" · "+e.Who]++
			}
		}
	} else {
		opt.countEvent = func(name, who string) { counts[name+" · "+who]++ }
	}
	r := New(p, enc, opt)
	res, err := r.Play()
	var b strings.Builder
	fmt.Fprintf(&b, "result %+v, error %v, log entries %d\n", res, err, r.seq)
	for _, list := range [][]reflect.Value{r.sides, r.comb} {
		for _, v := range list {
			e := v.Elem()
			for i := 0; i < e.NumField(); i++ {
				fmt.Fprintf(&b, "%s ", show(e.Field(i)))
			}
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "events %v\n", counts)
	return b.String()
}

// A run nobody logs skips building the log, and nothing else: every
// encounter of the repository ends the same with and without a sink.
func TestQuietRunIsTheSameFight(t *testing.T) {
	t.Parallel()
	for _, f := range repoEncounters(t) {
		l := loadedEncounter(f)
		if l.diags.HasErrors() {
			t.Fatalf("%s: %v", f, l.diags)
		}
		enc, p, vm := l.enc, l.plan, l.vm()
		for seed := uint64(1); seed <= 8; seed++ {
			opt := Options{Seed: seed}
			if seed == 1 && enc.Dice != nil {
				opt.Dice = enc.Dice
			}
			logged := fightState(t, p, enc, Options{Seed: opt.Seed, Dice: opt.Dice, Sink: func(*Event) {}})
			quiet := fightState(t, p, enc, opt)
			if logged != quiet {
				t.Errorf("%s seed %d: a quiet run differs from a logged one:\nlogged:\n%s\nquiet:\n%s", f, seed, logged, quiet)
			}
			// The same fight with every expression in expr-lang's VM.
			slow := fightState(t, vm, enc, opt)
			if slow != quiet {
				t.Errorf("%s seed %d: a quiet run differs with native expressions:\nvm:\n%s\nnative:\n%s", f, seed, slow, quiet)
			}
		}
	}
}
