package interp

import (
	"fmt"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// while COND { BODY }: the body runs again and again while the condition
// holds. A while has no limit of its own: every test of its condition is
// a step of work, so a condition that never turns false runs into
// --max-steps, and the error names the loop, how often it went round,
// and that flag. (A separate iteration limit would be a second knob for
// the same runaway; --max-steps already bounds every other loop.)
func (p *Plan) compileWhile(at diag.Range, cond *check.CExpr, body block) stmtFn {
	test := p.cond(cond)
	return func(r *Run, base addr) (flow, error) {
		for n := 0; ; n++ {
			if r.overSteps() {
				return flowReturn, r.whileTooLong(at, n)
			}
			r.reason = "condition"
			ok, err := test(r, base)
			if err != nil || !ok {
				return flowNext, err
			}
			f, err := r.runBlock(&body, base)
			if err != nil && n > 0 && r.outOfSteps() {
				// The body ran out of steps after the loop had gone
				// round: the loop is what kept going.
				return flowReturn, r.whileTooLong(at, n)
			}
			if err != nil || f == flowReturn {
				return f, err
			}
		}
	}
}

// whileTooLong is the error of a while that was still going round, n
// times, when the run reached its limit.
func (r *Run) whileTooLong(at diag.Range, n int) error {
	if !r.outOfSteps() {
		return r.tooManySteps(at) // interrupted, or the log's limit: not the loop's doing
	}
	return &RunError{At: at, Msg: fmt.Sprintf("the while loop went round %d times and its condition still held when the run reached its limit of %d steps of work: a condition that never turns false?; raise it with --max-steps", n, r.opt.MaxSteps)}
}

// outOfSteps reports whether the run must stop because of --max-steps
// alone (not an interruption or the log's limit).
func (r *Run) outOfSteps() bool {
	return r.steps > r.opt.MaxSteps && !r.interrupted && r.logBytes <= r.opt.MaxLog
}
