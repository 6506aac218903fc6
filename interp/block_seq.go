package interp

import "github.com/frayrules/fray/dsl/diag"

// Straight-line blocks. Most bodies are one to three statements (an
// action's let and if, a handler's assignment and if, a loop's act), and
// runBlock's loop costs more per statement than the statements' own
// calls: its index, the slice reloaded around every call. A block made
// by newBlock carries a closure (block.run) that runs its statements one
// after another, written out for up to three of them, with the same
// steps as the loop: each statement counts toward the statement limit
// before it runs and is the place of that limit's error, and the block
// stops at an error or a return. Longer blocks keep the loop
// (Run.runStmts).

// newBlock is the block of the statements fns, placed at at.
func newBlock(fns []stmtFn, at []diag.Range) block {
	return block{fns: fns, at: at, run: seqOf(fns, at)}
}

// seqOf is the run of a block's statements: nil for none.
func seqOf(fns []stmtFn, at []diag.Range) stmtFn {
	switch len(fns) {
	case 0:
		return nil
	case 1:
		f0, a0 := fns[0], &at[0]
		return func(r *Run, base addr) (flow, error) {
			if r.overSteps() {
				return flowReturn, r.tooManySteps(*a0)
			}
			return f0(r, base)
		}
	case 2:
		f0, f1, a := fns[0], fns[1], at
		return func(r *Run, base addr) (flow, error) {
			if r.overSteps() {
				return flowReturn, r.tooManySteps(a[0])
			}
			if f, err := f0(r, base); err != nil || f == flowReturn {
				return f, err
			}
			if r.overSteps() {
				return flowReturn, r.tooManySteps(a[1])
			}
			return f1(r, base)
		}
	case 3:
		f0, f1, f2, a := fns[0], fns[1], fns[2], at
		return func(r *Run, base addr) (flow, error) {
			if r.overSteps() {
				return flowReturn, r.tooManySteps(a[0])
			}
			if f, err := f0(r, base); err != nil || f == flowReturn {
				return f, err
			}
			if r.overSteps() {
				return flowReturn, r.tooManySteps(a[1])
			}
			if f, err := f1(r, base); err != nil || f == flowReturn {
				return f, err
			}
			if r.overSteps() {
				return flowReturn, r.tooManySteps(a[2])
			}
			return f2(r, base)
		}
	}
	b := &block{fns: fns, at: at}
	return func(r *Run, base addr) (flow, error) { return r.runStmts(b, base) }
}
