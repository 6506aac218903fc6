package check

import (
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// PairOrder is a checked pairwise order (syntax.OrderDecl): two
// parameters of one type, and its rules compiled as conditions over them.
type PairOrder struct {
	Name  string
	Decl  *syntax.OrderDecl
	Frame *Frame
	A, B  *ParamInfo
	Rules []PairRule
	Used  bool
}

// PairRule is one labelled rule: Cond holds when A goes before B.
type PairRule struct {
	Label string
	Cond  *CExpr
	At    diag.Range
}

// checkOrders checks every order declaration: its name, its two
// parameters of the same type, and each rule a condition over them.
func (c *checker) checkOrders() {
	for _, d := range c.f.Decls {
		od := d.Order
		if od == nil {
			continue
		}
		at := syntax.RangeAt(od.Pos, "order "+od.Name)
		if _, dup := c.m.Orders[od.Name]; dup {
			c.errorf(diag.CodeDuplicate, at, "rename one of them", "order %s declared twice", od.Name)
			continue
		}
		o := &PairOrder{Name: od.Name, Decl: od, Frame: c.newFrame("order " + od.Name)}
		// Known by name even when malformed, so that its uses are not
		// reported as unknown names too.
		c.m.Orders[od.Name] = o
		ps := c.params(o.Frame, od.Params)
		if len(ps) != len(od.Params) {
			continue // a parameter's type was reported
		}
		for _, p := range od.Params {
			if p.Default != nil {
				c.errorf(diag.CodeArgs, syntax.RangeOf(p.Default.Pos, p.Default.EndPos), "an order compares two items; drop the default", "parameter %s of order %s has a default", p.Name, od.Name)
			}
		}
		if len(ps) != 2 || !sameType(ps[0].Type, ps[1].Type) {
			c.errorf(diag.CodePairOrder, at, "declare two parameters of the type of the items: order "+od.Name+"(a: combatant, b: combatant)", "order %s must compare two items of one type", od.Name)
			continue
		}
		o.A, o.B = ps[0], ps[1]
		if len(od.Rules) == 0 {
			c.errorf(diag.CodePairOrder, at, `give it rules: "label": `+ps[0].Name+".x > "+ps[1].Name+".x", "order %s has no rules", od.Name)
		}
		seen := map[string]bool{}
		for _, r := range od.Rules {
			label := string(r.Label)
			rr := syntax.RangeOf(r.Pos, r.EndPos)
			if seen[label] {
				c.errorf(diag.CodeDuplicate, rr, "give each rule its own label: the log names the rule that decided", "order %s has two rules labelled %q", od.Name, label)
			}
			seen[label] = true
			ce := c.compile(r.Cond, o.Frame, func(string) bool { return true }, c.u.Bool)
			o.Rules = append(o.Rules, PairRule{Label: label, Cond: ce, At: rr})
		}
	}
}

func sameType(a, b *Type) bool { return Assignable(a, b) && Assignable(b, a) }

// pairOrder is the order a for loop names as its only key ("by melee"),
// checked against the loop's items; nil when the key is an expression.
func (bc *bodyCheck) pairOrder(keys []*syntax.OrderKey, body *syntax.Block, elem *Type) *PairOrder {
	c := bc.c
	if len(keys) != 1 || keys[0].Label != nil || len(keys[0].Key.Tokens) != 1 {
		return nil
	}
	k := keys[0]
	o := c.m.Orders[k.Key.Tokens[0].Value]
	if o == nil || bc.fr.Lookup(o.Name) != nil {
		return nil // a local or global of that name is an ordinary key
	}
	o.Used = true
	r := syntax.RangeOf(k.Pos, k.Key.EndPos)
	if k.Dir != "" {
		c.errorf(diag.CodePairOrder, syntax.RangeOf(k.Pos, body.Pos), "a pairwise order has no direction: its rules say who goes first", "by %s %s: an order declared with rules cannot be reversed", o.Name, k.Dir)
	}
	if o.A != nil && elem.Kind != KAny && !Assignable(elem, o.A.Type) {
		c.errorf(diag.CodeType, r, "order a list of the items the order compares", "order %s compares %s, the loop's items are %s", o.Name, o.A.Type, elem)
	}
	return o
}

// lintOrders warns about orders nothing uses.
func (c *checker) lintOrders() {
	for _, d := range c.f.Decls {
		if od := d.Order; od != nil {
			if o := c.m.Orders[od.Name]; o != nil && o.Decl == od && !o.Used {
				c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(od.Pos, "order "+od.Name), "use it in a loop: for c in LIST by "+od.Name+" { ... }", "order %s is never used", od.Name)
			}
		}
	}
}

// SettledByName reports whether a rule of the order compares the two
// items' names (a.name < b.name, or >): names are unique, so such a rule
// decides every pair the rules before it leave tied.
func (o *PairOrder) SettledByName() bool {
	if o.A == nil {
		return false
	}
	for _, r := range o.Decl.Rules {
		raw := strings.ReplaceAll(r.Cond.Raw(), " ", "")
		for _, op := range []string{"<", ">"} {
			if raw == o.A.Name+".name"+op+o.B.Name+".name" {
				return true
			}
		}
	}
	return false
}
