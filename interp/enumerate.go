package interp

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// summingDice is a dice source that can give the total of several dice
// as one outcome, weighted by its exact probability.
type summingDice interface {
	Sum(n, faces int, need func() string) (int, error)
}

// enumPos is one roll of an enumerated sequence: a die, or a sum of n
// dice, and which of its outcomes the sequence takes.
type enumPos struct {
	n, faces int
	idx      int
	dist     *stdlib.Dist // the sum's distribution when n > 1
}

func (p *enumPos) outcomes() int {
	if p.dist != nil {
		return len(p.dist.Count)
	}
	return p.faces
}

// enumDice walks every sequence of roll outcomes, one run at a time, like
// an odometer: each run replays the path so far and extends it with the
// first outcome of each new roll. A sum of several dice is one roll whose
// outcomes are its totals, weighted (2d6 has 11 outcomes, not 36).
type enumDice struct {
	path []enumPos
	pos  int
	sums map[[2]int]*stdlib.Dist
}

func (e *enumDice) Die(faces int, _ func() string) (int, error) {
	return e.roll(1, faces)
}

func (e *enumDice) Sum(n, faces int, _ func() string) (int, error) {
	return e.roll(n, faces)
}

func (e *enumDice) roll(n, faces int) (int, error) {
	if e.pos < len(e.path) {
		p := &e.path[e.pos]
		if p.faces != faces || p.n != n {
			return 0, fmt.Errorf("internal: the enumeration diverged")
		}
		e.pos++
		return p.value(), nil
	}
	p := enumPos{n: n, faces: faces}
	if n > 1 {
		key := [2]int{n, faces}
		if e.sums == nil {
			e.sums = map[[2]int]*stdlib.Dist{}
		}
		if e.sums[key] == nil {
			d := stdlib.SumOf(n, faces)
			e.sums[key] = &d
		}
		p.dist = e.sums[key]
	}
	e.path = append(e.path, p)
	e.pos++
	return p.value(), nil
}

func (p *enumPos) value() int {
	if p.dist != nil {
		return p.dist.Min + p.idx
	}
	return p.idx + 1
}

// next moves to the following sequence; false when all are done.
func (e *enumDice) next() bool {
	e.pos = 0
	for len(e.path) > 0 {
		last := &e.path[len(e.path)-1]
		if last.idx < last.outcomes()-1 {
			last.idx++
			return true
		}
		e.path = e.path[:len(e.path)-1]
	}
	return false
}

// prob is the probability of the current sequence.
func (e *enumDice) prob() *big.Rat {
	num, den := big.NewInt(1), big.NewInt(1)
	for _, p := range e.path {
		if p.dist != nil {
			num.Mul(num, p.dist.Count[p.idx])
			den.Mul(den, p.dist.Total)
		} else {
			den.Mul(den, big.NewInt(int64(p.faces)))
		}
	}
	return new(big.Rat).SetFrac(num, den)
}

// shape is how many sequences share the current one's rolls: the product
// of their numbers of outcomes (capped at limit+1).
func (e *enumDice) shape(limit int) (int, string) {
	n := 1
	var rolls RollList // roll_list.go
	for _, p := range e.path {
		n *= p.outcomes()
		if n > limit {
			n = limit + 1
		}
		d := stdlib.Dice{N: p.n, Faces: p.faces}
		rolls.Add(d.String())
	}
	return n, rolls.String()
}

// EventProbability is the exact probability that a condition holds once the
// encounter's set-up phases (the phases that run once, before the first
// round) are over, or the one named after, computed by running them for
// every sequence of dice they can roll. maxPaths bounds the sequences;
// opt's limits bound each (--max-steps and the rest: the set-up's
// errors name them); maxWork bounds the steps of them all (fray prob's
// --max-work, the work of one distribution, as for a dice expression's):
// each set-up held to --max-steps alone, a million sequences of a
// set-up that loops to just under it were days of work. progress, when
// set, hears the sequences walked after each (the playground yields to
// its page there, so that its Stop can arrive).
func EventProbability(p *Plan, enc *check.Encounter, cond *check.CExpr, after string, maxPaths, maxWork int, opt Options, progress func(paths int)) (*big.Rat, int, error) {
	e := &enumDice{}
	total := new(big.Rat)
	paths, work := 0, 0
	// Every sequence is a new fight in the same storage.
	r := &NewRunner(p, enc).run
	for {
		paths++
		if paths > maxPaths {
			return nil, paths - 1, fmt.Errorf("the set-up can roll more than %d different sequences of dice; raise --max-paths, or estimate with --sample N", maxPaths)
		}
		// Ctrl-C (opt.Stop) between set-ups: one of a few steps may
		// never reach the run's own poll of it.
		if stopped(opt.Stop) {
			return nil, paths - 1, ErrInterrupted
		}
		r.reset(opt)
		r.setDice(e)
		if err := r.PlaySetup(after); err != nil {
			return nil, paths, err
		}
		v, err := r.evalAfterSetup(cond)
		if err != nil {
			return nil, paths, err
		}
		if b, _ := v.(bool); b {
			total.Add(total, e.prob())
		}
		if work += r.steps; work > maxWork {
			return nil, paths, errSetupWork(paths, work, maxWork)
		}
		// The first sequence shows the rolls the set-up makes: if they
		// alone allow more sequences than the limit, say so at once.
		if paths == 1 {
			if n, rolls := e.shape(maxPaths); n > maxPaths {
				return nil, paths, fmt.Errorf("the set-up rolls %s: more than %d sequences of outcomes to enumerate; raise --max-paths, or estimate with --sample N", rolls, maxPaths)
			}
		}
		if progress != nil {
			progress(paths)
		}
		if !e.next() {
			return total, paths, nil
		}
	}
}

