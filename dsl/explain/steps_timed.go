package explain

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
)

// Time within a round (syntax/timed.go): a timed loop reads as an order
// whose first key is its clock; a schedule says when on which clock.

// timedStep explains "for c in LIST at count|segment KEY [desc] ...".
func (w *walker) timedStep(n *syntax.ForStmt) *Step {
	items := fmt.Sprintf("%s in %s", n.Var.Text, w.expr(&n.List.Expr))
	clock := Key{Label: n.Clock.Unit.Text, Expr: w.expr(n.Clock.Key), Direction: "lowest first"}
	if n.Clock.Dir == "desc" {
		clock.Direction = "highest first"
	}
	o := &Order{Where: w.where, Items: items, Keys: []Key{clock}}
	order := clock.Direction
	pair := w.b.m.OrderUses[n]
	switch {
	case pair != nil && pair.A != nil: // within a moment, by a pairwise order
		o.Keys = append(o.Keys, w.pairOrder(items, pair).Keys...)
		order += fmt.Sprintf("; within one, in order %s: of two, the first rule that puts one before the other decides: %s", pair.Name, pairRules(w, pair))
	default:
		if keys := w.orderKeys(o, n.Keys); len(keys) > 0 {
			order += "; within one, by " + strings.Join(keys, ", then ")
		}
	}
	o.Ties = "items at the same " + n.Clock.Unit.Text + " keep the list's order"
	if pair != nil {
		o.Ties = "items at the same " + n.Clock.Unit.Text + " that no rule separates keep the list's order"
	}
	if n.Simultaneous {
		o.Ties = "items at the same " + n.Clock.Unit.Text + " and tied on every key act simultaneously: their effects land together"
		if pair != nil {
			o.Ties = "items at the same " + n.Clock.Unit.Text + " that no rule separates act simultaneously: their effects land together"
		}
	}
	w.b.doc.Orders = append(w.b.doc.Orders, o)
	text := fmt.Sprintf("for each %s, at its %s %s (%s), with what is scheduled on this clock run at its %s; %s:",
		items, n.Clock.Unit.Text, clock.Expr, order, n.Clock.Unit.Text, o.Ties)
	return &Step{Text: text, Steps: w.block(n.Body)}
}

// scheduleStep explains "schedule [TIE] "label" for WHO after N | at M".
func (w *walker) scheduleStep(s *syntax.ScheduleStmt) *Step {
	n := w.expr(s.After)
	segments := n + " segments"
	if n == "1" {
		segments = "1 segment"
	}
	when := "after " + segments
	if w.b.m.Timed {
		when = "after " + segments + ", or moments of the timed loop running"
	}
	if s.At != nil {
		when = "at moment " + w.expr(s.At) + " of the timed loop's clock"
	}
	if s.Tie != nil {
		when += ", " + s.Tie.Word.Text + " among the items of its moment"
	}
	st := &Step{Text: fmt.Sprintf("schedule %q for %s %s:", string(s.Label), w.expr(&s.Who.Expr), when)}
	st.Steps = w.block(s.Body)
	return st
}
