package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Grouped loops: for group G of X in LIST by KEY [desc], ... { BODY }.
//
// The items are taken and ordered as an ordered for loop's are (the keys
// read each item as X; a stable sort), and the order is logged the same
// way, with "together" where a for loop would say "simultaneous". Then
// the body runs once for each run of items whose keys are all equal,
// with G the list of them, in order: "by value, highest first, ties
// together". Emits in the body take effect at once; a loop inside it
// (for c in G simultaneous) decides how the group's members act. Like a
// for loop, it stops when the fight ends during it.

type groupNode struct {
	forNode        // the order: list, keys, the item's slot (X) and the body
	groupSlot slot // where G sits in the frame
	at        diag.Range
}

func (p *Plan) compileGroup(at diag.Range, s *syntax.GroupStmt) stmtFn {
	m := p.M
	item, grp := m.Locals[s.Var].Index, m.Locals[s.Group].Index
	// Both are set before they are read: X before each key, G before
	// each run of the body.
	p.presetField(p.cur, item)
	p.presetField(p.cur, grp)
	n := &groupNode{at: at, groupSlot: p.slotOf(grp, nil)}
	n.forNode = forNode{at: at, list: p.expr(s.List), together: true, body: p.block(s.Body), slot: p.slotOf(item, nil)}
	n.pair = p.pairPlan(m.GroupOrders[s]) // groups of items no rule separates
	if n.pair == nil {
		n.keys = p.orderKeys(n.keys, s.Keys)
	}
	p.planLoop(&n.forNode)
	return loopStmt(n.runGroups)
}

func (n *groupNode) runGroups(r *Run, base addr, buf *loopBuf) (flow, error) {
	items, err := n.order(r, base, buf)
	if err != nil {
		return flowNext, err
	}
	if n.pair != nil {
		buf.groups = pairGroups(buf.groups[:0], items, buf.decided, true)
		if len(items) > 0 && !r.quiet() {
			r.logPairOrder(&n.forNode, items, buf.groups, buf.decided)
		}
	} else {
		buf.groups = n.group(buf.groups[:0], items)
		if len(items) > 0 && !r.quiet() {
			r.logOrder(&n.forNode, items, buf.groups)
		}
	}
	groups := buf.groups
	watch := r.watchEnd(len(groups))
	for _, g := range groups {
		if err := n.setGroup(r, base, g); err != nil {
			return flowNext, err
		}
		f, err := r.runBlock(&n.body, base)
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// setGroup stores a group's items, as a new list, in G. A list of the
// slot's own type is made when every item fits it; otherwise (a slot
// shared by a local of the same name over another list) a list of any,
// which the store converts or refuses with a positioned error.
func (n *groupNode) setGroup(r *Run, base addr, g []orderItem) error {
	lt := n.groupSlot.t
	if lt == nil || lt.Kind() != reflect.Slice || !fitAll(g, lt.Elem()) {
		lt = reflect.TypeFor[[]any]()
	}
	elem := lt.Elem()
	list := reflect.MakeSlice(lt, 0, len(g))
	for _, it := range g {
		v := it.v
		switch {
		case !v.IsValid():
			v = reflect.Zero(elem)
		case v.Type() != elem:
			nv := reflect.New(elem).Elem()
			nv.Set(v)
			v = nv
		}
		list = reflect.Append(list, v)
	}
	return r.storeValue(n.groupSlot.value(base), list, n.at)
}

// fitAll reports whether every item of g can be stored as an elem.
func fitAll(g []orderItem, elem reflect.Type) bool {
	for _, it := range g {
		if it.v.IsValid() && !it.v.Type().AssignableTo(elem) {
			return false
		}
	}
	return true
}
