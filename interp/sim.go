package interp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/frayrules/fray/dsl/check"
)

// SimOptions control a batch of unscripted fights.
type SimOptions struct {
	N         int
	Seed      uint64
	Workers   int
	MaxRounds int
	// Fight holds the limits of each fight (MaxSteps, MaxLog,
	// MaxString, MemoryBudget, MaxNesting); its other fields are the
	// simulator's.
	Fight Options
	// Progress, if set, is called after each fight with the count done.
	Progress func(done int)
}

// SimResult aggregates a batch. Everything is a count, so the result does
// not depend on the order in which workers finish.
type SimResult struct {
	Runs     int
	Partial  bool
	Errors   int
	FirstErr error // the error of the failed fight of lowest index
	firstAt  int   // that fight's index (fights are counted in any order)
	// Halted is set when a fight ran out of --max-steps or --max-log: the
	// batch stopped there (HaltedAt, its index, and HaltErr, its error),
	// since the fights after it would very likely run as long, each
	// taking seconds. The counts are then of no use and are not kept.
	Halted    bool
	HaltedAt  int
	HaltErr   error
	Wins      map[string]int // fights a side won alone
	NoneStand int            // fights no side stood at the end of
	Capped    int            // fights stopped by the round limit
	NoWinner  int            // fights the rules ended with several sides standing
	Rounds    map[int]int    // fights by the round they ended in
	Deaths    map[string]int // fights each combatant died in
	EventRuns map[string]int // fights in which a rule event happened
	EventSum  map[string]int // total times each rule event happened
	Survivors map[string]int // combatants of each side in the fight at the end (alive, present, no state: as standing reads it), summed over fights
	Out       map[string]int // combatants alive but out of the fight at the end, by their state, summed over fights (the simStates least states: sim_states.go)
	OutOther  int            // combatants out of the fight under the other states
	// Absent counts, summed over fights, the combatants alive with no
	// state but not present at the end (a latecomer who never came, or
	// one the rules took away): with the survivors, the deaths and Out
	// it accounts for every combatant of every fight.
	Absent   int
	SurvSq   map[string]int // the same, squared per fight (for the spread)
	Sides    []string
	Fighters []string
	// WhoLeftOut is set when the rule events were counted by event
	// alone, without who acted: the ruleset's events times the actors
	// are over simWhoPairs (whoCounted).
	WhoLeftOut bool
}

func newSimResult(enc *check.Encounter) *SimResult {
	r := &SimResult{firstAt: -1, Wins: map[string]int{}, Rounds: map[int]int{}, Deaths: map[string]int{},
		EventRuns: map[string]int{}, EventSum: map[string]int{}, Survivors: map[string]int{}, SurvSq: map[string]int{}, Out: map[string]int{}}
	for _, s := range enc.Sides {
		r.Sides = append(r.Sides, s.Name)
		for _, c := range s.Combatants {
			r.Fighters = append(r.Fighters, c.Name)
		}
	}
	return r
}

func (r *SimResult) merge(o *SimResult) {
	r.Runs += o.Runs
	r.Errors += o.Errors
	if o.FirstErr != nil && (r.FirstErr == nil || o.firstAt < r.firstAt) {
		r.FirstErr, r.firstAt = o.FirstErr, o.firstAt
	}
	r.NoneStand += o.NoneStand
	r.Capped += o.Capped
	r.NoWinner += o.NoWinner
	for _, m := range []struct{ dst, src map[string]int }{{r.Wins, o.Wins}, {r.Deaths, o.Deaths}, {r.EventRuns, o.EventRuns}, {r.EventSum, o.EventSum}, {r.Survivors, o.Survivors}, {r.SurvSq, o.SurvSq}} {
		for k, v := range m.src {
			m.dst[k] += v
		}
	}
	for k, v := range o.Rounds {
		r.Rounds[k] += v
	}
	for k, v := range o.Out {
		r.addOut(k, v)
	}
	r.OutOther += o.OutOther
	r.Absent += o.Absent
}

// simGCPercent is the collector's target while a batch runs.
const simGCPercent = 400

// simMapMemory bounds what the workers of a batch keep for the map, and
// simSquareBytes is about what one fight keeps per square of it: the
// space index, the crowd's counts, a search pad, the ways kept to goals
// (stdlib.Ways). On a map of a few thousand squares that is nothing; on
// the largest a file can hold (2000x2000) one fight keeps some hundreds
// of megabytes, and eight in parallel passed a gigabyte.
const (
	simMapMemory   = 384 << 20
	simSquareBytes = 128
)

