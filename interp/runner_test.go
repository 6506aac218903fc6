package interp

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// runnerEncounters are the encounters the Runner is checked on: every
// example, worked example and mechanic of the repository (among them a
// map, latecomers whose present changes mid-fight, scheduled blocks,
// scripted declarations), the runtime errors' encounters (endless
// functions and events), the reference procedure, and interp's own
// fixture whose defaults roll and whose constants are of every kind.
func runnerEncounters(t *testing.T) []string {
	var files []string
	for _, glob := range []string{"encounters", "worked", "mechanics", "bench", "features", "runtime", "prob"} {
		fs, _ := filepath.Glob(filepath.Join("..", "testdata", glob, "*.fray"))
		files = append(files, fs...)
	}
	files = append(files, filepath.Join("testdata", "reuse", "enc.fray"))
	for _, want := range []string{"halvaine_and_the_orcs.fray", "ambush_at_the_ford.fray", "sw_latecomers.fray",
		"w04_ghoul_joins_mid_round.fray", "skirmish.fray", "endless_fn_encounter.fray", "ping_encounter.fray"} {
		if !slices.ContainsFunc(files, func(f string) bool { return filepath.Base(f) == want }) {
			t.Fatalf("%s is missing from the encounters", want)
		}
	}
	return files
}

// loadFight loads an encounter; ok is false for a file that is not one
// (a ruleset, say).
func loadFight(t *testing.T, path string) (*Plan, *check.Encounter, bool) {
	t.Helper()
	l := loadedEncounter(path)
	if l.plan == nil {
		return nil, nil, false
	}
	return l.plan, l.enc, true
}

// fightOutcome is everything a fight leaves: its result or error, the
// state of every side and combatant, and its log when it had one.
type fightOutcome struct {
	res   Result
	err   string
	state string
	log   string
}

