package interp

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// repoRuleFiles are the rule files of the repository: rules/, its
// variants, and the rule files of the test data.
func repoRuleFiles(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"rules/*.fray", "rules/variants/*.fray", "testdata/*/*.fray", "testdata/bench/homebrew/*.fray"} {
		f, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(pat)))
		for _, name := range f {
			if d := filepath.Base(filepath.Dir(name)); d == "bad" || d == "format" || d == "hostile" {
				// Mistakes on purpose; formatter inputs; files written to
				// exhaust a run (a 3000-deep chain of fns would make each of
				// its expressions a 3000-deep call: TestHostileFilesAreStopped
				// runs them).
				continue
			}
			src, err := os.ReadFile(name)
			if err == nil && regexp.MustCompile(`(?m)^ruleset `).Match(src) {
				files = append(files, name)
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("no rule files found")
	}
	return files
}

// probeRun is a run of a ruleset with two sides of three, set up.
func probeRun(t *testing.T, m *check.Model, seed uint64) *Run {
	return probeRunOf(t, Lower(m), seed)
}

// probeRunOf is probeRun under a plan already lowered.
func probeRunOf(t *testing.T, p *Plan, seed uint64) *Run {
	r := New(p, probeEncounter(p.M), Options{Seed: seed})
	if err := r.setup(); err != nil {
		t.Fatalf("%s: setup: %v", p.M.File.Name, err)
	}
	r.round = 2
	return r
}

// probeEncounter is the encounter of probe runs: two sides of three.
func probeEncounter(m *check.Model) *check.Encounter {
	enc := &check.Encounter{File: &syntax.File{Name: "probe.fray"}, Name: "probe", Rules: m, Rounds: 5}
	for _, s := range []string{"red", "blue"} {
		side := &check.SideSpec{Name: s}
		for i := 1; i <= 3; i++ {
			side.Combatants = append(side.Combatants, &check.CombatantSpec{Name: fmt.Sprintf("%s%d", s, i)})
		}
		enc.Sides = append(enc.Sides, side)
	}
	return enc
}

// probeRunner gives probeRunOf's run in a Runner's storage: the run is
// reset and set up as the Runner's next fight would be (Runner.Play),
// whatever the probe before it left. Setting up a fresh run for each
// probe was most of TestFastAgreesWithExpr's CPU; a Runner's fight is
// New's fight (TestRunnerPlaysTheFightsOfNewRuns).
func probeRunner(t *testing.T, rn *Runner, seed uint64) *Run {
	r := &rn.run
	r.reset(Options{Seed: seed})
	if err := r.setup(); err != nil {
		t.Fatalf("%s: setup: %v", r.m.File.Name, err)
	}
	r.round = 2
	return r
}

// fillFrame sets a frame's locals: zero (nobody, 0, false) when k is 0,
// else a combatant, a side and numbers that depend on k. Every local is
// zeroed first: a Runner's frame (probeRunner) may come from its pool
// holding the locals of the probe before.
func fillFrame(r *Run, f *check.Frame, fr reflect.Value, k int) {
	e := fr.Elem()
	for _, ff := range f.Fields {
		if ff.Global {
			continue
		}
		v := e.Field(ff.Index)
		v.SetZero()
		if k == 0 {
			continue
		}
		switch {
		case v.Type() == r.m.U.Combatant.R:
			v.Set(r.comb[k%len(r.comb)])
		case v.Type() == r.m.U.Side.R:
			v.Set(r.sides[k%len(r.sides)])
		case v.Type() == r.combList.Type():
			v.Set(r.combList)
		case v.Type() == r.sideList.Type():
			v.Set(r.sideList)
		case v.Kind() == reflect.Int:
			v.SetInt(int64(k*7 - 10))
		case v.Kind() == reflect.Bool:
			v.SetBool(k%2 == 1)
		case v.Kind() == reflect.Float64:
			v.SetFloat(float64(k)*2.5 - 4) // fractions, zero (k=0 leaves it), and below zero
		case v.Type() == reflect.TypeOf(stdlib.Dice{}):
			v.Set(reflect.ValueOf(stdlib.Dice{N: k, Faces: 6, Mod: 1}))
		}
	}
}

// describeEntity renders a combatant, a side or nobody, or an error.
func describeEntity(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		return "nobody"
	}
	return nameOf(rv)
}

// describe renders a value or error with its Go type, to compare.
func describe(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%T %s", v, show(v))
}

