package cli

import (
	"fmt"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// countSetupOutcomes plays the set-up once, with seeded dice and nothing
// enumerated, and counts the sequences of outcomes its rolls would give an
// exact enumeration: the product, over the rolls, of each roll's outcomes
// (a sum of n dice of f faces is one roll of n*(f-1)+1 totals, as
// interp.EventProbability takes it), capped at limit+1. It returns the
// count and the rolls, so that fray prob can refuse a set-up too large to
// enumerate before it starts, instead of finding out on the way (and
// before the enumeration builds the distribution of a huge sum).
// A set-up whose rolls depend on earlier ones may enumerate fewer
// sequences than this path suggests, as with the enumeration's own check.
func countSetupOutcomes(plan *interp.Plan, enc *check.Encounter, after string, limit int) (int, string) {
	count := 1
	var rolls interp.RollList // runs of the same dice counted: a set-up may roll millions
	sink := func(e *interp.Event) {
		if e.Kind != interp.KRoll {
			return
		}
		d, err := stdlib.ParseDice(e.Dice)
		if err != nil {
			return
		}
		rolls.Add(e.Dice)
		outcomes := []int{stdlib.SumOutcomes(d.N, d.Faces, limit)}
		if !d.Plain() {
			// Notation (4d6kh3, d6!) is enumerated die by die: every die
			// rolled, explosions included, is a roll of its own.
			outcomes = outcomes[:0]
			for range e.Faces {
				outcomes = append(outcomes, d.Faces)
			}
		}
		for _, n := range outcomes {
			if count > limit/n {
				count = limit + 1
			} else {
				count = min(count*n, limit+1)
			}
		}
	}
	// An error is the enumeration's to report, with its own message; the
	// rolls made up to it are counted all the same.
	_ = interp.New(plan, enc, interp.Options{Seed: 1, Sink: sink}).PlaySetup(after)
	return count, rolls.String()
}

// tooManySequences is the refusal of a set-up too large to enumerate.
func tooManySequences(rolls string, limit int) error {
	return &exitError{code: exitFindings, msg: fmt.Sprintf("the set-up rolls %s: more than %d sequences of outcomes to enumerate; raise --max-paths, or estimate with --sample N", interp.Printable(rolls), limit)}
}
