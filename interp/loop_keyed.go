package interp

import (
	"reflect"
	"slices"
)

// Keyed loops: for X in LIST by KEY [desc], ... [simultaneous] { BODY }
// whose list is a native list of combatants or sides of the loop
// variable's own type and whose keys are all native whole numbers or
// truths (the common `for s in sides by "initiative" s.init desc`).
// Chosen when the loop is planned, such a loop keeps each item as its
// address and its keys as ints, sorts them by a hand-written insertion
// sort when the list is short, and runs the groups of equal keys
// straight from the sorted items: no item boxed as a reflect.Value, no
// keyVal per key, no sort callback through a method value, no slice of
// groups. It takes forNode.run's steps in forNode.run's order: the list
// taken once, each item's keys evaluated in the list's order with the
// item in the loop variable and named the actor (its dice are its own),
// a stable sort (the list's order decides what the keys leave tied),
// the order logged (through logOrder, from the same items, when the run
// has a log), each group of equal keys run together when ties are
// simultaneous, and the loop stopped when the fight ends during it.

// keyedItem is one item of a keyed loop: its address, its first key
// (most loops have one) and its place in the list, where its other keys
// are kept (loopBuf.ikeys).
type keyedItem struct {
	a     addr
	first int
	at    int
	tied  bool // its keys equal the item's before it, in a simultaneous loop
}

// keyedLoop is the statement of a keyed loop; nil for any other loop.
func (p *Plan) keyedLoop(n *forNode) stmtFn {
	if len(n.keys) == 0 || n.pair != nil || n.together {
		return nil
	}
	for i := range n.keys {
		if k := n.keys[i].kind; k != keyInt && k != keyBool {
			return nil
		}
	}
	fe := p.fastExpr(n.list)
	t := n.slot.t
	if fe == nil || fe.l == nil || !n.slot.ok || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct ||
		reflect.TypeOf(boxPtr(fe.tw, addr{})) != t {
		return nil
	}
	list, tw := fe.l, fe.tw
	return func(r *Run, base addr) (flow, error) {
		r.reason = "list"
		buf := r.loopBuf()
		f, err := n.runKeyed(r, base, buf, list, tw)
		r.loops--
		return f, err
	}
}