// Every expression of every repository rule file that is evaluated
// natively gives what expr-lang's VM gives: the same value of the same
// type, the same rolls (the dice stream is at the same place after
// both), and the same error, in frames whose locals are nobody and zero
// and in frames with combatants, sides and numbers, with everyone alive,
// with some fallen and with a whole side fallen.
func TestFastAgreesWithExpr(t *testing.T) {
	t.Parallel()
	// One subtest a file, run in parallel; the counts are summed after.
	var checked, failures, native, total atomic.Int64
	t.Run("files", func(t *testing.T) {
		for _, file := range repoRuleFiles(t) {
			t.Run(filepath.Base(file), func(t *testing.T) {
				t.Parallel()
				c, f, n, all := agreeOnFile(t, file)
				checked.Add(c)
				failures.Add(f)
				native.Add(n)
				total.Add(all)
			})
		}
	})
	t.Logf("%d of %d expressions of the repository's rule files are native; %d comparisons, %d of them errors", native.Load(), total.Load(), checked.Load(), failures.Load())
	if failures.Load() == 0 {
		t.Error("no comparison covered an error")
	}
	if native.Load()*2 < total.Load() {
		t.Errorf("only %d of %d expressions are evaluated natively", native.Load(), total.Load())
	}
}

// agreeOnFile compares every native expression of one rule file with
// the VM (TestFastAgreesWithExpr) and gives the counts: comparisons,
// those that were errors, native expressions, all expressions.
func agreeOnFile(t *testing.T, file string) (checked, failures, native, total int64) {
	{
		l := loadedRuleset(file)
		if l.diags.HasErrors() {
			if !strings.HasPrefix(filepath.ToSlash(file), "../rules/") {
				return // test data that is wrong on purpose
			}
			t.Fatalf("%s: %v", file, l.diags)
		}
		m, plan := l.m, l.plan
		var exprs []*check.CExpr
		for _, ce := range m.Exprs {
			total++
			if plan.fast[ce.ID] != nil {
				exprs = append(exprs, ce)
			}
		}
		native += int64(len(exprs))
		sort.Slice(exprs, func(i, j int) bool {
			a, b := exprs[i].Expr.Pos, exprs[j].Expr.Pos
			return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
		})
		enc := probeEncounter(m)
		slowRn, fastRn := NewRunner(plan, enc), NewRunner(plan, enc)
		for _, ce := range exprs {
			for k := 0; k < 4; k++ {
				for _, fallen := range []int{0, 1, 2} {
					slow, fast := probeRunner(t, slowRn, uint64(k+1)), probeRunner(t, fastRn, uint64(k+1))
					for _, r := range []*Run{slow, fast} {
						// 1: some of each side fallen; 2: a whole side fallen.
						dead := map[int][]int{1: {1, 3, 4}, 2: {3, 4, 5}}[fallen]
						for _, i := range dead {
							r.comb[i].Elem().Field(check.FieldAlive).SetBool(false)
						}
					}
					sf, ff := slow.frame(ce.Frame), fast.frame(ce.Frame)
					fillFrame(slow, ce.Frame, sf, k)
					fillFrame(fast, ce.Frame, ff, k)
					vmVal, vmErr := slow.evalVM(ce, sf)
					want := describe(vmVal, vmErr)
					var got string
					if fe := plan.fast[ce.ID]; fe.ss != nil {
						// A list of strings: the VM's, stored as a list of
						// strings (Run.store), against the native one.
						want = describe(storedAs[string](slow, vmVal), vmErr)
						l, err := fastRun(fast, ce, fe.ss, ff)
						got = describe(l, err)
					} else if fe.is != nil {
						// A list literal of whole numbers: the VM's, stored
						// as a list of whole numbers, against the native one.
						want = describe(storedAs[int](slow, vmVal), vmErr)
						l, err := fastRun(fast, ce, fe.is, ff)
						got = describe(l, err)
					} else if fe.noBox && fe.l != nil {
						// A choice of lists: the VM's items against the
						// native list's.
						want = describeEntities(vmVal, vmErr)
						l, err := fastRun(fast, ce, fe.l, ff)
						got = describeEntities(boxList(reflect.SliceOf(fe.elem), l).Interface(), err)
					} else if fe.noBox {
						// The boxed value is the VM's; compare the native
						// pointer (expr-lang's nil may be untyped).
						want = describeEntity(vmVal, vmErr)
						p, err := fastRun(fast, ce, fe.p, ff)
						got = describeEntity(boxPtr(fe.tw, p), err)
					} else {
						got = describe(fast.evalFast(ce, fe, ff))
					}
					ws, gs := *slow.dice.(*SeededDice), *fast.dice.(*SeededDice)
					if want != got || ws != gs || slow.seq != fast.seq {
						t.Errorf("%s:%d:%d %s (locals %d, fallen %d):\n expr: %s\n fast: %s\n dice at %v and %v, log entries %d and %d",
							file, ce.Expr.Pos.Line, ce.Expr.Pos.Column, ce.Expr.Raw(), k, fallen, want, got, ws, gs, slow.seq, fast.seq)
					}
					checked++
					if strings.HasPrefix(want, "error: ") {
						failures++
					}
				}
			}
		}
	}
	return checked, failures, native, total
}

