package fraytest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// Options say which tests run and how.
type Options struct {
	// Filter selects tests by name (fray test --run); nil runs all.
	Filter *regexp.Regexp
	// Update rewrites golden logs instead of comparing them.
	Update bool
	// Fight has the limits of every fight (MaxSteps, MaxLog, ...); its
	// dice, seed, rounds and sink are each test's. Its Stop, closed
	// (Ctrl-C), stops the fight under way and the tests after it
	// (Runner.Interrupted).
	Fight interp.Options
	// MaxPaths bounds the dice sequences of an exact property; 0: 1,000,000.
	MaxPaths int
	// MaxWork bounds the steps of all the fights the properties of one
	// test file play together: the set-ups of an exact one over every
	// rate, the seeded fights of another (fray test's --max-work); 0:
	// stdlib.MaxDistWork, fray prob's bound of an exact --event. One
	// total for the file, not one per property: 10 000 properties each
	// just under a bound of their own were hours of work.
	MaxWork int
	// Lower makes the plan of a ruleset; nil is interp.Lower. fray test
	// --coverage lowers with a coverage recorder (interp.LowerCovered).
	Lower func(m *check.Model) *interp.Plan
}

// Outcome is the result of one test or property; its JSON is an item
// of docs/schema/test.json's tests.
type Outcome struct {
	File string     `json:"-"`
	Name string     `json:"name"`
	Kind string     `json:"kind"` // test or property
	At   diag.Range `json:"subject"`
	// Result is pass, fail (an expectation did not hold), error (the
	// fight could not be played) or skip (--run did not select it).
	Result   string     `json:"outcome"`
	Failures []*Failure `json:"failures,omitempty"`
	// Notes are what a property measured: "rate(...) = 0.31 (155 of 500 fights)".
	Notes []string `json:"notes,omitempty"`
}

// Outcome results.
const (
	Pass  = "pass"
	Fail  = "fail"
	Error = "error"
	Skip  = "skip"
)

// Passed reports whether the test ran and passed.
func (o *Outcome) Passed() bool { return o.Result == Pass }

// Failure is one expectation that did not hold, or a fight that could
// not be played, at its place in the test file.
type Failure struct {
	At      diag.Range `json:"subject"`
	Message string     `json:"message"`
	// Actual and Expected are what was found and what was wanted, when
	// the expectation compares two values (Expected starts with the
	// operator: "== 3").
	Actual   string `json:"actual,omitempty"`
	Expected string `json:"expected,omitempty"`
	// Log are further lines: the values of the parts of the condition,
	// and the log around the events the expectation looked at.
	Log []string `json:"log,omitempty"`
	// fatal: the fight could not be played (the outcome is an error).
	fatal bool
}

// Runner runs tests, lowering each ruleset once.
type Runner struct {
	opt   Options
	plans map[*check.Model]*interp.Plan
	// work counts the steps the properties of the file under way have
	// played, against Options.MaxWork (RunFile starts it afresh).
	work *interp.SetupWork
}

// NewRunner makes a Runner with the options.
func NewRunner(opt Options) *Runner {
	if opt.Lower == nil {
		opt.Lower = interp.Lower
	}
	if opt.MaxPaths == 0 {
		opt.MaxPaths = 1_000_000
	}
	if opt.MaxWork == 0 {
		opt.MaxWork = stdlib.MaxDistWork
	}
	return &Runner{opt: opt, plans: map[*check.Model]*interp.Plan{}}
}

func (rn *Runner) plan(m *check.Model) *interp.Plan {
	p := rn.plans[m]
	if p == nil {
		p = rn.opt.Lower(m)
		rn.plans[m] = p
	}
	return p
}

// RunFile runs the tests of a checked file that the filter selects, in
// the file's order.
func (rn *Runner) RunFile(tf *check.TestFile) []*Outcome {
	var out []*Outcome
	rn.work = &interp.SetupWork{Max: rn.opt.MaxWork}
	for _, tc := range tf.Tests {
		if rn.Interrupted() {
			break
		}
		o := &Outcome{File: tf.Path, Name: tc.Name, Kind: "test", At: tc.At, Result: Pass}
		if tc.Property {
			o.Kind = "property"
		}
		out = append(out, o)
		if rn.opt.Filter != nil && !rn.opt.Filter.MatchString(tc.Name) {
			o.Result = Skip
			continue
		}
		if tc.Property {
			rn.property(tc, o)
		} else {
			rn.test(tc, o)
		}
		if rn.Interrupted() {
			return out[:len(out)-1] // cut short: neither passed nor failed
		}
		sort.SliceStable(o.Failures, func(i, j int) bool { return o.Failures[i].At.Start.Byte < o.Failures[j].At.Start.Byte })
		for _, fl := range o.Failures {
			if fl.fatal {
				o.Result = Error
				break
			}
			o.Result = Fail
		}
	}
	return out
}