// runKeyed runs a keyed loop over the list that list gives.
func (n *forNode) runKeyed(r *Run, base addr, buf *loopBuf, list listFn, tw ptrType) (flow, error) {
	items, err := n.keyedOrder(r, base, buf, list)
	if err != nil {
		return flowNext, err
	}
	if len(items) > 0 && !r.quiet() {
		n.logKeyed(r, buf, items, tw)
	}
	watch := r.watchEnd(n.keyedGroups(buf, items))
	for i := 0; i < len(items); {
		end := groupEnd(items, i)
		held := r.openGroup(n.simultaneous && end-i > 1, &buf.queue)
		for _, it := range items[i:end] {
			store(base, n.slot.off, it.a)
			pushed := r.nameActor(it.a)
			f, err := r.runBlock(&n.body, base)
			if pushed {
				r.actors = r.actors[:len(r.actors)-1]
			}
			if f, stop, err := r.afterItem(held, &buf.queue, f, err); stop {
				return f, err
			}
		}
		if f, err := r.closeGroup(held, &buf.queue, flowNext); err != nil {
			return f, err
		}
		i = end
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// keyedOrder takes the list's items into buf, evaluates their keys in
// the list's order and sorts them stably.
func (n *forNode) keyedOrder(r *Run, base addr, buf *loopBuf, list listFn) ([]keyedItem, error) {
	mark := len(r.scratch)
	l, err := list(r, base)
	if err != nil {
		r.dropScratch(mark)
		return nil, r.nativeFailure(n.list, err)
	}
	items := buf.keyed[:0]
	for i, a := range l {
		items = append(items, keyedItem{a: a, at: i})
	}
	buf.keyed = items
	r.dropScratch(mark)
	nk := len(n.keys)
	if nk > 1 {
		buf.ikeys = slices.Grow(buf.ikeys[:0], len(items)*nk)[:len(items)*nk]
	}
	for i := range items {
		it := &items[i]
		store(base, n.slot.off, it.a)
		// A key is read for its item, so the dice it rolls are the
		// item's (forNode.order).
		pushed := r.nameActor(it.a)
		for ki := range n.keys {
			k := &n.keys[ki]
			r.reason = k.label
			v, err := k.evalInt(r, base)
			if err != nil {
				if pushed {
					r.actors = r.actors[:len(r.actors)-1]
				}
				return nil, err
			}
			if ki == 0 {
				it.first = v
			} else {
				buf.ikeys[i*nk+ki] = v
			}
		}
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
	}
	if len(items) <= shortList {
		// Insertion sort: stable, and for a few items cheaper than
		// slices.SortStableFunc's call of a comparison per pair.
		for i := 1; i < len(items); i++ {
			for j := i; j > 0 && n.keyedCmp(buf, &items[j-1], &items[j]) > 0; j-- {
				items[j-1], items[j] = items[j], items[j-1]
			}
		}
	} else {
		slices.SortStableFunc(items, func(a, b keyedItem) int { return n.keyedCmp(buf, &a, &b) })
	}
	return items, nil
}

// evalInt evaluates a whole-number or truth key (1 for true) with the
// item in the loop variable.
func (k *orderKey) evalInt(r *Run, base addr) (int, error) {
	if k.kind == keyBool {
		b, err := fastRunP(r, k.e, k.bval, base)
		return btoi(b), err
	}
	return fastRunP(r, k.e, k.ival, base)
}

// keyedKey is an item's key ki.
func keyedKey(buf *loopBuf, nk int, it *keyedItem, ki int) int {
	if ki == 0 {
		return it.first
	}
	return buf.ikeys[it.at*nk+ki]
}

// keyedCmp orders two items by the loop's keys, as forNode.cmp orders
// their keyVals: the first key inline, the others (rarer) by a loop.
func (n *forNode) keyedCmp(buf *loopBuf, a, b *keyedItem) int {
	c := cmpInt(a.first, b.first)
	if c == 0 && len(n.keys) > 1 {
		return n.keyedCmpRest(buf, a, b)
	}
	if n.keys[0].desc {
		return -c
	}
	return c
}

// keyedCmpRest is keyedCmp by the keys after the first.
func (n *forNode) keyedCmpRest(buf *loopBuf, a, b *keyedItem) int {
	nk := len(n.keys)
	for ki := 1; ki < nk; ki++ {
		c := cmpInt(keyedKey(buf, nk, a, ki), keyedKey(buf, nk, b, ki))
		if c == 0 {
			continue
		}
		if n.keys[ki].desc {
			return -c
		}
		return c
	}
	return 0
}

// keyedGroups marks, in a simultaneous loop, each sorted item whose keys
// equal those of the item before it, and says how many groups the items
// make, as far as watchEnd tells them apart (none, one, more).
func (n *forNode) keyedGroups(buf *loopBuf, items []keyedItem) int {
	groups := min(len(items), 1)
	for i := 1; i < len(items); i++ {
		it := &items[i]
		it.tied = n.simultaneous && n.keyedCmp(buf, &items[i-1], it) == 0
		if !it.tied {
			groups = 2
		}
	}
	return groups
}

// groupEnd is where the group that starts at items[i] ends: after it
// and the items tied to it.
func groupEnd(items []keyedItem, i int) int {
	j := i + 1
	for j < len(items) && items[j].tied {
		j++
	}
	return j
}

// logKeyed logs a keyed loop's order as forNode.run does, from the
// items and groups it would have made.
func (n *forNode) logKeyed(r *Run, buf *loopBuf, items []keyedItem, tw ptrType) {
	nk := len(n.keys)
	ois := buf.items[:0]
	for i := range items {
		it := &items[i]
		keys := itemKeys(ois)
		for ki := range n.keys {
			v := keyedKey(buf, nk, it, ki)
			if n.keys[ki].kind == keyBool {
				keys = append(keys, keyVal{k: keyBool, i: v})
			} else {
				keys = append(keys, keyVal{k: keyInt, i: v})
			}
		}
		ois = append(ois, orderItem{v: reflect.ValueOf(boxPtr(tw, it.a)), keys: keys, fit: true, a: it.a})
	}
	buf.items = ois
	buf.groups = n.group(buf.groups[:0], ois)
	r.logOrder(n, ois, buf.groups)
}
