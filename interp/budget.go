package interp

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/dsl/diag"
)

// The run's budget. Every step of work a rule can cause counts toward
// one limit, --max-steps (Options.MaxSteps): a statement, a phase run,
// a segment, a call of a ruleset function, modifiers block or table, a
// die rolled, a scheduled block coming due, every item a predicate
// (filter, count, all, ...) or a range visits inside an expression,
// natively or in expr-lang's VM. So no rule file can keep a run busy for
// long, whichever way it loops: the default lets a real fight do far
// more than it needs and stops a runaway one within seconds. Strings
// are bounded separately by --max-string (Options.MaxString), since one
// expression can multiply a string's length without looping.

// DefaultMaxSteps bounds the work of one run.
const DefaultMaxSteps = 10_000_000

// DefaultMaxLog bounds the text of one run's log, in bytes.
const DefaultMaxLog = 16 << 20

// ErrInterrupted is the error of a run whose Options.Stop closed.
var ErrInterrupted = errors.New("the run was interrupted")

// DefaultMaxString bounds the bytes of one string a rule makes.
const DefaultMaxString = 64 << 10

// Work counts n steps of work, and fails once the run is over its limit.
func (r *Run) Work(n int) error {
	r.steps += n
	if r.over() {
		return r.overErr()
	}
	return nil
}

// overSteps counts a statement and reports whether the run must stop:
// it is over its limit of work or of log text, or was interrupted.
func (r *Run) overSteps() bool {
	r.steps++
	return r.over()
}

// over is checked at every statement, die and call, so its common answer
// (no) is one comparison: Run.calm is a step count up to which nothing
// can be over, set by overSlow, the full check. It is below MaxSteps and
// the next poll of Options.Stop; -1 once the log is over its limit
// (emitLog) or the run must stop; 0, as a new or reset run has it,
// sends the next check to overSlow.
func (r *Run) over() bool {
	if r.steps <= r.calm {
		return false
	}
	return r.overSlow()
}

// overSlow is over in full: it polls Options.Stop (and lets a batch
// pause the fight, Options.pause) every 1024 steps,
// decides, and sets how far the next checks may take the short way.
func (r *Run) overSlow() bool {
	polled := r.opt.Stop != nil || r.opt.pause != nil
	if polled && r.steps >= r.nextPoll {
		r.nextPoll = r.steps + 1024
		if r.opt.pause != nil {
			r.opt.pause() // a batch short of memory holds this fight here
		}
		select {
		case <-r.opt.Stop:
			r.interrupted = true
		default:
		}
	}
	if r.steps > r.opt.MaxSteps || r.logBytes > r.opt.MaxLog || r.interrupted {
		r.calm = -1 // steps and log bytes only grow; an interruption stays
		return true
	}
	r.calm = r.opt.MaxSteps
	if polled && r.nextPoll-1 < r.calm {
		r.calm = r.nextPoll - 1
	}
	return false
}

// exhausted reports whether the run stopped because it ran out of its
// budget of work or of log text (not for an error of its rules, nor
// because it was interrupted): a batch of fights stops at the first
// such fight (Simulate).
func (r *Run) exhausted() bool {
	return !r.interrupted && (r.steps > r.opt.MaxSteps || r.logBytes > r.opt.MaxLog)
}

// tooManySteps is the error of a run that must stop (overSteps), placed at.
func (r *Run) tooManySteps(at diag.Range) error {
	err := r.overErr()
	if err == ErrInterrupted {
		return err
	}
	return &RunError{At: at, Msg: err.Error()}
}

// overErr says why the run must stop.
func (r *Run) overErr() error {
	switch {
	case r.interrupted:
		return ErrInterrupted
	case r.logBytes > r.opt.MaxLog:
		return fmt.Errorf("the run's log exceeded its limit of %d bytes: a rule that never ends?; raise it with --max-log", r.opt.MaxLog)
	}
	return fmt.Errorf("the run exceeded its limit of %d statements and other steps of work (calls, dice, loop iterations, squares a grid function looks at): a rule that never ends?; raise it with --max-steps", r.opt.MaxSteps)
}

// MaxString is the longest string a rule may make, in bytes.
func (r *Run) MaxString() int { return r.opt.MaxString }

// checkString fails for a string over the run's limit.
func (r *Run) checkString(s string) error {
	if len(s) > r.opt.MaxString {
		return fmt.Errorf("a string of %d bytes is over the limit of %d; raise it with --max-string", len(s), r.opt.MaxString)
	}
	return nil
}

// vmWork is the work of the VM's last run: the items its predicates
// and ranges visited and the lists it built, which expr-lang counts
// against the memory budget of the run (vm.VM's unexported memory;
// reflect may read what it may not set). The test
// TestHostileFilesAreStopped proves the count is read: nested predicates
// stop at --max-steps.
var vmWork = func() func(*vm.VM) int {
	f, ok := reflect.TypeOf(vm.VM{}).FieldByName("memory")
	if !ok || f.Type.Kind() != reflect.Uint {
		return func(*vm.VM) int { return 0 }
	}
	return func(m *vm.VM) int { return int(reflect.ValueOf(m).Elem().FieldByIndex(f.Index).Uint()) }
}()
