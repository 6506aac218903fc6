package interp

import (
	"fmt"
	"math/big"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// What package fraytest (fray test) reads of a fight: its sides and
// combatants as the typed lists expressions see, after Play or
// PlaySetup, and the set-up's dice walked for an exact property.

// Lists are the fight's sides ([]*side) and combatants ([]*combatant),
// as expr-lang sees them. They are the run's own: read them, do not
// keep them past the run's next fight.
func (r *Run) Lists() (sides, combatants reflect.Value) { return r.sideList, r.combList }

// Lists are the lists of the Runner's last fight (see Run.Lists).
func (rn *Runner) Lists() (sides, combatants reflect.Value) { return rn.run.Lists() }

// Steps are the steps of work of the Runner's last fight (Play or
// PlaySetup): fray test holds a property's fights to --max-work in all,
// each being held to --max-steps alone.
func (rn *Runner) Steps() int { return rn.run.steps }

// PlaySetup plays the set-up phases of a fight with the options, up to
// and including the phase named after, in the Runner's storage.
func (rn *Runner) PlaySetup(opt Options, after string) error {
	rn.run.reset(opt)
	return rn.run.PlaySetup(after)
}

// EnumerateSetup walks every sequence of dice the set-up phases can
// roll, up to and including the phase named after, as EventProbability
// does, and sums the probability of the sequences for which holds
// answers true; holds reads the fight through the Run (Lists). Each
// sequence is played with opt's limits (--max-steps, --max-log, ...)
// and Sink; its dice and seed are the enumeration's. The steps of the
// set-ups are added to work, and the walk is refused once they pass
// work.Max (fray test's --max-work): each set-up is held to --max-steps
// alone, and a million sequences of one that loops to just under it
// were days of work. When opt.Stop closes (Ctrl-C), the walk stops with
// ErrInterrupted: a set-up of a few steps never reaches the run's own
// poll of it, and a million sequences take many seconds.
func EnumerateSetup(p *Plan, enc *check.Encounter, after string, maxPaths int, work *SetupWork, opt Options, holds func(r *Run) (bool, error)) (*big.Rat, int, error) {
	e := &enumDice{}
	total := new(big.Rat)
	paths := 0
	r := &NewRunner(p, enc).run
	opt.Dice, opt.Seed = nil, 0
	for {
		paths++
		if paths > maxPaths {
			return nil, paths - 1, errTooManyPaths(maxPaths)
		}
		select {
		case <-opt.Stop:
			return nil, paths - 1, ErrInterrupted
		default:
		}
		r.reset(opt)
		r.setDice(e)
		if err := r.PlaySetup(after); err != nil {
			return nil, paths, err
		}
		work.Paths++
		if work.Steps += r.steps; work.Steps > work.Max {
			return nil, paths, fmt.Errorf("the properties of this file did %d steps of work in all (%d sequences of dice walked), over the limit of %d (one bound for the file); raise --max-work", work.Steps, work.Paths, work.Max)
		}
		ok, err := holds(r)
		if err != nil {
			return nil, paths, err
		}
		if ok {
			total.Add(total, e.prob())
		}
		if paths == 1 {
			if n, _ := e.shape(maxPaths); n > maxPaths {
				return nil, paths, errTooManyPaths(maxPaths)
			}
		}
		if !e.next() {
			return total, paths, nil
		}
	}
}

// SetupWork counts the set-ups walked by EnumerateSetup, and their steps
// of work, against Max: one counter for every walk of a test file's
// properties (each rate walks the sequences again), to which fray test
// adds the steps of their seeded fights.
type SetupWork struct {
	Steps, Paths int
	Max          int
}

type tooManyPaths int

func (n tooManyPaths) Error() string {
	return "the set-up can roll more than " + itoaPaths(int(n)) + " different sequences of dice; raise --max-paths"
}

func errTooManyPaths(n int) error { return tooManyPaths(n) }

func itoaPaths(n int) string { return big.NewInt(int64(n)).String() }
