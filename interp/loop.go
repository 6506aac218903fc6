package interp

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Loops: for X in LIST [by KEY [desc], ...] [simultaneous] { BODY }.
//
// The list's items are taken once, then, for an ordered loop, sorted by
// their keys (a stable sort: the list's order decides what the keys
// leave tied) and the order is logged with the key that decided each
// step. The items run in groups: each item alone, or, when ties are
// simultaneous, each run of equal keys together; the emits of a
// simultaneous group wait until the whole group has acted, so that two
// combatants can drop each other. A loop stops when the fight ends
// during it (the last foe falls), but a loop that starts after the end
// (an at-end phase) runs through.

type orderKey struct {
	label string
	e     *check.CExpr
	val   valueFn
	desc  bool
	// kind, and the native evaluator of that kind: a typed key
	// (loop_keys.go); keyAny uses val.
	kind keyKind
	ival func(*Run, addr) (int, error)
	sval func(*Run, addr) (string, error)
	bval func(*Run, addr) (bool, error)
}

type forNode struct {
	at           diag.Range
	list         *check.CExpr
	items        func(r *Run, base addr, into []orderItem) ([]orderItem, error)
	keys         []orderKey
	simultaneous bool
	// together: a grouped loop's order (loop_group.go), whose runs of
	// equal keys are groups as a simultaneous loop's are.
	together bool
	pair     *pairPlan // a pairwise order instead of keys (order_pair.go)
	body     block
	slot     slot // where the loop variable sits in the frame
}

type orderItem struct {
	v    reflect.Value
	keys []keyVal
	// fit: v is a combatant or side of the loop variable's own type, at
	// a, stored and named by address.
	fit bool
	a   addr
}

// loopBuf is the reusable storage of one level of loop nesting.
type loopBuf struct {
	addrs   []addr // a plain loop's copy of its list (loop_plain.go)
	items   []orderItem
	groups  [][]orderItem
	queue   []pendingEmit
	decided []int       // a pairwise order's deciding rules (order_pair.go)
	keyed   []keyedItem // a keyed loop's items (loop_keyed.go)
	ikeys   []int       // and their keys after the first, by item
}

// loopBuf lends the storage of the next nesting level; give it back
// with r.loops--.
func (r *Run) loopBuf() *loopBuf {
	if r.loops == len(r.loopBufs) {
		r.loopBufs = append(r.loopBufs, &loopBuf{})
	}
	b := r.loopBufs[r.loops]
	r.loops++
	return b
}

// orderKeys appends the sort keys of a loop's by clause to keys: each
// with its label (the key's text when it has none) and direction.
func (p *Plan) orderKeys(keys []orderKey, by []*syntax.OrderKey) []orderKey {
	for _, k := range by {
		label := k.Key.Raw()
		if k.Label != nil {
			label = string(*k.Label)
		}
		keys = append(keys, orderKey{label: label, e: p.expr(k.Key), desc: k.Dir == "desc"})
	}
	return keys
}

func (p *Plan) compileFor(n *forNode) stmtFn {
	p.planLoop(n)
	if plain := p.plainLoop(n); plain != nil { // loop_plain.go
		return plain
	}
	if keyed := p.keyedLoop(n); keyed != nil { // loop_keyed.go
		return keyed
	}
	return loopStmt(n.run)
}

// planLoop plans a loop's items and the values of its sort keys.
func (p *Plan) planLoop(n *forNode) {
	n.items = p.listItems(n.list, n.slot.t)
	for i := range n.keys {
		p.planKey(&n.keys[i])
	}
}

// loopStmt is the statement of a loop that runs with the storage of its
// level of loop nesting (a plain, grouped or timed loop).
func loopStmt(run func(r *Run, base addr, buf *loopBuf) (flow, error)) stmtFn {
	return func(r *Run, base addr) (flow, error) {
		r.reason = "list"
		buf := r.loopBuf()
		f, err := run(r, base, buf)
		r.loops--
		return f, err
	}
}

