package interp

import (
	"fmt"
	"slices"

	"github.com/frayrules/fray/dsl/diag"
)

// A timed loop ordered by a pairwise order:
//
//	for c in LIST at count KEY by ORDER [simultaneous] { BODY }
//
// The moments still come from the clock KEY; the order's rules only
// order the items of one moment (those of different moments are never
// compared, so the rules cannot disagree with the clock). The items are
// sorted by their moment first (a stable sort), then each run of items
// on one moment by the order, as an ordered loop's pairwise sort does
// (order_pair.go). decided[i] is then the rule that put items[i-1]
// before items[i], undecided for a tie, or byClock where the two are on
// different moments.

// byClock is the decision between two items on different moments.
const byClock = -2

// orderWithin sorts the items, whose clock keys are set, by their moment
// and then, within each moment, by the pairwise order.
func (pp *pairPlan) orderWithin(r *Run, at diag.Range, items []orderItem, cmp func(a, b orderItem) int, decided []int) ([]int, error) {
	slices.SortStableFunc(items, cmp)
	decided = decided[:0]
	start := 0
	for i := 1; i <= len(items); i++ {
		if i < len(items) && equalKeys(items[start].keys, items[i].keys) {
			continue
		}
		first := byClock
		if start == 0 {
			first = undecided
		}
		var err error
		if decided, err = pp.sortRun(r, at, items[start:i], decided, first); err != nil {
			return decided, err
		}
		start = i
	}
	return decided, nil
}

// logTimedPairOrder records the order of a timed loop by a pairwise
// order: "order by count, lowest first, then melee: ann (3), then bob
// (3) [more attacks first], then cat (5)". Between moments the clock
// decides, which the moments in brackets show.
func (r *Run) logTimedPairOrder(n *forNode, items []orderItem, groups [][]orderItem, decided []int) {
	o := n.pair.o
	dir := "lowest first"
	if n.keys[0].desc {
		dir = "highest first"
	}
	head := fmt.Sprintf("order by %s, %s, then %s: ", readable(n.keys[0].label), dir, readable(o.Name))
	text, verbose, rules := pairOrderText(n, groups, decided, func(it orderItem) string {
		return fmt.Sprintf("%s (%s)", show(it.v), show(it.keys[0].value()))
	}, r.opt.MaxLog-r.logBytes)
	if r.logBytes+len(head)+len(text) > r.opt.MaxLog {
		r.logTooLong(len(head) + len(text))
		return
	}
	r.emitPairOrder(n, items, groups, decided, []string{n.keys[0].label, o.Name}, head+text, head+verbose, rules)
}