// stateOf renders every attribute of every side and combatant.
func stateOf(r *Run) string {
	var b strings.Builder
	for _, list := range [][]reflect.Value{r.sides, r.comb} {
		for _, v := range list {
			e := v.Elem()
			for i := range e.NumField() {
				fmt.Fprintf(&b, "%s=%s ", e.Type().Field(i).Name, show(e.Field(i)))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// logged gives a copy of opt whose events are written to buf as text and
// JSON.
func logged(opt Options, buf *bytes.Buffer) Options {
	text, js := NewTextLog(buf), NewJSONLog(buf)
	opt.Sink = func(e *Event) {
		text.Write(e)
		js.Write(e)
	}
	return opt
}

func outcome(r *Run, res Result, err error, log *bytes.Buffer) fightOutcome {
	o := fightOutcome{res: res, state: stateOf(r)}
	o.res.Standing = slices.Clone(res.Standing) // a Runner's is overwritten by its next fight
	if err != nil {
		o.err = err.Error()
	}
	if log != nil {
		o.log = log.String()
	}
	return o
}

func freshFight(p *Plan, enc *check.Encounter, opt Options, withLog bool) fightOutcome {
	var buf *bytes.Buffer
	if withLog {
		buf = &bytes.Buffer{}
		opt = logged(opt, buf)
	}
	r := New(p, enc, opt)
	res, err := r.Play()
	return outcome(r, res, err, buf)
}

func runnerFight(rn *Runner, opt Options, withLog bool) fightOutcome {
	var buf *bytes.Buffer
	if withLog {
		buf = &bytes.Buffer{}
		opt = logged(opt, buf)
	}
	res, err := rn.Play(opt)
	return outcome(&rn.run, res, err, buf)
}

func sameOutcome(t *testing.T, what string, got, want fightOutcome) {
	t.Helper()
	if !reflect.DeepEqual(got.res, want.res) || got.err != want.err {
		t.Errorf("%s: result %+v, error %q; a new run gives %+v, %q", what, got.res, got.err, want.res, want.err)
	}
	if got.state != want.state {
		t.Errorf("%s: the sides and combatants end as\n%s\na new run leaves them as\n%s", what, got.state, want.state)
	}
	if got.log != want.log {
		t.Errorf("%s: the log differs from a new run's:\n%s\nwant\n%s", what, got.log, want.log)
	}
}

// A Runner playing fights A, B, A (with and without a log, with fixed
// dice, stopped by an error) gives each the result, the end state and
// the log of a new run of the same fight.
func TestRunnerPlaysTheFightsOfNewRuns(t *testing.T) {
	t.Parallel()
	// One subtest an encounter, in parallel: they share nothing but the
	// plans, which runs only read.
	played := 0
	for _, path := range runnerEncounters(t) {
		p, enc, ok := loadFight(t, path)
		if !ok {
			continue
		}
		played++
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			playNewRunsOf(t, p, enc, name)
		})
	}
	if played < 50 {
		t.Fatalf("only %d encounters played", played)
	}
}

// playNewRunsOf plays one encounter's fights through one Runner, in
// turns with errors and fixed dice, each against a fight of a new Run
// (TestRunnerPlaysTheFightsOfNewRuns).
func playNewRunsOf(t *testing.T, p *Plan, enc *check.Encounter, name string) {
	a, b := Options{Seed: 11}, Options{Seed: 12345, MaxRounds: 7}
	fights := []struct {
		what string
		opt  Options
		log  bool
	}{
		{"A", a, false}, {"B", b, false}, {"A again", a, false},
		{"B logged", b, true}, {"A logged", a, true}, {"A quiet after logged", a, false},
		// Stopped by the step limit, somewhere inside the fight.
		{"A cut at 40 steps", Options{Seed: 11, MaxSteps: 40}, false},
		{"B after an error", b, false},
		{"A cut at 400 steps, logged", Options{Seed: 11, MaxSteps: 400}, true},
		{"A after an error", a, true},
		// Fixed dice that run out in the middle of a roll.
		{"fixed dice run out", Options{Dice: []int{1, 2, 1}}, false},
		{"A after the fixed dice", a, false},
	}
	if enc.Dice != nil {
		fights = append(fights, struct {
			what string
			opt  Options
			log  bool
		}{"the encounter's dice", Options{Dice: enc.Dice}, true}, struct {
			what string
			opt  Options
			log  bool
		}{"B after the encounter's dice", b, false})
	}
	rn := NewRunner(p, enc)
	for _, f := range fights {
		sameOutcome(t, name+": "+f.what, runnerFight(rn, f.opt, f.log), freshFight(p, enc, f.opt, f.log))
	}
}

// A Runner's fights roll the defaults afresh: the fixture's hit points
// are 2d6 + a constant, its sides' morale d10 + a constant.
func TestRunnerRollsDefaultsEachFight(t *testing.T) {
	p, enc, ok := loadFight(t, filepath.Join("testdata", "reuse", "enc.fray"))
	if !ok {
		t.Fatal("the fixture does not load")
	}
	rn := NewRunner(p, enc)
	hp := p.M.U.AttrOf(false, "hp")
	seen := map[int64]bool{}
	for seed := range uint64(20) {
		// What setup leaves, before the first round.
		rn.run.reset(Options{Seed: seed})
		if err := rn.run.setup(); err != nil {
			t.Fatal(err)
		}
		seen[rn.run.comb[0].Elem().Field(hp.Field).Int()] = true
	}
	if len(seen) < 5 {
		t.Errorf("20 fights start r1 with %d different hit points", len(seen))
	}
}

// A Runner computes the constants in its first fight and keeps them:
// they read only literals, the constants before them and the
// encounter's lists (the checker gives them no function, so no die), so
// every later fight has the values a new run computes, and the frame
// pools' templates hold them.
func TestRunnerComputesConstantsOnce(t *testing.T) {
	p, enc, ok := loadFight(t, filepath.Join("testdata", "reuse", "enc.fray"))
	if !ok {
		t.Fatal("the fixture does not load")
	}
	if len(p.M.Consts) == 0 {
		t.Fatal("the fixture has no constants")
	}
	rn := NewRunner(p, enc)
	for seed := uint64(1); seed <= 3; seed++ {
		opt := Options{Seed: seed}
		sameOutcome(t, fmt.Sprintf("seed %d", seed), runnerFight(rn, opt, true), freshFight(p, enc, opt, true))
	}
	fresh := New(p, enc, Options{Seed: 9})
	if err := fresh.setup(); err != nil {
		t.Fatal(err)
	}
	if len(rn.keep.consts) != len(fresh.consts) {
		t.Fatalf("the Runner keeps %d constants, a new run computes %d", len(rn.keep.consts), len(fresh.consts))
	}
	for i, c := range p.M.Consts {
		if got, want := show(rn.keep.consts[i]), show(fresh.consts[i]); got != want {
			t.Errorf("constant %s: the Runner keeps %s, a new run computes %s", c.Name, got, want)
		}
		for id := range rn.run.pools {
			if tmpl := rn.run.pools[id].tmpl; tmpl.IsValid() {
				if got := show(tmpl.Field(c.Field.Index)); got != show(fresh.consts[i]) {
					t.Errorf("constant %s: frame %d's template holds %s", c.Name, id, got)
				}
			}
		}
	}
}

// SampleEventProbability, which plays its set-ups through a Runner,
// counts exactly what new runs of the same seeds count.
func TestSampleEventProbabilityCountsWhatNewRunsPlay(t *testing.T) {
	for _, c := range []struct{ path, cond string }{
		{filepath.Join("..", "testdata", "prob", "checks_encounter.fray"), `any(sides, .name == "a" && .check >= 10)`},
		{filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), `any(sides, .name == "party" && .surprised > 0)`},
	} {
		p, enc, ok := loadFight(t, c.path)
		if !ok {
			t.Fatalf("%s does not load", c.path)
		}
		cond, diags := enc.Rules.CompileQuestion("<event>", c.cond, enc.Rules.U.Bool)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		const n = 300
		got, _, err := SampleEventProbability(p, enc, cond, "", n, 9, Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for i := range n {
			r := New(p, enc, Options{Seed: FightSeed(9, i)})
			if err := r.PlaySetup(""); err != nil {
				t.Fatal(err)
			}
			v, err := r.eval(cond, r.newFrame(r.m.Globals))
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := v.(bool); b {
				want++
			}
		}
		if got != want || want == 0 || want == n {
			t.Errorf("%s: %s holds after %d of %d sampled set-ups; new runs count %d", c.path, c.cond, got, n, want)
		}
	}
}