// errSetupWork is EventProbability's refusal of set-ups whose steps in
// all pass maxWork.
func errSetupWork(paths, work, maxWork int) error {
	return fmt.Errorf("the set-ups of the first %d sequences of dice did %d steps of work in all, over the limit of %d; raise --max-work, or estimate with --sample N", paths, work, maxWork)
}

// SampleEventProbability estimates what EventProbability computes, for
// set-ups too large to enumerate: it plays the set-up n times with the
// seeded dice of fight i (as fray sim would) and counts how often the
// condition holds. The answer is an estimate, not an exact value.
// opt's limits bound each set-up, as EventProbability's. It returns the
// hits among the set-ups played: n, unless opt.Stop closed (Ctrl-C),
// which it looks at between set-ups too (one of a few steps may never
// reach the run's own poll), and then the error is ErrInterrupted and
// played counts those finished. progress, when set, hears played after
// each set-up.
func SampleEventProbability(p *Plan, enc *check.Encounter, cond *check.CExpr, after string, n int, seed uint64, opt Options, progress func(played int)) (hits, played int, err error) {
	r := &NewRunner(p, enc).run
	for i := 0; i < n; i++ {
		if stopped(opt.Stop) {
			return hits, i, ErrInterrupted
		}
		o := opt
		o.Seed = FightSeed(seed, i)
		r.reset(o)
		if err := r.PlaySetup(after); err != nil {
			if errors.Is(err, ErrInterrupted) {
				return hits, i, err
			}
			return hits, i + 1, err
		}
		v, err := r.evalAfterSetup(cond)
		if err != nil {
			return hits, i + 1, err
		}
		if b, _ := v.(bool); b {
			hits++
		}
		if progress != nil {
			progress(i + 1)
		}
	}
	return hits, n, nil
}

// stopped says whether stop (Options.Stop; nil never) has closed.
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// PlaySetup builds the fight and runs its set-up phases, up to and
// including the phase named after ("" for all of them).
func (r *Run) PlaySetup(after string) error {
	if err := r.setup(); err != nil {
		return err
	}
	for _, ph := range r.plan.Once {
		if err := r.runPhase(ph); err != nil {
			return err
		}
		if ph.ph.Name == after {
			return nil
		}
	}
	return nil
}

// evalAfterSetup evaluates a condition on the fight PlaySetup left.
func (r *Run) evalAfterSetup(cond *check.CExpr) (any, error) {
	fr := r.frameAt(0)
	v, err := r.eval(cond, fr)
	if err == nil {
		r.releaseAt(0, fr)
	}
	return v, err
}

// SetupPhases are the names of the phases that run once, in order.
func (p *Plan) SetupPhases() []string {
	var out []string
	for _, ph := range p.Once {
		out = append(out, ph.ph.Name)
	}
	return out
}

// CheckAfter says what is wrong with `--after PHASE` (nil: it names a
// set-up phase), for fray prob and the playground alike: a phase of the
// round or the end is named as such, and a ruleset with no set-up
// phases says so, rather than listing none ("the set-up phases are ").
func (p *Plan) CheckAfter(after string) error {
	setup := p.SetupPhases()
	if slices.Contains(setup, after) {
		return nil
	}
	what := "is no phase of the ruleset"
	for _, ph := range p.Rounds {
		if ph.ph.Name == after {
			what = "runs each round, not once before round 1"
		}
	}
	for _, ph := range p.AtEnd {
		if ph.ph.Name == after {
			what = "runs at the end of the fight, not before round 1"
		}
	}
	if len(setup) == 0 {
		return fmt.Errorf("--after %s: %s %s, and the ruleset has no set-up phases (phases that run once): leave --after out to ask the event before round 1", after, after, what)
	}
	return fmt.Errorf("--after %s: %s %s; the set-up phases are %s", after, after, what, strings.Join(setup, ", "))
}
