package explain

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// groupStep reads "for group G of X in LIST by KEYS { BODY }": an order
// whose ties form the groups the body runs for.
func (w *walker) groupStep(n *syntax.GroupStmt) *Step {
	items := fmt.Sprintf("%s in %s", n.Var.Text, w.expr(n.List))
	if o := w.b.m.GroupOrders[n]; o != nil && o.A != nil {
		ord := w.pairOrder(items, o)
		ord.Ties = fmt.Sprintf("items no rule separates go together, as one group %s", n.Group.Text)
		w.b.doc.Orders = append(w.b.doc.Orders, ord)
		text := fmt.Sprintf("for each group %s of %s, in order %s: of two, the first rule that puts one before the other decides: %s; %s:", n.Group.Text, items, o.Name, pairRules(w, o), ord.Ties)
		return &Step{Text: text, Steps: w.block(n.Body)}
	}
	o := &Order{Where: w.where, Items: items}
	parts := w.orderKeys(o, n.Keys)
	o.Ties = fmt.Sprintf("items tied on every key go together, as one group %s", n.Group.Text)
	w.b.doc.Orders = append(w.b.doc.Orders, o)
	text := fmt.Sprintf("for each group %s of %s, in order of %s; %s:", n.Group.Text, items, strings.Join(parts, ", then "), o.Ties)
	return &Step{Text: text, Steps: w.block(n.Body)}
}

// pairStep reads "for X in LIST by ORDER": an order declared as rules
// over two items, the first rule that separates two of them deciding.
func (w *walker) pairStep(n *syntax.ForStmt, o *check.PairOrder) *Step {
	items := fmt.Sprintf("%s in %s", n.Var.Text, w.expr(&n.List.Expr))
	ord := w.pairOrder(items, o)
	ord.Ties = "items no rule separates keep the list's order"
	if n.Simultaneous {
		ord.Ties = "items no rule separates act simultaneously: their effects land together"
	}
	w.b.doc.Orders = append(w.b.doc.Orders, ord)
	text := fmt.Sprintf("for each %s, in order %s: of two, the first rule that puts one before the other decides: %s; %s:", items, o.Name, pairRules(w, o), ord.Ties)
	return &Step{Text: text, Steps: w.block(n.Body)}
}

// pairOrder is the Order of a pairwise order's use: its rules as keys.
func (w *walker) pairOrder(items string, o *check.PairOrder) *Order {
	ord := &Order{Where: w.where, Items: items}
	for _, r := range o.Decl.Rules {
		ord.Keys = append(ord.Keys, Key{Label: string(r.Label), Expr: w.expr(r.Cond), Direction: fmt.Sprintf("%s first when it holds", o.A.Name)})
	}
	return ord
}

// pairRules lists an order's rules: "label" (condition), then ...
func pairRules(w *walker, o *check.PairOrder) string {
	var parts []string
	for _, r := range o.Decl.Rules {
		parts = append(parts, fmt.Sprintf("%q (%s)", string(r.Label), w.expr(r.Cond)))
	}
	return strings.Join(parts, ", then ")
}

// orderKeys adds the keys of a loop's order to o and gives each as
// "label, direction" for the step's text.
func (w *walker) orderKeys(o *Order, keys []*syntax.OrderKey) []string {
	var parts []string
	for _, k := range keys {
		key := Key{Expr: w.expr(k.Key), Direction: "lowest first"}
		if k.Dir == "desc" {
			key.Direction = "highest first"
		}
		key.Label = key.Expr
		if k.Label != nil {
			key.Label = string(*k.Label)
		}
		o.Keys = append(o.Keys, key)
		parts = append(parts, fmt.Sprintf("%s, %s", key.Label, key.Direction))
	}
	return parts
}
