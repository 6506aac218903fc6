package check

import (
	"fmt"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Procedures (language v2, item 1): a fn with a statement body,
//
//	fn strike(a: combatant, t: combatant): int {
//	  let dmg = roll(a.damage)
//	  t.hp -= dmg
//	  return dmg
//	}
//
// runs its statements in its own frame and may change the fight (assign,
// emit, log, act, apply, schedule). With a result type it gives a value
// with "return EXPR" and is called from expressions like any fn: its
// effects happen when the expression is evaluated. Every path through
// its body must end in such a return (F601), so a caller never sees a
// missing value. Without a result type it is run by the statement
// "call NAME(args)" and naming it in an expression is F600. Procedures
// share fns' namespace, override and remove; their recursion counts
// toward the run's nesting limit and every statement toward --max-steps.

// resultName is the hidden local a procedure's returns store its value
// in: not an identifier, so no expression can name it.
const resultName = "$result"

// procNoValueHint is the hint of F600.
func procNoValueHint(name string) string {
	return fmt.Sprintf("run it as a statement, `call %s(...)`, or give it a result type and return a value", name)
}

// declareProcNoResult declares a fn without a result type: a procedure
// run only by call statements. It takes its name in the namespace of
// functions without becoming one expr-lang knows. An expression fn
// without a result type is reported, and declared on (true) as giving
// any value, so that its uses are not reported as unknown.
func (c *checker) declareProcNoResult(f *Func, at diag.Range) bool {
	fd := f.Decl
	if fd.Block == nil {
		c.errorf(diag.CodeFnResult, syntax.RangeOf(fd.Body.Pos, fd.Body.EndPos),
			fmt.Sprintf("declare what it gives: fn %s(...): int = ...; a fn without a result has statements: fn %s(...) { ... }", fd.Name, fd.Name),
			"fn %s has an expression but no result type", fd.Name)
		return true
	}
	if c.funcs[fd.Name] || exprBuiltins[fd.Name] || internalFuncs[fd.Name] {
		c.errorf(diag.CodeDuplicate, at, "tables, modifiers, fns and library functions share one namespace; rename it", "%s is already a function", fd.Name)
		return false
	}
	c.funcs[fd.Name] = true
	c.m.Funcs[fd.Name] = f
	return false
}

// procResult gives a procedure with a result the hidden local its
// returns fill.
func (c *checker) procResult(f *Func) {
	ff := &FrameField{Name: resultName, Type: f.Result}
	f.Frame.Fields = append(f.Frame.Fields, ff)
	f.Frame.buildLater()
	f.ResultField = ff
}

// checkProc checks a procedure's statements and that every path through
// them gives its value.
func (c *checker) checkProc(f *Func) {
	c.quiet++
	(&bodyCheck{c: c, fr: f.Frame, kind: bodyAction, proc: f}).run(f.Block)
	c.quiet--
	(&bodyCheck{c: c, fr: f.Frame, kind: bodyAction, proc: f, final: true}).run(f.Block)
	if f.Result != nil && !blockReturns(f.Block) {
		c.errorf(diag.CodeMissingReturn, syntax.RangeAt(f.Decl.Pos, "fn "+f.Decl.Name),
			fmt.Sprintf("end every path with `return` and %s (an if needs an else that returns too)", f.Result.Article()),
			"fn %s may reach its end without returning %s", f.Decl.Name, f.Result.Article())
	}
}

// blockReturns reports whether every run of the block ends in a return:
// one of its statements always does (what follows it never runs).
func blockReturns(b *syntax.Block) bool {
	if b == nil {
		return false
	}
	for _, s := range b.Stmts {
		if stmtReturns(s) {
			return true
		}
	}
	return false
}

// stmtReturns: a return, or an if whose every branch (an else included)
// returns. Loops may run no time, so they never count.
func stmtReturns(s *syntax.Stmt) bool {
	switch {
	case s.Return != nil:
		return true
	case s.If != nil:
		for is := s.If; ; {
			if !blockReturns(is.Then) || is.Else == nil {
				return false
			}
			if is.Else.If == nil {
				return blockReturns(is.Else.Block)
			}
			is = is.Else.If
		}
	case s.Segment != nil:
		return blockReturns(s.Segment.Body)
	}
	return false
}

// returnStmt checks "return" and "return EXPR": a value exactly where
// the body gives one back.
func (bc *bodyCheck) returnStmt(s *syntax.Stmt) {
	c, r := bc.c, s.Return
	at := syntax.RangeAt(s.Pos, "return")
	p := bc.proc
	switch {
	case p != nil && p.Result != nil && r.Value == nil:
		c.errorf(diag.CodeReturnValue, at, fmt.Sprintf("give the value: return EXPR, %s", p.Result.Article()), "fn %s must return %s", p.Decl.Name, p.Result.Article())
	case r.Value == nil:
		return
	case p == nil:
		bc.compile(r.Value, nil)
		c.errorf(diag.CodeReturnValue, syntax.RangeOf(r.Value.Pos, r.Value.EndPos), "only a fn with a result type gives a value back: fn name(...): int { ... return x }; drop the value", "return with a value outside a fn")
	case p.Result == nil:
		bc.compile(r.Value, nil)
		c.errorf(diag.CodeReturnValue, syntax.RangeOf(r.Value.Pos, r.Value.EndPos), fmt.Sprintf("declare its result type, fn %s(...): TYPE { ... }, or drop the value", p.Decl.Name), "fn %s has no result type to return", p.Decl.Name)
	case bc.scheduled > 0:
		bc.compile(r.Value, p.Result)
		c.errorf(diag.CodeReturnValue, at, "a scheduled block runs later, when the fn has long given its value; set an attribute there instead", "return with a value inside a scheduled block")
	default:
		bc.compile(r.Value, p.Result)
		if bc.final {
			c.m.Returns[r] = p
		}
	}
}

// callStmt checks "call NAME(args)": NAME is a procedure, with its
// arguments.
func (bc *bodyCheck) callStmt(s *syntax.CallStmt) {
	c := bc.c
	r := syntax.RangeOf(s.Fn.Pos, s.Fn.EndPos)
	f := c.m.Funcs[s.Fn.Text]
	if f == nil || f.Block == nil {
		for _, a := range s.Args {
			bc.compile(a, nil)
		}
		if f != nil {
			c.errorf(diag.CodeCallStmt, r, fmt.Sprintf("use its value in an expression (let x = %s(...)), or give it a statement body", f.Name), "fn %s is an expression, not a procedure to call", f.Name)
			return
		}
		var procs []string
		for name, g := range c.m.Funcs {
			if g.Block != nil {
				procs = append(procs, name)
			}
		}
		c.errorf(diag.CodeUnknownName, r, c.didYouMean(s.Fn.Text, procs, "declare it with `fn "+s.Fn.Text+"(...) { ... }`"), "unknown procedure %s", s.Fn.Text)
		return
	}
	bc.args("call", "the fn", f.Name, syntax.RangeOf(s.Pos, s.Fn.EndPos), s.Args, f.Params)
	if bc.final {
		c.m.Calls[s] = f
	}
}