// listItems plans the items of a loop's list: a native list of
// combatants or sides, or any list the VM gives.
func (p *Plan) listItems(ce *check.CExpr, slotT reflect.Type) func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
	entity := slotT.Kind() == reflect.Pointer && slotT.Elem().Kind() == reflect.Struct
	if fe := p.fastExpr(ce); fe != nil && fe.l != nil {
		fl, tw := fe.l, fe.tw
		fit := entity && reflect.TypeOf(boxPtr(tw, addr{})) == slotT
		return func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
			mark := len(r.scratch)
			list, err := fl(r, base)
			if err != nil {
				r.dropScratch(mark)
				return into, r.nativeFailure(ce, err)
			}
			for _, p := range list {
				into = append(into, orderItem{v: reflect.ValueOf(boxPtr(tw, p)), keys: itemKeys(into), fit: fit, a: p})
			}
			r.dropScratch(mark)
			return into, nil
		}
	}
	if fe := p.fastExpr(ce); fe != nil && fe.ss != nil && slotT == strT {
		// A list of strings (keys of a map groupBy made: fast_groups.go).
		return plainItems(ce, fe.ss)
	}
	if fe := p.fastExpr(ce); fe != nil && fe.is != nil && slotT == intT {
		return plainItems(ce, fe.is) // or of whole numbers
	}
	if lo, hi := p.rangeBounds(ce); lo != nil {
		return func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
			from, to, err := rangeOf(r, base, lo, hi)
			if err != nil {
				return into, r.nativeFailure(ce, err)
			}
			for i := from; i <= to; i++ {
				into = append(into, orderItem{v: reflect.ValueOf(i), keys: itemKeys(into)})
				if i == to {
					break // to may be the largest int, past which i wraps round
				}
			}
			return into, nil
		}
	}
	value := p.value(ce)
	return func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
		lv, err := value(r, base)
		if err != nil {
			return into, err
		}
		list := reflect.ValueOf(lv)
		if !list.IsValid() || list.Kind() != reflect.Slice {
			return into, nil
		}
		for i := 0; i < list.Len(); i++ {
			v := list.Index(i)
			if v.Kind() == reflect.Interface {
				v = v.Elem()
			}
			it := orderItem{v: v, keys: itemKeys(into)}
			if entity && v.IsValid() && v.Type() == slotT {
				it.fit, it.a = true, addrOf(v)
			}
			into = append(into, it)
		}
		return into, nil
	}
}

// plainItems are the items of a native list of strings or whole
// numbers, for a loop whose variable is of their type.
func plainItems[T any](ce *check.CExpr, fl func(*Run, addr) ([]T, error)) func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
	return func(r *Run, base addr, into []orderItem) ([]orderItem, error) {
		mark := len(r.scratch)
		list, err := fl(r, base)
		r.dropScratch(mark)
		if err != nil {
			return into, r.nativeFailure(ce, err)
		}
		for _, v := range list {
			into = append(into, orderItem{v: reflect.ValueOf(v), keys: itemKeys(into)})
		}
		return into, nil
	}
}

// itemKeys is the emptied key storage that the next item of items had
// the last time the buffer was used.
func itemKeys(items []orderItem) []keyVal {
	if i := len(items); i < cap(items) {
		return items[:cap(items)][i].keys[:0]
	}
	return nil
}

