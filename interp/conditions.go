package interp

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Conditions (check/conditions.go) at run time. Each combatant has the
// conditions it is under, in the order the ruleset declares them (the
// order their adjustments apply in), each with the rounds it has left.
// A condition with rounds left ends at the end of the round that uses
// up the last of them, with a line in the log; one applied without a
// duration lasts until removed. Every change recomputes the combatant's
// derived attributes, which conditions adjust (derived.go).

// condOn is a condition a combatant is under.
type condOn struct {
	k    *check.Condition
	left int // rounds left, counting the current one; -1: until removed
}

// KCondition is the log event of a condition put on, taken off, ending,
// or keeping a combatant from acting.
const KCondition = "condition"

// condsOf is the index of the combatant at cp and its list of
// conditions.
func (r *Run) condsOf(cp addr) (int, []condOn) {
	i := load[int](cp, r.plan.lay.idx)
	for len(r.conds) <= i {
		r.conds = append(r.conds, nil)
	}
	return i, r.conds[i]
}

// resetConditions clears every combatant's conditions: a new fight.
func (r *Run) resetConditions() {
	for i := range r.conds {
		r.conds[i] = r.conds[i][:0]
	}
	for _, row := range r.adjBy {
		clear(row)
	}
}

// hasCondition reports whether the combatant at cp is under the named condition.
func (r *Run) hasCondition(cp addr, name string) bool {
	if cp.isNil() {
		return false
	}
	i := load[int](cp, r.plan.lay.idx)
	if i >= len(r.conds) {
		return false
	}
	// A step for every 8 conditions walked, as declares() counts its
	// walk: has() of a combatant under thousands of them, in a loop.
	r.steps += len(r.conds[i]) / 8
	for _, on := range r.conds[i] {
		if on.k.Name == name {
			return true
		}
	}
	return false
}

// Has implements stdlib.ConditionWorld for has(c, name) in the VM.
func (r *Run) Has(c any, name string) (bool, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return false, err
	}
	return r.hasCondition(addrOf(cv), name), nil
}

// cannotAct is the first condition of the combatant at cp that keeps it
// from acting, or nil.
func (r *Run) cannotAct(cp addr) *check.Condition {
	i := load[int](cp, r.plan.lay.idx)
	if i >= len(r.conds) {
		return nil
	}
	r.steps += len(r.conds[i]) / 8 // as hasCondition
	for _, on := range r.conds[i] {
		if on.k.CannotAct {
			return on.k
		}
	}
	return nil
}

// conditionNode is "apply condition X to c [for N rounds]" or, with
// remove set, "remove condition X from c".
type conditionNode struct {
	at     diag.Range
	k      *check.Condition
	remove bool
	who    func(r *Run, base addr) (addr, reflect.Type, error)
	rounds func(r *Run, base addr) (any, error) // nil: the condition's own duration
}

func (p *Plan) compileConditionStmt(s *syntax.Stmt, at diag.Range) stmtFn {
	n := &conditionNode{at: at}
	if a := s.ApplyCondition; a != nil {
		n.k = p.M.Conditions[a.Name.Text]
		n.who = p.somebody(p.expr(&a.Target.Expr))
		if a.For != nil {
			n.rounds = p.value(p.expr(&a.For.Expr))
		}
	} else {
		n.remove = true
		n.k = p.M.Conditions[s.RemoveCondition.Name.Text]
		n.who = p.somebody(p.expr(s.RemoveCondition.Target))
	}
	return func(r *Run, base addr) (flow, error) {
		r.reason = "condition " + n.k.Name
		cp, ct, err := n.who(r, base)
		if err != nil {
			return flowNext, err
		}
		if cp.isNil() {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("condition %s needs a combatant, found nobody", n.k.Name)}
		}
		if n.remove {
			return flowNext, r.removeCondition(cp, ct, n.k, "removed")
		}
		left, timed := -1, true
		switch {
		case n.rounds != nil:
			v, err := n.rounds(r, base)
			if err != nil {
				return flowNext, err
			}
			var msg string
			if left, msg = wholeOf(v, "the number of rounds"); msg != "" {
				return flowNext, &RunError{At: n.at, Msg: msg}
			}
		case n.k.Lasts != nil:
			fr := r.frameAt(0)
			v, err := r.eval(n.k.Lasts, fr)
			r.releaseAt(0, fr)
			if err != nil {
				return flowNext, err
			}
			var msg string
			if left, msg = wholeOf(v, "the number of rounds it lasts"); msg != "" {
				return flowNext, r.exprFailure(n.k.Lasts, msg)
			}
		default:
			timed = false
		}
		return flowNext, r.applyCondition(cp, ct, n.k, left, timed)
	}
}