// Native evaluation changes no fight: the logs of every repository
// encounter are byte-identical with it and without it (a plan whose
// expressions all run in expr-lang's VM).
func TestFastSameLogs(t *testing.T) {
	t.Parallel()
	logOf := func(p *Plan, enc *check.Encounter, opt Options) string {
		var buf bytes.Buffer
		text := NewTextLog(&buf)
		opt.Sink = text.Write
		_, err := New(p, enc, opt).Play()
		fmt.Fprintf(&buf, "error: %v\n", err)
		return buf.String()
	}
	for _, f := range repoEncounters(t) {
		l := loadedEncounter(f)
		if l.diags.HasErrors() {
			t.Fatalf("%s: %v", f, l.diags)
		}
		enc, p, vm := l.enc, l.plan, l.vm()
		for seed := uint64(0); seed <= 5; seed++ {
			opt := Options{Seed: seed}
			if seed == 0 {
				opt.Seed, opt.Dice = enc.Seed, enc.Dice
			}
			slow := logOf(vm, enc, opt)
			fast := logOf(p, enc, opt)
			if slow != fast {
				t.Errorf("%s seed %d: the log differs with native expressions:\n%s", f, seed, firstDiff(slow, fast))
			}
		}
	}
}

func firstDiff(a, b string) string {
	la, lb := bytes.Split([]byte(a), []byte("\n")), bytes.Split([]byte(b), []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(la), len(lb))
}

// A quiet run skips an event's text only when reading it cannot fail:
// the reference's hit reads fields of attacker and target, so a hit on
// nobody is still rendered (and fails as in a logged run).
func TestQuietTextSkippedOnlyWhenSafe(t *testing.T) {
	m, diags := check.UnderRoot("..").LoadRuleset(filepath.Join("..", "testdata", "bench", "reference.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := probeRun(t, m, 1)
	ep := r.plan.events[m.Events["hit"]]
	if !ep.quietSkip || len(ep.quietRoots) != 2 {
		t.Fatalf("hit: skip %v, roots %v", ep.quietSkip, ep.quietRoots)
	}
	if !ep.quietFast || len(ep.quietAt) != 2 {
		t.Fatalf("hit: its roots are pointers, read by offset: fast %v, at %v", ep.quietFast, ep.quietAt)
	}
	// The arguments sit in a frame of the event.
	args := func(a ...reflect.Value) reflect.Value {
		efr := r.newFrame(ep.ev.Frame)
		for i, v := range a {
			efr.Elem().Field(ep.ev.Params[i].Field.Index).Set(v)
		}
		return efr
	}
	amount := reflect.ValueOf(3)
	if !ep.skipText(args(r.comb[0], r.comb[1], amount)) {
		t.Error("a hit between two combatants needs no text in a quiet run")
	}
	nobody := reflect.Zero(r.comb[0].Type())
	if ep.skipText(args(r.comb[0], nobody, amount)) {
		t.Error("a hit on nobody must be rendered, to fail as in a logged run")
	}
	if ep.skipText(args(nobody, r.comb[1], amount)) {
		t.Error("a hit by nobody must be rendered, to fail as in a logged run")
	}
	err := r.dispatch(ep, args(r.comb[0], nobody, amount), diag.Range{}, "red1")
	if err == nil || !strings.Contains(err.Error(), "cannot read name through target, which is none") {
		t.Errorf("a quiet hit on nobody: %v", err)
	}
}

// Every specialised world call is a function of the library, with the
// number of parameters the specialisation reads.
func TestWorldCallsAreLibrary(t *testing.T) {
	for name := range worldBoolCalls {
		if f := stdlib.Lookup(name); f == nil || f.Result != stdlib.Bool || len(f.Params) != 2 {
			t.Errorf("worldBoolCalls has %s, which is no two-parameter truth function of stdlib.Funcs", name)
		}
	}
	for name := range worldIntCalls {
		if f := stdlib.Lookup(name); f == nil || f.Result != stdlib.Int || len(f.Params) != 2 {
			t.Errorf("worldIntCalls has %s, which is no two-parameter whole-number function of stdlib.Funcs", name)
		}
	}
}

// storedAs is v as Run.store keeps it in a list of T (strings, whole
// numbers; nil when v is an error's nil).
func storedAs[T any](r *Run, v any) any {
	if v == nil {
		return nil
	}
	var out []T
	if err := r.store(reflect.ValueOf(&out).Elem(), v, diag.Range{}); err != nil {
		return err.Error()
	}
	return out
}

// describeEntities describes a list of combatants or sides, typed or
// not, by the names of its items.
func describeEntities(v any, err error) string {
	if err != nil {
		return describe(nil, err)
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Slice {
		return fmt.Sprintf("not a list: %v", v)
	}
	var names []string
	for i := range rv.Len() {
		names = append(names, describeEntity(rv.Index(i).Interface(), nil))
	}
	return "[" + strings.Join(names, " ") + "]"
}