// simWorkers is how many fights a batch plays at once: as many as asked
// for, but no more than simMapMemory allows on the encounter's map. The
// report does not depend on it.
func simWorkers(enc *check.Encounter, asked int) int {
	workers := max(1, asked)
	if enc.Map != nil && enc.Map.Grid != nil {
		squares := enc.Map.Grid.W * enc.Map.Grid.H
		workers = min(workers, max(1, simMapMemory/max(1, squares*simSquareBytes)))
	}
	return workers
}

// simWhoPairs bounds the rows "event · who" a batch may count: the
// ruleset's events times the combatants and sides that may be acting
// (and the set-up). 4000 events emitted by each of 1000 combatants made
// four million rows a fight: fray sim -n 2 of a 194 KB file ran past
// 120 s and 1.5 GB. The largest of the examples and homebrew files is
// under 500.
const simWhoPairs = 50_000

// whoCounted reports whether a batch of the encounter counts its rule
// events by who acted as well as by event: decided before any fight, so
// the report is the same at any --workers.
func whoCounted(enc *check.Encounter, fighters int) bool {
	return len(enc.Rules.Events)*(fighters+len(enc.Sides)+1) <= simWhoPairs
}

// FightSeed derives the seed of fight i from the batch's seed, so that a
// fight is the same whichever worker plays it.
func FightSeed(seed uint64, i int) uint64 {
	s := NewSeededDice(seed ^ (uint64(i)+1)*0x9e3779b97f4a7c15)
	return s.next()
}

// unscriptedOf is the encounter as a batch plays it: without its script,
// its choices or its dice.
func unscriptedOf(enc *check.Encounter) *check.Encounter {
	unscripted := *enc
	unscripted.Script = map[int][]*check.DeclSpec{}
	unscripted.Choices = nil // every choice point takes its default policy (slots.go)
	unscripted.Dice = nil
	return &unscripted
}