// condAt is where k is in a combatant's conditions, or where it goes
// (they are in the order of declaration, k.Index), and whether it is
// there: a binary search. Applying or removing a condition walked the
// list, so that applying thousands of distinct conditions to one
// combatant cost n²/16 steps (12 600 of them reached --max-steps).
func condAt(list []condOn, k *check.Condition) (int, bool) {
	at := sort.Search(len(list), func(i int) bool { return list[i].k.Index >= k.Index })
	return at, at < len(list) && list[at].k == k
}

// condsMoved is how many conditions moved make a step when one is put
// in or taken out of the middle of a combatant's list: a copy of 64 (a
// KiB) costs about what a step of a loop does. Put on in the order of
// their declaration or its reverse, none move (conditions_list.go).
const condsMoved = 64

// applyCondition puts k on the combatant at cp for left rounds, or
// until removed when it is not timed (left is then -1); again, it
// replaces the duration. A timed duration below 1 does nothing.
func (r *Run) applyCondition(cp addr, ct reflect.Type, k *check.Condition, left int, timed bool) error {
	who := nameAt(cp)
	if timed && left < 1 {
		if !r.quiet() {
			r.emitLog(&Event{Kind: KCondition, Who: who, Name: k.Name, Args: map[string]any{"change": "not applied", "rounds": left},
				Text: fmt.Sprintf("%s: %s for %d rounds has no effect", who, k.Name, left)})
		}
		return nil
	}
	i, list := r.condsOf(cp)
	at, again := condAt(list, k)
	if again {
		list[at].left = left
	} else {
		r.steps += r.insertCond(i, at, condOn{k: k, left: left}) / condsMoved
	}
	if !r.quiet() {
		text := fmt.Sprintf("%s is %s", who, k.Name)
		if again {
			text += " again"
		}
		if left < 0 {
			text += ", until removed"
		} else {
			text += fmt.Sprintf(", for %d round%s", left, plural(left))
		}
		change := "applied"
		if again {
			change = "applied again"
		}
		r.emitLog(&Event{Kind: KCondition, Who: who, Name: k.Name, Args: map[string]any{"change": change, "rounds": left}, Text: text})
	}
	return r.recompute(valueAt(ct.Elem(), cp))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// removeCondition takes k off the combatant at cp, if it is under it;
// how is "removed" (a statement) or "ended" (its duration ran out).
func (r *Run) removeCondition(cp addr, ct reflect.Type, k *check.Condition, how string) error {
	c, list := r.condsOf(cp)
	if i, on := condAt(list, k); on {
		r.steps += r.deleteCond(c, i) / condsMoved // as applyCondition
		if !r.quiet() {
			who := nameAt(cp)
			text := fmt.Sprintf("%s is no longer %s", who, k.Name)
			if how == "ended" {
				text = fmt.Sprintf("%s's %s ends", who, k.Name)
			}
			r.emitLog(&Event{Kind: KCondition, Who: who, Name: k.Name, Args: map[string]any{"change": how}, Text: text})
		}
		return r.recompute(valueAt(ct.Elem(), cp))
	}
	return nil
}

// endRoundConditions counts down the conditions at the end of a round
// and ends those whose last round it was, combatant by combatant in the
// encounter's order.
func (r *Run) endRoundConditions() error {
	ct := r.plan.M.U.Combatant.R
	for i := range r.conds {
		if len(r.conds[i]) == 0 || i >= len(r.comb) {
			continue
		}
		// A step for every 8 conditions counted down, as hasCondition:
		// a thousand combatants under 250 conditions each, held until
		// removed, over 100 000 rounds of nothing walked 250 000 a round,
		// uncounted (hours).
		r.steps += len(r.conds[i]) / 8
		var ended []*check.Condition
		for j := range r.conds[i] {
			on := &r.conds[i][j]
			if on.left > 0 {
				on.left--
				if on.left == 0 {
					ended = append(ended, on.k)
				}
			}
		}
		cp := addrOf(r.comb[i])
		for _, k := range ended {
			if err := r.removeCondition(cp, ct, k, "ended"); err != nil {
				return err
			}
		}
	}
	return nil
}

// skipAct logs that the combatant at cp cannot act because of k.
func (r *Run) skipAct(cp addr, k *check.Condition) {
	if r.quiet() {
		return
	}
	who := nameAt(cp)
	r.emitLog(&Event{Kind: KCondition, Who: who, Name: k.Name, Args: map[string]any{"change": "cannot act"},
		Text: fmt.Sprintf("%s cannot act: %s", who, k.Name)})
}

// adjust applies the adjustments of the conditions of the combatant c
// (a pointer) to the value v of its derived attribute a.
func (r *Run) adjust(c reflect.Value, a *check.Attr, v any) (any, error) {
	i := load[int](addrOf(c), r.plan.lay.idx) // the hidden index
	if i >= len(r.conds) {
		return v, nil
	}
	// Each condition looked at and each adjustment made is a step: a
	// combatant under thousands of conditions, recomputed in a loop,
	// would otherwise be uncounted work (testdata/hostile/conditions_piled).
	if err := r.Work(len(r.conds[i])); err != nil {
		return nil, r.tooManySteps(syntax.RangeOf(a.Decl.Pos, a.Decl.EndPos))
	}
	for _, on := range r.conds[i] {
		for j, adj := range on.k.Adjusts {
			if adj.Attr != a {
				continue
			}
			if r.overSteps() {
				return nil, r.tooManySteps(syntax.RangeOf(adj.By.Expr.Pos, adj.By.Expr.EndPos))
			}
			by, err := r.adjustBy(on.k, j)
			if err != nil {
				return nil, err
			}
			if v, err = adjustValue(v, by, adj.Scale); err != nil {
				// A float by with no whole part (NaN, an infinity) for a
				// whole-number attribute: at the adjustment's expression.
				op := "adjust"
				if adj.Scale {
					op = "scale"
				}
				msg := fmt.Sprintf("%s %s by %v: %s", op, a.Name, by, strings.TrimPrefix(err.Error(), "int: "))
				return nil, r.exprFailure(adj.By, msg)
			}
		}
	}
	return v, nil
}

// adjustBy is the amount of condition k's adjustment j, read once a
// fight: it is a constant expression (F662: no dice, no round, no
// combatants but their number), the same each time. Recomputing a
// derived attribute read it again for every condition on every change,
// a frame and an evaluation each (the wuxia homebrew, whose stances
// come and go every turn, spent some 7% of a fight there).
func (r *Run) adjustBy(k *check.Condition, j int) (any, error) {
	for len(r.adjBy) <= k.Index {
		r.adjBy = append(r.adjBy, nil)
	}
	if r.adjBy[k.Index] == nil {
		r.adjBy[k.Index] = make([]any, len(k.Adjusts))
	}
	if by := r.adjBy[k.Index][j]; by != nil {
		return by, nil
	}
	fr := r.frameAt(0)
	by, err := r.eval(k.Adjusts[j].By, fr)
	r.releaseAt(0, fr)
	if err != nil {
		return nil, err
	}
	r.adjBy[k.Index][j] = by
	return by, nil
}

// adjustValue adds by to v, or multiplies v by it; a whole number stays
// whole, rounded down (half of 25 feet is 12), and a result with no whole
// part (a by of NaN, say) is stdlib.ToInt's error, not Go's conversion,
// and a sum beyond the whole numbers stdlib.Add's.
func adjustValue(v, by any, scale bool) (any, error) {
	f := func(x any) float64 {
		switch n := x.(type) {
		case int:
			return float64(n)
		case float64:
			return n
		}
		return 0
	}
	switch x := v.(type) {
	case int:
		if scale {
			return stdlib.ToInt(math.Floor(float64(x) * f(by)))
		}
		if n, ok := by.(int); ok {
			return stdlib.Add(x, n) // exactly, as int arithmetic elsewhere (a float64 would round a big n)
		}
		n, err := stdlib.ToInt(f(by))
		if err != nil {
			return 0, err
		}
		return stdlib.Add(x, n)
	case float64:
		if scale {
			return x * f(by), nil
		}
		return x + f(by), nil
	}
	return v, nil
}

// compileHas is has(c, name), native (fast_world_calls.go).
func compileHas(c *fastCompiler, args []ast.Node) boolFn {
	who, name := c.ptr(args[0]), c.str(args[1])
	if who == nil || name == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		p, err := who(r, f)
		if err != nil {
			return false, err
		}
		if p.isNil() {
			return false, errNobody // as the VM's has() says
		}
		n, err := name(r, f)
		if err != nil {
			return false, err
		}
		return r.hasCondition(p, n), nil
	}
}
