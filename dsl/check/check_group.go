package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// groupStmt checks "for group G of X in LIST by KEYS { BODY }": X is an
// item of LIST and is seen only by the keys; G is a list of items, seen
// only by the body.
func (bc *bodyCheck) groupStmt(g *syntax.GroupStmt) {
	c, u := bc.c, bc.c.u
	elem := bc.loopElem(g.List)
	bc.scopes = append(bc.scopes, map[string]bool{})
	bc.declare(g.Var, elem)
	if o := bc.pairOrder(g.Keys, g.Body, elem); o != nil { // groups of items no rule separates
		c.m.GroupOrders[g] = o
	} else {
		bc.orderKeys(g.Keys)
	}
	bc.scopes = bc.scopes[:len(bc.scopes)-1]

	list := ListOf(elem)
	if elem == u.Any {
		list = u.Any
	}
	bc.scopes = append(bc.scopes, map[string]bool{})
	if g.Group.Text == g.Var.Text {
		c.errorf(diag.CodeDuplicate, syntax.RangeOf(g.Group.Pos, g.Group.EndPos), "name the group and its items differently: for group g of c in ...", "%s names both the group and its items", g.Group.Text)
	} else {
		bc.declare(g.Group, list)
	}
	bc.block(g.Body)
	bc.scopes = bc.scopes[:len(bc.scopes)-1]
}

// loopElem types a loop's list and gives its element type (any when it
// cannot tell).
func (bc *bodyCheck) loopElem(e *syntax.Expr) *Type {
	c := bc.c
	ce := bc.typed(e, nil)
	if ce == nil {
		return c.u.Any
	}
	if t := c.sharpen(ce, ce.Type); t.Kind == KList {
		return t.Elem
	} else if ce.Type.Kind != KAny {
		c.errorf(diag.CodeType, syntax.RangeOf(e.Pos, e.EndPos), "for loops over a list, such as combatants or 1..6", "expected a list, found %s", ce.Type)
	}
	return c.u.Any
}

// orderKeys checks the keys of an order: each a number, a string or a flag.
func (bc *bodyCheck) orderKeys(keys []*syntax.OrderKey) {
	for _, k := range keys {
		if kc := bc.compile(k.Key, nil); kc != nil {
			switch kc.Type.Kind {
			case KInt, KFloat, KString, KBool, KAny:
			default:
				bc.c.errorf(diag.CodeType, syntax.RangeOf(k.Key.Pos, k.Key.EndPos), "order by a number, a string or a flag", "cannot order by %s", kc.Type.Article())
			}
		}
	}
}