func (n *forNode) run(r *Run, base addr, buf *loopBuf) (flow, error) {
	items, err := n.order(r, base, buf)
	if err != nil {
		return flowNext, err
	}
	if n.pair != nil {
		buf.groups = pairGroups(buf.groups[:0], items, buf.decided, n.simultaneous)
		if len(items) > 0 && !r.quiet() {
			r.logPairOrder(n, items, buf.groups, buf.decided)
		}
	} else {
		buf.groups = n.group(buf.groups[:0], items)
		// An order of nobody says nothing.
		if len(n.keys) > 0 && len(items) > 0 && !r.quiet() {
			r.logOrder(n, items, buf.groups)
		}
	}
	groups := buf.groups
	watch := r.watchEnd(len(groups))
	for _, g := range groups {
		f, err := n.runGroup(r, base, g, &buf.queue)
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// order takes the list's items into buf and sorts them by the loop's
// keys (a stable sort), each item's keys evaluated with it in the loop
// variable.
func (n *forNode) order(r *Run, base addr, buf *loopBuf) ([]orderItem, error) {
	items, err := n.items(r, base, buf.items[:0])
	buf.items = items
	if err != nil {
		return items, err
	}
	if n.pair != nil && len(n.keys) == 0 {
		buf.decided, err = n.pair.sort(r, n.at, items, buf.decided)
		return items, err
	}
	if len(n.keys) > 0 {
		for i := range items {
			if err := n.set(r, base, &items[i]); err != nil {
				return items, err
			}
			// A key is read for its item, so the dice it rolls are the
			// item's, as its body's are ("ann rolls d6 for init", not
			// three of the referee's that nobody can tell apart).
			pushed := r.pushItem(&items[i])
			for ki := range n.keys {
				k := &n.keys[ki]
				r.reason = k.label
				kv, err := k.eval(r, base)
				if err != nil {
					if pushed {
						r.actors = r.actors[:len(r.actors)-1]
					}
					return items, err
				}
				items[i].keys = append(items[i].keys, kv)
			}
			if pushed {
				r.actors = r.actors[:len(r.actors)-1]
			}
		}
		if n.pair != nil { // a timed loop's clock, then the order (timed_pair.go)
			buf.decided, err = n.pair.orderWithin(r, n.at, items, n.cmp, buf.decided)
			return items, err
		}
		slices.SortStableFunc(items, n.cmp)
	}
	return items, nil
}

// cmp orders two items by the loop's keys, for a stable sort.
func (n *forNode) cmp(a, b orderItem) int {
	for i, k := range n.keys {
		c := cmpKey(a.keys[i], b.keys[i])
		if c == 0 {
			continue
		}
		if k.desc {
			return -c
		}
		return c
	}
	return 0
}

// group splits an ordered list into runs of equal keys when ties are
// simultaneous; otherwise every item is its own group. It appends to groups.
func (n *forNode) group(groups [][]orderItem, items []orderItem) [][]orderItem {
	if !n.simultaneous && !n.together {
		for i := range items {
			groups = append(groups, items[i:i+1])
		}
		return groups
	}
	if len(n.keys) == 0 {
		if len(items) > 0 {
			groups = append(groups, items)
		}
		return groups
	}
	start := 0
	for i := 1; i <= len(items); i++ {
		if i == len(items) || !equalKeys(items[start].keys, items[i].keys) {
			groups = append(groups, items[start:i])
			start = i
		}
	}
	return groups
}

// runGroup runs the body for each item of a group, the item in the loop
// variable and named the actor its rolls are attributed to.
func (n *forNode) runGroup(r *Run, base addr, g []orderItem, q *[]pendingEmit) (flow, error) {
	simultaneous := r.openGroup(n.simultaneous && len(g) > 1, q)
	for i := range g {
		it := &g[i]
		if err := n.set(r, base, it); err != nil {
			r.deferred = nil
			return flowNext, err
		}
		pushed := r.pushItem(it)
		f, err := r.runBlock(&n.body, base)
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if f, stop, err := r.afterItem(simultaneous, q, f, err); stop {
			return f, err
		}
	}
	return r.closeGroup(simultaneous, q, flowNext)
}

// set stores an item in the loop variable: by address when it fits.
func (n *forNode) set(r *Run, base addr, it *orderItem) error {
	if it.fit {
		store(base, n.slot.off, it.a)
		return nil
	}
	return r.storeValue(n.slot.value(base), it.v, n.at)
}

// afterItem is what a group does after an item's body: on an error it
// stops, dropping the emits it held; on a return it stops, closing the
// group; otherwise it goes on (stop is false).
func (r *Run) afterItem(held bool, q *[]pendingEmit, f flow, err error) (flow, bool, error) {
	if err != nil {
		r.deferred = nil
		return f, true, err
	}
	if f == flowReturn {
		f, err = r.closeGroup(held, q, f)
		return f, true, err
	}
	return f, false, nil
}

// watchEnd reports whether a loop of n groups stops when the fight ends
// during it (the last foe falls); a loop that starts after the end (an
// at-end phase), or with the end condition already met or failing,
// runs through, and so does a loop inside the end condition (a
// procedure it calls), which must not evaluate it inside itself.
func (r *Run) watchEnd(n int) bool {
	if r.ended || n <= 1 || r.inEnd {
		return false
	}
	over, err := r.checkEnd()
	return err == nil && !over
}

// stopLoop reports, after a group of a watched loop, whether the fight
// has ended.
func (r *Run) stopLoop(watch bool) (bool, error) {
	if !watch || r.endKept() && !r.endWas {
		return false, nil
	}
	return r.checkEnd()
}

// openGroup starts a group of a loop; a simultaneous one (unless inside
// another) holds its emits in q until closeGroup. It reports whether it
// holds them.
func (r *Run) openGroup(simultaneous bool, q *[]pendingEmit) bool {
	if !simultaneous || r.deferred != nil {
		return false
	}
	*q = (*q)[:0]
	r.deferred = q
	return true
}

// closeGroup ends a group whose body ended with f: the emits it held
// take effect now, in the order they were made.
func (r *Run) closeGroup(held bool, q *[]pendingEmit, f flow) (flow, error) {
	if !held {
		return f, nil
	}
	r.deferred = nil
	err := r.flush(*q)
	clear(*q)
	if err != nil {
		return flowNext, err
	}
	return f, nil
}

// pushItem names a loop's item the actor, if it is a combatant or a
// side, and says whether it did (the caller pops it).
func (r *Run) pushItem(it *orderItem) bool {
	if it.fit {
		return r.nameActor(it.a)
	}
	return !r.anonymous && r.pushActor(it.v)
}

// pushActor makes a combatant or side the one rolls are attributed to.
func (r *Run) pushActor(v reflect.Value) bool {
	if v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct {
		r.actors = append(r.actors, nameOf(v))
		return true
	}
	return false
}

// logOrder records an ordering decision and the key that decided each step.
func (r *Run) logOrder(n *forNode, items []orderItem, groups [][]orderItem) {
	dir := "lowest first"
	if n.keys[0].desc {
		dir = "highest first"
	}
	head := fmt.Sprintf("order by %s, %s: ", readable(n.keys[0].label), dir)
	// parts make the read-aloud line; verbose, the same with the
	// tie-break that separated each group from the one before.
	var parts, verbose []string
	size, vsize := len(head), len(head)
	for gi, g := range groups {
		var names []string
		for _, it := range g {
			names = append(names, fmt.Sprintf("%s (%s)", show(it.v), show(it.keys[0].value())))
		}
		s := strings.Join(names, " = ")
		if len(g) > 1 {
			s += " " + n.tieWord()
		}
		parts = append(parts, s)
		// Name the tie-break that separated this group from the previous one.
		if gi > 0 && len(n.keys) > 1 {
			prev := groups[gi-1][0]
			if cmpKey(prev.keys[0], g[0].keys[0]) == 0 {
				for k := 1; k < len(n.keys); k++ {
					if cmpKey(prev.keys[k], g[0].keys[k]) != 0 {
						s += fmt.Sprintf(" [tie on %s broken by %s: %s vs %s]", readable(n.keys[0].label), readable(n.keys[k].label), show(prev.keys[k].value()), show(g[0].keys[k].value()))
						break
					}
				}
			}
		}
		verbose = append(verbose, s)
		// A loop of a million items: its line is not built past --max-log
		// (nor its verbose form, with a tie-break per group, past as much).
		size += len(parts[gi]) + len(", then ")
		vsize += len(s) + len(", then ")
		if r.logBytes+size > r.opt.MaxLog || vsize > r.opt.MaxLog {
			r.logTooLong(size)
			return
		}
	}
	var order []any
	for _, it := range items {
		order = append(order, jsonValue(it.v))
	}
	keys := []string{}
	for _, k := range n.keys {
		keys = append(keys, k.label)
	}
	r.emitLog(&Event{Kind: KOrder, Args: map[string]any{"order": order, "keys": keys},
		Text: head + strings.Join(parts, ", then "), verbose: head + strings.Join(verbose, ", then ")})
	if r.opt.Why != "" {
		r.explainOrder(n, items, groups) // why.go
	}
}

// tieWord says what the items of a group of equal keys are to each other.
func (n *forNode) tieWord() string {
	if n.together {
		return "together"
	}
	return "simultaneous"
}

// compare orders two key values of the same kind.
func compare(a, b any) int {
	switch x := a.(type) {
	case int:
		if y, ok := b.(float64); ok {
			return cmp.Compare(float64(x), y)
		}
		if y, ok := toInt(b); ok {
			return cmpInt(x, y)
		}
	case float64:
		// cmp.Compare: NaN (0.0 / 0.0) before every number, equal to
		// itself. With < and > alone a NaN key was equal to every key,
		// which broke the sort: by speed, highest first, gave 1, NaN,
		// 3, NaN, 5 (the list's order), and --why said every key equal.
		if y, ok := toFloat(b); ok {
			return cmp.Compare(x, y)
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			return cmpInt(btoi(x), btoi(y))
		}
	}
	return 0
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
