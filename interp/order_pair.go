package interp

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Pairwise orders: for c in LIST by ORDER { ... }, where ORDER is
// declared as labelled rules over two items (a, b), each a condition
// that puts a before b.
//
// Two items are compared rule by rule: the first rule that holds one way
// round and not the other decides; a rule that holds both ways or
// neither does not. When no rule decides, the two are tied and the
// list's order stands (the sort is stable), or, with simultaneous, they
// act together. The sort is Go's stable sort (insertion sort and
// in-place merges), which only swaps by index: rules that are not a
// strict weak order (a before b, b before c, c before a) give some
// order, the same for the same fight, and can neither crash nor loop.
//
// After sorting, each adjacent pair is compared once more, to log the
// rule that decided it (and to find the ties of a simultaneous loop).
// That is done whether or not the run logs, so quiet and logging runs
// evaluate the same rules and roll the same dice.

type pairPlan struct {
	o   *check.PairOrder
	fid int
	// the two parameters' places in the order's frame, and each rule's
	// condition, planned once
	a, b  slot
	conds []condFn
}

func (p *Plan) pairPlan(o *check.PairOrder) *pairPlan {
	if o == nil {
		return nil
	}
	pp := &pairPlan{o: o, fid: p.frameID(o.Frame), a: slotIn(o.Frame, o.A.Field.Index, nil), b: slotIn(o.Frame, o.B.Field.Index, nil)}
	for i := range o.Rules {
		pp.conds = append(pp.conds, p.cond(o.Rules[i].Cond))
	}
	return pp
}

// undecided is the decision of a pair no rule separates.
const undecided = -1

// pairSort sorts items by the order and fills decided: decided[i] is the
// rule that put items[i-1] before items[i] (undecided for a tie;
// decided[0] is unused).
func (pp *pairPlan) sort(r *Run, at diag.Range, items []orderItem, decided []int) ([]int, error) {
	return pp.sortRun(r, at, items, decided[:0], undecided)
}

// sortRun sorts a run of items by the order and appends their decisions
// to decided: first for the run's first item, then the rule that put
// each of the others after the one before it.
func (pp *pairPlan) sortRun(r *Run, at diag.Range, items []orderItem, decided []int, first int) ([]int, error) {
	var failed error
	slices.SortStableFunc(items, func(a, b orderItem) int {
		if failed != nil {
			return 0
		}
		c, _, err := pp.compare(r, at, a, b)
		if err != nil {
			failed = err
		}
		return c
	})
	if failed != nil {
		return decided, failed
	}
	decided = append(decided, first)
	for i := 1; i < len(items); i++ {
		_, rule, err := pp.compare(r, at, items[i-1], items[i])
		if err != nil {
			return decided, err
		}
		decided = append(decided, rule)
	}
	return decided, nil
}

// compare is -1 if a goes first, 1 if b does, 0 if no rule decides, and
// the rule that decided.
func (pp *pairPlan) compare(r *Run, at diag.Range, a, b orderItem) (int, int, error) {
	for i := range pp.o.Rules {
		ab, err := pp.holds(r, at, i, a, b)
		if err != nil {
			return 0, undecided, err
		}
		ba, err := pp.holds(r, at, i, b, a)
		if err != nil {
			return 0, undecided, err
		}
		switch {
		case ab && !ba:
			return -1, i, nil
		case ba && !ab:
			return 1, i, nil
		}
	}
	return 0, undecided, nil
}

// holds evaluates rule i with x as the order's first parameter and y as
// its second.
func (pp *pairPlan) holds(r *Run, at diag.Range, i int, x, y orderItem) (bool, error) {
	o := pp.o
	r.reason = o.Rules[i].Label
	fr, base := r.frameAtP(pp.fid)
	if err := pp.put(r, fr, base, pp.a, o.A.Field.Index, x, at); err != nil {
		return false, err
	}
	if err := pp.put(r, fr, base, pp.b, o.B.Field.Index, y, at); err != nil {
		return false, err
	}
	b, err := pp.conds[i](r, base)
	if err != nil {
		return false, err
	}
	r.releaseAtP(pp.fid, fr, base)
	return b, nil
}

// put stores an item in the order's parameter at s (field index i of the
// frame fr at base): by address when it is a combatant or side of the
// parameter's own type, else through reflect.
func (pp *pairPlan) put(r *Run, fr reflect.Value, base addr, s slot, i int, it orderItem, at diag.Range) error {
	if it.fit && s.ok && it.v.Type() == s.t {
		store(base, s.off, it.a)
		return nil
	}
	return r.storeValue(fr.Elem().Field(i), it.v, at)
}

// pairGroups splits sorted items into groups: each item alone, or, for
// a simultaneous loop, each run of items no rule separates.
func pairGroups(groups [][]orderItem, items []orderItem, decided []int, simultaneous bool) [][]orderItem {
	start := 0
	for i := 1; i <= len(items); i++ {
		if i == len(items) || !simultaneous || decided[i] != undecided {
			groups = append(groups, items[start:i])
			start = i
		}
	}
	return groups
}

