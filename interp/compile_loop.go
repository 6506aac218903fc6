package interp

import (
	"reflect"
	"unsafe"
)

// Loops compiled to closures (see compile.go): a loop over a native list
// of combatants or sides keeps its items as raw pointers, and an ordered
// loop whose keys are native whole numbers or yes/no values sorts them
// without boxing a key.

func (p *Plan) compileFor(n *forNode) stmtFn {
	fe := p.fastExpr(n.list)
	if !n.slot.ok || fe == nil || fe.l == nil || fe.anyList || !n.plain(fe) {
		return nil
	}
	if len(n.keys) == 0 && !n.simultaneous {
		if a, ct := p.actsOf(n); a != nil {
			return func(r *Run, base unsafe.Pointer) (flow, error) {
				r.reason = "list"
				return n.runActs(r, base, fe, a, ct)
			}
		}
		return func(r *Run, base unsafe.Pointer) (flow, error) {
			r.reason = "list"
			return n.runPtrs(r, base, fe)
		}
	}
	keys := make([]func(*Run, unsafe.Pointer) (int, error), len(n.keys))
	for i, k := range n.keys {
		kf := p.fastExpr(k.e)
		switch {
		case kf == nil || kf.noBox:
			return nil
		case kf.i != nil:
			keys[i] = kf.i
		case kf.b != nil:
			b := kf.b
			keys[i] = func(r *Run, f unsafe.Pointer) (int, error) {
				v, err := b(r, f)
				return btoi(v), err // false orders before true, as compare does
			}
		default:
			return nil
		}
	}
	rt := p.curType()
	return func(r *Run, base unsafe.Pointer) (flow, error) {
		if r.opt.Sink != nil {
			return n.exec(r, reflect.NewAt(rt, base)) // the node logs the order
		}
		r.reason = "list"
		buf := r.loopBuf()
		f, err := n.runOrdered(r, base, fe, keys, buf)
		r.loops--
		return f, err
	}
}

// runPtrs is execPtrs with a compiled body.
func (n *forNode) runPtrs(r *Run, base unsafe.Pointer, fe *fexpr) (flow, error) {
	ptrs, err := n.loopItems(r, base, fe)
	if err != nil {
		return flowNext, err
	}
	f, err := n.eachPtr(r, base, ptrs)
	r.loops--
	return f, err
}

// loopItems lends the loop the storage of its nesting level (give it
// back with r.loops--) holding the items of its list; when the list
// fails the storage is given back here.
func (n *forNode) loopItems(r *Run, base unsafe.Pointer, fe *fexpr) ([]unsafe.Pointer, error) {
	buf := r.loopBuf()
	mark := len(r.scratch)
	list, err := fe.l(r, base)
	if err != nil {
		r.scratch = r.scratch[:mark]
		r.loops--
		return nil, r.exprFailure(n.list, err.Error())
	}
	buf.ptrs = copyPtrs(buf.ptrs, list)
	r.scratch = r.scratch[:mark]
	return buf.ptrs, nil
}

// runActs is runPtrs for a loop whose body is `act` of its variable
// alone (Plan.actsOf): each item acts, a, with no body run between.
func (n *forNode) runActs(r *Run, base unsafe.Pointer, fe *fexpr, a *actNode, ct reflect.Type) (flow, error) {
	ptrs, err := n.loopItems(r, base, fe)
	if err != nil {
		return flowNext, err
	}
	f, err := n.eachAct(r, base, ptrs, a, ct)
	r.loops--
	return f, err
}

