package interp

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// An expression evaluated as a run goes: Run.eval gives a constant, runs
// the native form when the plan has one (fast_run.go), else expr-lang's
// VM under the run's limits (--max-expr-memory, --max-steps,
// --max-string); a failure of either is placed in the rule file and
// said in fray's words. eval.go makes the same choice once, when a
// statement is planned; Run.eval makes it at each call, for the code
// that evaluates as it goes.

// vm returns the expr VM of the current nesting depth; a world function
// that evaluates more expressions runs them one level deeper.
func (r *Run) vm() *vm.VM {
	for len(r.vms) <= r.depth {
		r.vms = append(r.vms, &vm.VM{})
	}
	return r.vms[r.depth]
}

// DefaultMemoryBudget bounds what one expression may allocate, in
// expr-lang's units (roughly, elements of the lists it builds).
const DefaultMemoryBudget = 1_000_000

func (r *Run) eval(ce *check.CExpr, fr reflect.Value) (any, error) {
	if ce == nil {
		return nil, &RunError{Msg: "internal: missing compiled expression"}
	}
	if ce.Const != nil {
		return ce.Const, nil
	}
	if fe := r.fastOf(ce); fe != nil {
		return r.evalFast(ce, fe, fr)
	}
	return r.evalVM(ce, fr)
}

// evalVM evaluates with expr-lang's VM.
func (r *Run) evalVM(ce *check.CExpr, fr reflect.Value) (any, error) {
	if ce.ID > 0 && ce.ID < len(r.plan.walks) && r.plan.walks[ce.ID] != nil {
		if err := r.plan.walks[ce.ID].count(r, fr); err != nil { // vm_walks.go
			return nil, r.exprFailure(ce, err.Error())
		}
	}
	machine := r.vm()
	machine.MemoryBudget = r.opt.MemoryBudget
	r.depth++
	out, err := machine.Run(ce.Program(), fr.Interface())
	r.depth--
	if err == nil {
		err = r.Work(vmWork(machine))
	}
	if err == nil {
		if s, ok := out.(string); ok {
			err = r.checkString(s)
		}
	}
	if err != nil {
		if re, ok := err.(*RunError); ok {
			return nil, re
		}
		if r.inner != nil && r.depth == 0 {
			re := r.inner
			r.inner = nil
			return nil, re
		}
		if r.inner != nil {
			return nil, r.inner
		}
		var fe *file.Error
		if errors.As(err, &fe) {
			f := r.exprFailure(ce, fe.Message)
			if r.callFailed {
				// A call of a ruleset function failed by itself (too
				// deep, over the budget): the error is at the call.
				placeAt(f, ce, fe.Line, fe.Column)
				r.callFailed = false
			}
			return nil, f
		}
		return nil, r.exprFailure(ce, err.Error())
	}
	return out, nil
}

// exprFailure places the message of a failed expression.
func (r *Run) exprFailure(ce *check.CExpr, msg string) *RunError {
	if strings.Contains(msg, "memory budget exceeded") {
		msg = fmt.Sprintf("the expression exceeded its memory budget of %d; raise it with --max-expr-memory", r.opt.MemoryBudget)
	}
	return &RunError{At: syntax.RangeOf(ce.Expr.Pos, ce.Expr.EndPos), Msg: cleanExprErr(r.m.U.Friendly(msg))}
}

// placeAt narrows a failure of ce to the part expr-lang says failed
// (a call, say), at line (1-based) and column (0-based) of the
// expression's text (syntax.Expr.Text): on its first line expr-lang counts
// from the expression's first token, on later lines from the line's
// start, where the text keeps the rule file's columns.
func placeAt(f *RunError, ce *check.CExpr, line, col int) {
	if line < 1 || col < 0 {
		return
	}
	start := f.At.Start
	start.Line = ce.Expr.Pos.Line + line - 1
	if line == 1 {
		start.Byte += col
		start.Column += col
	} else {
		start.Byte = 0 // not known on a later line
		start.Column = col + 1
	}
	if start.Line < f.At.Start.Line || start.Line > f.At.End.Line {
		return
	}
	f.At.Start = start
}

// ExprErrorWords is the message of an error expr-lang gave, in the
// words a rule's runtime error uses (none as nothing, with its hint; no
// "runtime error:" prefix, no caret lines; the line and column expr-lang
// gives in the expression kept): for fray test's expectations, which
// expr-lang runs outside a fight.
func ExprErrorWords(err error) string { return cleanExprErr(err.Error()) }

// cleanExprErr keeps the first line of an expr-lang runtime error; the
// position is ours, and so is the "runtime error:" in front (Go's own
// panics, such as a division by zero, bring one).
func cleanExprErr(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimPrefix(strings.TrimSpace(s), "runtime error: ")
	if s == takeBelowZero {
		return "take needs a count of 0 or more items"
	}
	return indexWords(noneWords(builtinWords(noneMessage(s)))) // v2: refs.go; none_words.go; builtin_words.go; index_words.go
}

// takeBelowZero is reflect's panic for take(l, n) with n below 0, which
// expr-lang passes on as it is: the only slice of a list it does not
// clamp (l[a:b] does), so the message can only come from take. A rule
// author read Go's internals (the eighth homebrew round).
const takeBelowZero = "reflect.Value.Slice: slice index out of bounds"
