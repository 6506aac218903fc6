package interp

import "github.com/frayrules/fray/dsl/check"

// LowerVM plans a ruleset with every expression in expr-lang's VM and
// the end condition never kept: the evaluator of record alone, for tests
// that compare it with the native plan Lower makes.
func LowerVM(m *check.Model) *Plan { return lower(m, false, false) }

// WithCrowdCheck is o with the crowd check on: every Run.Crowd of the run
// compares itself with Run.Occupied and fails on a difference.
func WithCrowdCheck(o Options) Options { o.checkCrowd = true; return o }

// Counted is what a finished run counted: its log entries (sequence numbers,
// which a quiet run takes as a logged one does), its steps of work and
// its deepest nesting left (0 at rest).
func (r *Run) Counted() (seq, steps, nesting int) { return r.seq, r.steps, r.nesting }