// Interrupted reports whether Options.Fight.Stop has closed: the tests
// RunFile gave are those that ran in full, and no more will run.
func (rn *Runner) Interrupted() bool {
	select {
	case <-rn.opt.Fight.Stop:
		return true
	default:
		return false
	}
}

func (rn *Runner) fightOptions(tc *check.TestCase) interp.Options {
	opt := rn.opt.Fight
	opt.Dice, opt.Seed = tc.Dice, tc.Seed
	if tc.Rounds > 0 {
		opt.MaxRounds = tc.Rounds
	}
	if opt.Dice == nil && !tc.HasSeed {
		opt.Seed = 1 // as fray run
	}
	return opt
}

// test plays a test's fight once and checks it.
func (rn *Runner) test(tc *check.TestCase, o *Outcome) {
	var events []*interp.Event
	var text bytes.Buffer
	tl := interp.NewTextLog(&text)
	opt := rn.fightOptions(tc)
	var r *interp.Run
	var st *states
	if tc.Env.States {
		st = newStates(tc.Env, opt.MaxLog, func() (reflect.Value, reflect.Value) { return r.Lists() })
	}
	opt.Sink = func(e *interp.Event) {
		if st != nil {
			st.see(e)
		}
		events = append(events, e)
		tl.Write(e)
	}
	r = interp.New(rn.plan(tc.Enc.Rules), tc.Enc, opt)
	var res interp.Result
	var err error
	if tc.After != "" {
		err = r.PlaySetup(tc.After)
	} else {
		res, err = r.Play()
	}
	sides, comb := r.Lists()
	f := newFight(events, res, sides, comb)
	if st != nil {
		st.end()
		f.states = st
		if err == nil {
			err = st.err()
		}
	}
	switch {
	case tc.WantErr != nil && err == nil:
		o.Failures = append(o.Failures, &Failure{At: tc.ErrAt, Message: fmt.Sprintf("the fight ended without an error; want one containing %s", quoteAll(tc.WantErr)),
			Log: f.tail(3)})
		return
	case tc.WantErr != nil && !containsAll(err.Error(), tc.WantErr):
		o.Failures = append(o.Failures, &Failure{At: tc.ErrAt, Message: "the fight stopped with another error",
			Actual: err.Error(), Expected: "an error containing " + quoteAll(tc.WantErr)})
		return
	case tc.WantErr == nil && err != nil:
		o.Failures = append(o.Failures, &Failure{At: tc.At, Message: "the fight stopped: " + err.Error(), Log: f.tail(3), fatal: true})
		return
	}
	if tc.Golden != "" {
		rn.golden(tc, text.Bytes(), o)
	}
	for _, ex := range tc.Expects {
		if fl := f.check(tc.Env, ex, nil); fl != nil {
			o.Failures = append(o.Failures, fl)
		}
	}
}

