package interp

import (
	"fmt"
	"math/big"

	"github.com/frayrules/fray/dsl"
)

// enumDice walks every sequence of die results, one run at a time, like an
// odometer: each run replays the path so far and extends it with ones.
type enumDice struct {
	path, faces []int
	pos         int
}

func (e *enumDice) Die(faces int, _ func() string) (int, error) {
	if e.pos < len(e.path) {
		if e.faces[e.pos] != faces {
			return 0, fmt.Errorf("internal: the enumeration diverged")
		}
		v := e.path[e.pos]
		e.pos++
		return v, nil
	}
	e.path = append(e.path, 1)
	e.faces = append(e.faces, faces)
	e.pos++
	return 1, nil
}

// next moves to the following sequence; false when all are done.
func (e *enumDice) next() bool {
	e.pos = 0
	for len(e.path) > 0 {
		last := len(e.path) - 1
		if e.path[last] < e.faces[last] {
			e.path[last]++
			return true
		}
		e.path, e.faces = e.path[:last], e.faces[:last]
	}
	return false
}

// prob is the probability of the current sequence.
func (e *enumDice) prob() *big.Rat {
	den := big.NewInt(1)
	for _, f := range e.faces {
		den.Mul(den, big.NewInt(int64(f)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), den)
}

// EventProbability is the exact probability that a condition holds once the
// encounter's set-up phases (the phases that run once, before the first
// round) are over, or the one named after, computed by running them for
// every sequence of dice they can roll. maxPaths bounds the sequences.
func EventProbability(p *Plan, enc *dsl.Encounter, cond *dsl.CExpr, after string, maxPaths int) (*big.Rat, int, error) {
	e := &enumDice{}
	total := new(big.Rat)
	paths := 0
	for {
		paths++
		if paths > maxPaths {
			return nil, paths - 1, fmt.Errorf("the set-up can roll more than %d different sequences of dice; raise --max-paths", maxPaths)
		}
		r := New(p, enc, Options{})
		r.dice = e
		if err := r.PlaySetup(after); err != nil {
			return nil, paths, err
		}
		v, err := r.eval(cond, r.newFrame(r.m.Globals))
		if err != nil {
			return nil, paths, err
		}
		if b, _ := v.(bool); b {
			total.Add(total, e.prob())
		}
		if !e.next() {
			return total, paths, nil
		}
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

// SetupPhases are the names of the phases that run once, in order.
func (p *Plan) SetupPhases() []string {
	var out []string
	for _, ph := range p.Once {
		out = append(out, ph.ph.Name)
	}
	return out
}
