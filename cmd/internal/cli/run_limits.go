package cli

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/frayrules/fray/interp"
)

// runLimits are the limits of a run that rules cannot get around (see
// interp's budget.go), one flag each, shared by the commands that play
// fights.
type runLimits struct {
	steps, log, str, nesting int
	memory                   uint
}

func (l *runLimits) addFlags(f *pflag.FlagSet, what string) {
	f.IntVar(&l.steps, "max-steps", interp.DefaultMaxSteps, "stop "+what+" that does more steps of work than this (statements, calls, dice, loop iterations)")
	f.IntVar(&l.log, "max-log", interp.DefaultMaxLog, "stop "+what+" whose log text passes this many bytes")
	f.IntVar(&l.str, "max-string", interp.DefaultMaxString, "longest string a rule may make, in bytes")
	f.UintVar(&l.memory, "max-expr-memory", interp.DefaultMemoryBudget, "memory budget of one expression (elements of the lists it builds)")
	f.IntVar(&l.nesting, "max-nesting", interp.DefaultMaxNesting, fmt.Sprintf("how deeply events, actions, fns, effects and points may run inside one another (at most %d)", interp.MaxNestingCap))
}

// check refuses limits that are not positive.
func (l *runLimits) check() error {
	for _, v := range []struct {
		name string
		n    int
	}{{"max-steps", l.steps}, {"max-log", l.log}, {"max-string", l.str}, {"max-expr-memory", int(l.memory)}} {
		if v.n < 1 {
			return usageErr("--%s must be at least 1", v.name)
		}
	}
	if l.nesting < 1 || l.nesting > interp.MaxNestingCap {
		// Deeper would overflow the Go stack, which nothing recovers.
		return usageErr("--max-nesting must be from 1 to %d", interp.MaxNestingCap)
	}
	return nil
}

// apply sets the limits in a run's options.
func (l *runLimits) apply(opt *interp.Options) {
	opt.MaxSteps, opt.MaxLog, opt.MaxString, opt.MemoryBudget, opt.MaxNesting = l.steps, l.log, l.str, l.memory, l.nesting
}