// Simulate plays opt.N fights of the encounter without its script (every
// combatant takes the ruleset's default action), in parallel, and
// aggregates them. Cancelling ctx stops it early with a partial result.
func Simulate(ctx context.Context, p *Plan, enc *check.Encounter, opt SimOptions) *SimResult {
	unscripted := unscriptedOf(enc)
	workers := simWorkers(enc, opt.Workers)
	byWho := whoCounted(enc, len(newSimResult(enc).Fighters))
	// A batch keeps little live memory (counts, and one fight per
	// worker), but allocates as it goes; with every core playing fights,
	// the collector would take a core's share of the time. So, unless
	// GOGC says otherwise, the heap may grow four times between
	// collections while the batch runs (tens of megabytes, flat in N).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(simGCPercent))
	}
	results := make([]*SimResult, workers)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	// Workers take the next fight from a shared counter: fight i is the
	// same whichever worker plays it, so only counts travel.
	var next atomic.Int64
	var stopped atomic.Bool
	// haltAt is the index of the first fight found out of its budget of
	// work (opt.N while none is). No fight after it starts; those under
	// way finish, each within its own limits, so every fight before it
	// is played in full and the one reported is the first in the
	// batch's order whatever the workers' timing.
	var haltAt atomic.Int64
	haltAt.Store(int64(opt.N))
	var haltErr error
	cancelled := ctx.Done()
	var gate *simGate // one fight plays alone needs no gate (sim_memory.go)
	if workers > 1 {
		gate = newSimGate()
	}
	for w := 0; w < workers; w++ {
		res := newSimResult(enc)
		results[w] = res
		wg.Add(1)
		go func() {
			defer wg.Done()
			sw := newSimWorker(p, unscripted)
			sw.byWho = byWho
			for {
				i := int(next.Add(1) - 1)
				if i >= opt.N || int64(i) > haltAt.Load() {
					return
				}
				select {
				case <-cancelled:
					stopped.Store(true)
					return
				default:
				}
				var pause func()
				if gate != nil {
					gate.enter(i)
					pause = gate.pause(i, cancelled)
				}
				played, err := res.add(opt, i, sw, cancelled, pause)
				if gate != nil {
					gate.leave(i)
				}
				if !played {
					stopped.Store(true) // interrupted inside the fight: not counted
					return
				}
				if err != nil && sw.runner.run.exhausted() {
					mu.Lock()
					if int64(i) < haltAt.Load() {
						haltAt.Store(int64(i))
						haltErr = err
					}
					mu.Unlock()
				}
				if opt.Progress != nil {
					mu.Lock()
					done++
					opt.Progress(done)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	partial := stopped.Load()
	total := newSimResult(enc)
	for _, r := range results {
		total.merge(r)
	}
	total.Partial = partial
	total.WhoLeftOut = !byWho
	if h := int(haltAt.Load()); h < opt.N {
		halted := newSimResult(enc)
		halted.Halted, halted.HaltedAt, halted.HaltErr = true, h, haltErr
		return halted
	}
	return total
}

// simWorker is what one worker reuses from fight to fight.
type simWorker struct {
	runner  *Runner
	counts  map[string]int       // rule events of the current fight
	keys    map[[2]string]string // "event · who", made once
	countFn func(name, who string)
	alive   map[string]int // the current fight's survivors by side
	byWho   bool           // count "event · who" too (whoCounted)
}

func newSimWorker(p *Plan, enc *check.Encounter) *simWorker {
	w := &simWorker{runner: NewRunner(p, enc), counts: map[string]int{}, keys: map[[2]string]string{}, alive: map[string]int{}}
	w.countFn = w.count // a method value made per fight would allocate
	return w
}

func (w *simWorker) count(name, who string) {
	w.counts[name]++
	if who != "" && w.byWho {
		k, ok := w.keys[[2]string{name, who}]
		if !ok {
			k = name + " · " + who
			w.keys[[2]string{name, who}] = k
		}
		w.counts[k]++
	}
}

// add plays fight i and counts it, and returns its error; it reports
// false, counting nothing, when stop closed during the fight.
func (res *SimResult) add(opt SimOptions, i int, w *simWorker, stop <-chan struct{}, pause func()) (bool, error) {
	counts := w.counts
	clear(counts)
	out, err := w.runner.Play(Options{Seed: FightSeed(opt.Seed, i), MaxRounds: opt.MaxRounds,
		MaxSteps: opt.Fight.MaxSteps, MaxLog: opt.Fight.MaxLog, MaxString: opt.Fight.MaxString, MemoryBudget: opt.Fight.MemoryBudget,
		MaxNesting: opt.Fight.MaxNesting, Stop: stop, countEvent: w.countFn, pause: pause})
	if errors.Is(err, ErrInterrupted) {
		return false, nil
	}
	clear(w.alive)
	res.tally(i, out, err, w.runner.fighters(), counts, w.alive)
	return true, err
}

// tally counts one fight: its outcome or error, who fell, who stands
// by side (alive is scratch space, empty), and its rule events; i is
// the fight's index in the batch.
func (res *SimResult) tally(i int, out Result, err error, fighters []reflect.Value, events map[string]int, alive map[string]int) {
	res.Runs++
	if err != nil {
		res.Errors++
		if res.FirstErr == nil || i < res.firstAt {
			res.FirstErr, res.firstAt = err, i
		}
		return
	}
	switch {
	case out.Capped:
		res.Capped++
	case len(out.Standing) == 0:
		res.NoneStand++
	case len(out.Standing) == 1:
		res.Wins[out.Standing[0]]++
	default:
		res.NoWinner++
	}
	res.Rounds[out.Rounds]++
	for _, c := range fighters {
		e := c.Elem()
		switch why := e.Field(check.FieldState).String(); {
		case !e.Field(check.FieldAlive).Bool():
			res.Deaths[nameOf(c)]++
		case why != "":
			// Out of the fight by a state: not a survivor, as its side
			// does not stand on it (the run's winner agrees).
			res.addOut(stateKey(why), 1)
		case e.Field(check.FieldPresent).Bool():
			// A survivor is in the fight as living and standing read it:
			// alive, present, no state. A latecomer who never came is not.
			alive[nameOf(e.Field(check.FieldSide))]++
		default:
			res.Absent++
		}
	}
	for _, s := range res.Sides {
		res.Survivors[s] += alive[s]
		res.SurvSq[s] += alive[s] * alive[s]
	}
	for k, v := range events {
		res.EventRuns[k]++
		res.EventSum[k] += v
	}
}

// HaltReason says why a halted batch of n fights stopped: the error of
// the fight that ran out of its budget (which names the limit and its
// flag), and which fight it was.
func (r *SimResult) HaltReason(n int) string {
	return fmt.Sprintf("%s (fight %d of %d: a batch stops at the first fight that runs out of --max-steps or --max-log, since the fights after it would very likely run as long)",
		Printable(r.HaltErr.Error()), r.HaltedAt+1, n)
}

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Estimate, Low, High float64
}

// Proportion is k of n with a Wilson score interval.
func Proportion(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Interval{p, math.Max(0, centre-half), math.Min(1, centre+half)}
}

// RoundStats summarises the rounds histogram.
type RoundStats struct {
	Mean         Interval
	SD           float64
	Median       int
	Min, Max     int
	Rounds       []int // the distinct round counts, ascending
	Counts       []int
	TotalCounted int
}

// RoundSummary computes mean, median and spread from the histogram.
func (r *SimResult) RoundSummary() RoundStats {
	var st RoundStats
	for k := range r.Rounds {
		st.Rounds = append(st.Rounds, k)
	}
	sort.Ints(st.Rounds)
	n, sum, sq := 0, 0.0, 0.0
	for _, k := range st.Rounds {
		c := r.Rounds[k]
		st.Counts = append(st.Counts, c)
		n += c
		sum += float64(k) * float64(c)
		sq += float64(k) * float64(k) * float64(c)
	}
	st.TotalCounted = n
	if n == 0 {
		return st
	}
	mean := sum / float64(n)
	st.SD = math.Sqrt(math.Max(0, sq/float64(n)-mean*mean))
	half := 1.959963984540054 * st.SD / math.Sqrt(float64(n))
	st.Mean = Interval{mean, mean - half, mean + half}
	st.Min, st.Max = st.Rounds[0], st.Rounds[len(st.Rounds)-1]
	seen := 0
	for i, k := range st.Rounds {
		seen += st.Counts[i]
		if 2*seen >= n {
			st.Median = k
			break
		}
	}
	return st
}

// DiffProportions tests whether two proportions differ (two-sided z test
// at 95%); it returns the difference and whether it is significant.
func DiffProportions(k1, n1, k2, n2 int) (float64, bool) {
	if n1 == 0 || n2 == 0 {
		return 0, false
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	pool := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		return p2 - p1, p1 != p2
	}
	return p2 - p1, math.Abs(p2-p1)/se > 1.959963984540054
}

// MeanSurvivors is the mean number of a side's combatants in the fight
// (alive, present, no state) at the end of a fight, with its 95% interval and standard deviation.
func (r *SimResult) MeanSurvivors(side string) (Interval, float64) {
	n := r.Runs - r.Errors
	if n == 0 {
		return Interval{}, 0
	}
	mean := float64(r.Survivors[side]) / float64(n)
	sd := math.Sqrt(math.Max(0, float64(r.SurvSq[side])/float64(n)-mean*mean))
	half := 1.959963984540054 * sd / math.Sqrt(float64(n))
	return Interval{mean, math.Max(0, mean-half), mean + half}, sd
}

// DiffSurvivors is the difference of two batches' mean survivors of a
// side, and whether it is significant at 95% (Welch's test).
func DiffSurvivors(a, b *SimResult, side string) (float64, bool) {
	ia, sa := a.MeanSurvivors(side)
	ib, sb := b.MeanSurvivors(side)
	na, nb := a.Runs-a.Errors, b.Runs-b.Errors
	if na == 0 || nb == 0 {
		return 0, false
	}
	d := ib.Estimate - ia.Estimate
	se := math.Sqrt(sa*sa/float64(na) + sb*sb/float64(nb))
	if se == 0 {
		return d, d != 0
	}
	return d, math.Abs(d)/se > 1.959963984540054
}

// DiffMeans tests whether two means differ (Welch's z at 95%).
func DiffMeans(a, b RoundStats) (float64, bool) {
	if a.TotalCounted == 0 || b.TotalCounted == 0 {
		return 0, false
	}
	se := math.Sqrt(a.SD*a.SD/float64(a.TotalCounted) + b.SD*b.SD/float64(b.TotalCounted))
	d := b.Mean.Estimate - a.Mean.Estimate
	if se == 0 {
		return d, d != 0
	}
	return d, math.Abs(d)/se > 1.959963984540054
}