// eachAct is eachPtr for runActs: the body's statement is counted and
// run here; the item is not named the actor for it, as runItem would,
// since nothing before perform (which names it) asks who acts.
func (n *forNode) eachAct(r *Run, base unsafe.Pointer, ptrs []unsafe.Pointer, a *actNode, ct reflect.Type) (flow, error) {
	watch := r.watchEnd(len(ptrs))
	at := unsafe.Add(base, n.slot.off)
	for _, p := range ptrs {
		*(*unsafe.Pointer)(at) = p
		if r.overSteps() {
			return flowReturn, r.tooManySteps(a)
		}
		r.reason = "act"
		if err := r.actP(a, p, ct); err != nil {
			return flowNext, err
		}
		if !watch || r.endKept() && !r.endWas { // stopLoop's answer when nothing changed
			continue
		}
		if stop, err := r.checkEnd(); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// eachPtr runs the compiled body for each item, one at a time; the loop
// stops when the fight ends during it (the last foe falls), but a loop
// that starts after the end (an at-end phase) runs through.
func (n *forNode) eachPtr(r *Run, base unsafe.Pointer, ptrs []unsafe.Pointer) (flow, error) {
	watch := r.watchEnd(len(ptrs))
	at := unsafe.Add(base, n.slot.off)
	for _, p := range ptrs {
		f, err := n.runItem(r, base, at, p)
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// runOrdered is exec for an ordered or simultaneous loop in a quiet run:
// the items are sorted by their keys (stable, so list order decides what
// the keys leave tied), grouped when ties are simultaneous, and each
// group runs as runGroup would run it.
// buf is the loop's storage, lent by the caller.
func (n *forNode) runOrdered(r *Run, base unsafe.Pointer, fe *fexpr, keys []func(*Run, unsafe.Pointer) (int, error), buf *loopBuf) (flow, error) {
	mark := len(r.scratch)
	list, err := fe.l(r, base)
	if err != nil {
		r.scratch = r.scratch[:mark]
		return flowNext, r.exprFailure(n.list, err.Error())
	}
	buf.ptrs = copyPtrs(buf.ptrs, list)
	r.scratch = r.scratch[:mark]
	items := buf.ptrs
	nk := len(keys)
	at := unsafe.Add(base, n.slot.off)
	buf.ikeys = buf.ikeys[:0]
	for _, p := range items {
		*(*unsafe.Pointer)(at) = p
		for k, key := range keys {
			r.reason = n.keys[k].label
			v, err := fastRunP(r, n.keys[k].e, key, base)
			if err != nil {
				return flowNext, err
			}
			buf.ikeys = append(buf.ikeys, v)
		}
	}
	// A stable insertion sort of the items with their keys: lists are short.
	ik := buf.ikeys
	switch {
	case nk == 1: // the common case, without the slices of keyLess
		desc := n.keys[0].desc
		for i := 1; i < len(items); i++ {
			for j := i; j > 0 && ik[j] != ik[j-1] && (ik[j] > ik[j-1]) == desc; j-- {
				items[j], items[j-1] = items[j-1], items[j]
				ik[j], ik[j-1] = ik[j-1], ik[j]
			}
		}
	case nk > 1:
		for i := 1; i < len(items); i++ {
			for j := i; j > 0 && n.keyLess(ik[j*nk:j*nk+nk], ik[(j-1)*nk:j*nk]); j-- {
				items[j], items[j-1] = items[j-1], items[j]
				for k := 0; k < nk; k++ {
					ik[j*nk+k], ik[(j-1)*nk+k] = ik[(j-1)*nk+k], ik[j*nk+k]
				}
			}
		}
	}
	if nk > 0 && len(items) > 0 {
		r.quiet() // the order's place in the log, as in a logged run
	}
	// Groups: runs of equal keys when ties are simultaneous, else one each.
	buf.bounds = buf.bounds[:0]
	switch {
	case !n.simultaneous:
		for i := range items {
			buf.bounds = append(buf.bounds, i+1)
		}
	case nk == 0:
		if len(items) > 0 {
			buf.bounds = append(buf.bounds, len(items)) // no keys: one group
		}
	default:
		start := 0
		for i := 1; i <= len(items); i++ {
			if i == len(items) || !equalInts(ik[start*nk:start*nk+nk], ik[i*nk:i*nk+nk]) {
				buf.bounds = append(buf.bounds, i)
				start = i
			}
		}
	}
	watch := r.watchEnd(len(buf.bounds))
	start := 0
	for _, end := range buf.bounds {
		f, err := n.runPtrGroup(r, base, items[start:end], &buf.queue)
		start = end
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// keyLess orders two items' keys by the loop's directions.
func (n *forNode) keyLess(a, b []int) bool {
	for i, k := range n.keys {
		if a[i] == b[i] {
			continue
		}
		if k.desc {
			return a[i] > b[i]
		}
		return a[i] < b[i]
	}
	return false
}

func equalInts(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// runPtrGroup is runGroup over raw pointers with a compiled body: within
// a simultaneous group, every emit waits until the group is done.
func (n *forNode) runPtrGroup(r *Run, base unsafe.Pointer, g []unsafe.Pointer, q *[]pendingEmit) (flow, error) {
	simultaneous := r.openGroup(n.simultaneous && len(g) > 1, q)
	at := unsafe.Add(base, n.slot.off)
	for _, p := range g {
		f, err := n.runItem(r, base, at, p)
		if f, stop, err := r.afterItem(simultaneous, q, f, err); stop {
			return f, err
		}
	}
	return r.closeGroup(simultaneous, q, flowNext)
}

// runItem runs the compiled body for item p, stored in the loop
// variable at at, as the actor its rolls are attributed to.
func (n *forNode) runItem(r *Run, base, at, p unsafe.Pointer) (flow, error) {
	*(*unsafe.Pointer)(at) = p
	if p == nil {
		return r.runFns(&n.body, base)
	}
	r.actors = append(r.actors, *(*string)(p)) // the name leads every combatant and side
	f, err := r.runFns(&n.body, base)
	r.actors = r.actors[:len(r.actors)-1]
	return f, err
}

// copyPtrs copies list into dst's storage, growing it when short: item
// by item, since the runtime's copy of a pointer slice (typedslicecopy)
// costs more than the handful of items a loop has.
func copyPtrs(dst, list []unsafe.Pointer) []unsafe.Pointer {
	if cap(dst) < len(list) {
		dst = make([]unsafe.Pointer, len(list), 2*len(list))
	}
	dst = dst[:len(list)]
	for i, p := range list {
		dst[i] = p
	}
	return dst
}