// golden compares the text log with the test's golden file, or writes it.
func (rn *Runner) golden(tc *check.TestCase, got []byte, o *Outcome) {
	if rn.opt.Update {
		if err := writeGolden(tc.Golden, got); err != nil {
			o.Failures = append(o.Failures, &Failure{At: tc.GoldenAt, Message: "cannot write the golden log: " + err.Error()})
		}
		return
	}
	want, err := readGolden(tc.Golden, goldenLimit(rn.opt.Fight.MaxLog))
	if err != nil {
		o.Failures = append(o.Failures, &Failure{At: tc.GoldenAt, Message: "cannot read the golden log (fray test --update writes it): " + cleanErr(err)})
		return
	}
	if !bytes.Equal(want, got) {
		o.Failures = append(o.Failures, &Failure{At: tc.GoldenAt, Message: "the log differs from " + tc.Golden + " (fray test --update rewrites it)",
			Log: firstDifference(string(want), string(got))})
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func quoteAll(subs []string) string {
	q := make([]string, len(subs))
	for i, s := range subs {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, " and ")
}

func cleanErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// check evaluates an expectation on the fight; rates are the values of
// its rate(...) calls (a property's). It returns nil when it holds.
func (f *fight) check(te *check.TestEnv, ex *check.Expectation, rates []float64) *Failure {
	env := f.env(te)
	for i, v := range rates {
		env.Field(te.Rates[i]).SetFloat(v)
	}
	f.looked = nil
	if err := f.affords(ex); err != nil {
		return &Failure{At: ex.At, Message: "expect " + ex.Source + ": " + err.Error(), fatal: true}
	}
	v, err := expr.Run(ex.Program, env.Interface())
	if err != nil {
		return &Failure{At: ex.At, Message: "expect " + ex.Source + ": " + interp.ExprErrorWords(err), fatal: true}
	}
	if b, _ := v.(bool); b {
		return nil
	}
	fl := &Failure{At: ex.At, Message: "expect " + ex.Source}
	looked := f.looked
	f.looked = nil
	// A rate is a field of the environment: show it as written.
	asWritten := func(s string) string {
		for i := len(ex.Rates) - 1; i >= 0; i-- {
			s = strings.ReplaceAll(s, check.RateName(i), "rate("+ex.Rates[i].Source+")")
		}
		return s
	}
	why := explain(ex.Written, env)
	fl.Actual, fl.Expected = asWritten(why.actual), asWritten(why.expected)
	for _, d := range why.parts {
		fl.Log = append(fl.Log, asWritten(d))
	}
	fl.Log = append(fl.Log, f.around(append(looked, f.looked...))...)
	return fl
}

// holds evaluates a per-fight condition (a rate's).
func (f *fight) holds(te *check.TestEnv, ex *check.Expectation) (bool, error) {
	if err := f.affords(ex); err != nil {
		return false, err
	}
	v, err := expr.Run(ex.Program, f.env(te).Interface())
	if err != nil {
		return false, err
	}
	b, _ := v.(bool)
	return b, nil
}

// property plays a property's fights and checks its expectations with
// the rates measured over them.
func (rn *Runner) property(tc *check.TestCase, o *Outcome) {
	p := rn.plan(tc.Enc.Rules)
	// Every rate of every expectation, counted over the same fights.
	type rate struct {
		ex   *check.Expectation
		hits int
		frac *big.Rat
	}
	var rates [][]*rate
	for _, ex := range tc.Expects {
		var rs []*rate
		for _, r := range ex.Rates {
			rs = append(rs, &rate{ex: r})
		}
		rates = append(rates, rs)
	}
	var events []*interp.Event
	var st *states
	var lists func() (reflect.Value, reflect.Value)
	if tc.Env.States {
		st = newStates(tc.Env, rn.opt.Fight.MaxLog, func() (reflect.Value, reflect.Value) { return lists() })
	}
	sink := func(e *interp.Event) {
		if st != nil {
			st.see(e)
		}
		events = append(events, e)
	}
	count := func(lists func() (reflect.Value, reflect.Value), res interp.Result) (bool, error) {
		sides, comb := lists()
		f := newFight(events, res, sides, comb)
		events = events[:0]
		if st != nil {
			st.end()
			f.states = st
			defer st.reset()
			if err := st.err(); err != nil {
				return false, err
			}
		}
		for _, rs := range rates {
			for _, r := range rs {
				ok, err := f.holds(tc.Env, r.ex)
				if err != nil {
					return false, fmt.Errorf("%s:%d:%d: rate(%s): %v", r.ex.At.Filename, r.ex.At.Start.Line, r.ex.At.Start.Column, r.ex.Source, err)
				}
				if ok {
					r.hits++
				}
			}
		}
		return false, nil
	}
	total := tc.Fights
	if tc.Exact {
		// Each rate is its own enumeration: the probability of its
		// condition over every sequence of the set-up's dice. The
		// set-ups of them all, and the fights of the file's properties
		// before, share one bound of work.
		work := rn.work
		for _, rs := range rates {
			for _, r := range rs {
				opt := rn.fightOptions(tc)
				opt.Sink = sink
				frac, paths, err := interp.EnumerateSetup(p, tc.Enc, tc.After, rn.opt.MaxPaths, work, opt, func(run *interp.Run) (bool, error) {
					lists = run.Lists
					sides, comb := run.Lists()
					f := newFight(events, interp.Result{}, sides, comb)
					events = events[:0]
					if st != nil {
						st.end()
						f.states = st
						defer st.reset()
						if err := st.err(); err != nil {
							return false, err
						}
					}
					return f.holds(tc.Env, r.ex)
				})
				if err != nil {
					o.Failures = append(o.Failures, &Failure{At: tc.At, Message: "the property could not be played: " + err.Error(), fatal: true})
					return
				}
				r.frac = frac
				total = paths
			}
		}
	} else {
		runner := interp.NewRunner(p, tc.Enc)
		lists = runner.Lists
		base := tc.Seed
		if !tc.HasSeed {
			base = 1
		}
		// Each fight is held to --max-steps alone: 100 000 of them
		// looping to just under it were days of work. They share the
		// file's bound with its other properties.
		for i := 0; i < tc.Fights; i++ {
			opt := rn.fightOptions(tc)
			opt.Dice, opt.Seed, opt.Sink = nil, interp.FightSeed(base, i), sink
			var res interp.Result
			var err error
			if tc.After != "" {
				err = runner.PlaySetup(opt, tc.After)
			} else {
				res, err = runner.Play(opt)
			}
			if err == nil {
				_, err = count(runner.Lists, res)
			}
			if err != nil {
				o.Failures = append(o.Failures, &Failure{At: tc.At, Message: fmt.Sprintf("fight %d (seed %d) stopped: %v", i+1, opt.Seed, err), fatal: true})
				return
			}
			if rn.work.Steps += runner.Steps(); rn.work.Steps > rn.work.Max {
				o.Failures = append(o.Failures, &Failure{At: tc.At, Message: fmt.Sprintf("the property could not be played: at its fight %d, the properties of this file did %d steps of work in all, over the limit of %d (one bound for the file); raise --max-work, or play fewer fights", i+1, rn.work.Steps, rn.work.Max), fatal: true})
				return
			}
		}
	}
	for i, ex := range tc.Expects {
		vals := make([]float64, len(rates[i]))
		for j, r := range rates[i] {
			if r.frac != nil {
				vals[j], _ = r.frac.Float64()
				o.Notes = append(o.Notes, fmt.Sprintf("rate(%s) = %s = %.4f, exact over %d sequences of dice", r.ex.Source, r.frac.RatString(), vals[j], total))
			} else {
				vals[j] = float64(r.hits) / float64(total)
				o.Notes = append(o.Notes, fmt.Sprintf("rate(%s) = %.4f (%d of %d fights)", r.ex.Source, vals[j], r.hits, total))
			}
		}
		f := newFight(nil, interp.Result{}, reflect.MakeSlice(tc.Env.R.Field(fieldIndex(tc.Env.R, check.TestFieldSides)).Type, 0, 0),
			reflect.MakeSlice(tc.Env.R.Field(fieldIndex(tc.Env.R, check.TestFieldCombatants)).Type, 0, 0))
		f.data.Fights = total
		if fl := f.check(tc.Env, ex, vals); fl != nil {
			fl.Log = append(fl.Log, o.Notes[len(o.Notes)-len(vals):]...)
			o.Failures = append(o.Failures, fl)
		}
	}
}

func fieldIndex(t reflect.Type, name string) int {
	f, _ := t.FieldByName(name)
	return f.Index[0]
}

// WriteOutcome prints one outcome as fray test does: nothing for a pass
// unless verbose, else a --- FAIL line with each failure at its place,
// its details indented below it.
func WriteOutcome(w io.Writer, o *Outcome, verbose bool) {
	// A test's name is a rule file's string, its file found by a walk of
	// folders: a line break in either must not make a line of its own
	// ("ok ..." under a FAIL). The caller escapes the other control
	// characters of each line.
	where := fmt.Sprintf("%s:%d:%d", diag.Escape(o.At.Filename, false), o.At.Start.Line, o.At.Start.Column)
	name := diag.Escape(o.Name, false)
	if o.Result == Skip {
		return
	}
	if o.Passed() {
		if verbose {
			fmt.Fprintf(w, "--- PASS: %s (%s)\n", name, where)
			for _, n := range o.Notes {
				fmt.Fprintf(w, "    %s\n", n)
			}
		}
		return
	}
	fmt.Fprintf(w, "--- FAIL: %s (%s)\n", name, where)
	for _, fl := range o.Failures {
		fmt.Fprintf(w, "    %s:%d:%d: %s\n", diag.Escape(fl.At.Filename, false), fl.At.Start.Line, fl.At.Start.Column, fl.Message)
		if fl.Actual != "" {
			fmt.Fprintf(w, "        got:  %s\n", fl.Actual)
		}
		if fl.Expected != "" {
			fmt.Fprintf(w, "        want: %s\n", fl.Expected)
		}
		for _, d := range fl.Log {
			fmt.Fprintf(w, "        %s\n", d)
		}
	}
	if verbose {
		for _, n := range o.Notes {
			fmt.Fprintf(w, "    %s\n", n)
		}
	}
}