// logPairOrder records a pairwise order and the rule that decided each
// step: "order by melee: ann, then bob [more attacks first], then cat
// [no rule decides: list order]".
func (r *Run) logPairOrder(n *forNode, items []orderItem, groups [][]orderItem, decided []int) {
	o := n.pair.o
	head := fmt.Sprintf("order by %s: ", readable(o.Name))
	text, verbose, rules := pairOrderText(n, groups, decided, func(it orderItem) string { return show(it.v) }, r.opt.MaxLog-r.logBytes)
	if r.logBytes+len(head)+len(text) > r.opt.MaxLog {
		r.logTooLong(len(head) + len(text))
		return
	}
	r.emitPairOrder(n, items, groups, decided, []string{o.Name}, head+text, head+verbose, rules)
}

// pairOrderText writes the groups of a pairwise order: the read-aloud
// line (names and ties), the verbose one that also names the rule that
// decided each step (none where a timed loop's clock did), and the
// deciding rules' names for the JSON log.
// It stops once the line is longer than room (what --max-log has left).
func pairOrderText(n *forNode, groups [][]orderItem, decided []int, name func(orderItem) string, room int) (text, verbose string, rules []any) {
	o := n.pair.o
	var b, v strings.Builder
	at := 0
	for gi, g := range groups {
		if b.Len() > room {
			break
		}
		names := make([]string, len(g))
		for i, it := range g {
			names[i] = name(it)
		}
		if gi > 0 {
			b.WriteString(", then ")
			v.WriteString(", then ")
		}
		b.WriteString(strings.Join(names, " = "))
		v.WriteString(strings.Join(names, " = "))
		if len(g) > 1 {
			b.WriteString(" " + n.tieWord())
			v.WriteString(" " + n.tieWord())
		}
		if gi > 0 && decided[at] != byClock {
			v.WriteString(" [" + pairReason(o, decided[at]) + "]")
		}
		for i := range g {
			if at+i > 0 {
				rules = append(rules, pairRuleName(o, decided[at+i]))
			}
		}
		at += len(g)
	}
	return b.String(), v.String(), rules
}

// emitPairOrder logs a pairwise order's line (its verbose form under
// fray run -v) and, when asked, why each step was decided.
func (r *Run) emitPairOrder(n *forNode, items []orderItem, groups [][]orderItem, decided []int, keys []string, text, verbose string, rules []any) {
	var order []any
	for _, it := range items {
		order = append(order, jsonValue(it.v))
	}
	r.emitLog(&Event{Kind: KOrder, Args: map[string]any{"order": order, "keys": keys, "rules": rules}, Text: text, verbose: verbose})
	if r.opt.Why != "" {
		r.explainPairOrder(n, groups, decided)
	}
}

// pairReason says why an item follows the one before it.
func pairReason(o *check.PairOrder, rule int) string {
	switch rule {
	case undecided:
		return "no rule decides: list order"
	case byClock: // timed_pair.go
		return "an earlier moment of the clock"
	}
	return o.Rules[rule].Label
}

// pairRuleName is the JSON form of a decision: the rule's label, or nil.
func pairRuleName(o *check.PairOrder, rule int) any {
	switch rule {
	case undecided:
		return nil
	case byClock: // timed_pair.go
		return "clock"
	}
	return o.Rules[rule].Label
}

// explainPairOrder makes the why events of a pairwise order: each
// explained item's place and the rule that put it after the item before
// it and before the item after it.
func (r *Run) explainPairOrder(n *forNode, groups [][]orderItem, decided []int) {
	o := n.pair.o
	names := r.whyNames()
	at := 0
	for gi, g := range groups {
		for ii := range g {
			it := g[ii]
			name := show(it.v)
			idx := at + ii
			if names != nil && !names[name] {
				continue
			}
			parts := []string{fmt.Sprintf("%s of %d places", ordinal(gi+1), len(groups))}
			args := map[string]any{"asked": r.opt.Why, "order": o.Name, "place": gi + 1, "places": len(groups)}
			if len(g) > 1 {
				var with []string
				for j := range g {
					if j != ii {
						with = append(with, show(g[j].v))
					}
				}
				args[n.tieWord()+"_with"] = with
				parts = append(parts, fmt.Sprintf("%s with %s: no rule separates them", n.tieWord(), strings.Join(with, ", ")))
			}
			if gi > 0 && ii == 0 {
				prev := show(groups[gi-1][len(groups[gi-1])-1].v)
				parts = append(parts, fmt.Sprintf("after %s: %s", prev, pairReason(o, decided[idx])))
				args["after"] = map[string]any{"name": prev, "rule": pairRuleName(o, decided[idx])}
			}
			if gi < len(groups)-1 && ii == len(g)-1 {
				next := show(groups[gi+1][0].v)
				parts = append(parts, fmt.Sprintf("before %s: %s", next, pairReason(o, decided[idx+1])))
				args["before"] = map[string]any{"name": next, "rule": pairRuleName(o, decided[idx+1])}
			}
			r.emitLog(&Event{Kind: KWhy, Who: name, Args: args, Text: fmt.Sprintf("why %s: %s", name, strings.Join(parts, "; "))})
		}
		at += len(g)
	}
}
