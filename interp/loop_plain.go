package interp

import "reflect"

// Plain loops: for X in LIST { BODY } with no order and no simultaneous
// ties, over a native list of combatants or sides of the loop variable's
// own type (the common `for c in living(members(s))`). Chosen when the
// loop is planned, such a loop runs its items from a copy of the list
// in the loop's buffer: no sort keys to keep, no groups of one item, no
// boxed copy of each item. It takes the same steps as forNode.run: the
// list is taken once (a copy, since the body may change the rosters it
// comes from), each item is put in the loop variable and named the actor
// its rolls are attributed to, and the loop stops when the fight ends
// during it.

// plainLoop is the statement of a plain loop; nil for any other loop.
func (p *Plan) plainLoop(n *forNode) stmtFn {
	if len(n.keys) > 0 || n.pair != nil || n.simultaneous || n.together {
		return nil
	}
	fe := p.fastExpr(n.list)
	t := n.slot.t
	if fe == nil || fe.l == nil || !n.slot.ok || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct ||
		reflect.TypeOf(boxPtr(fe.tw, addr{})) != t {
		return nil
	}
	list := fe.l
	return func(r *Run, base addr) (flow, error) {
		r.reason = "list"
		buf := r.loopBuf()
		f, err := n.runPlain(r, base, buf, list)
		r.loops--
		return f, err
	}
}

// runPlain runs a plain loop over the list that list gives.
func (n *forNode) runPlain(r *Run, base addr, buf *loopBuf, list listFn) (flow, error) {
	mark := len(r.scratch)
	l, err := list(r, base)
	if err != nil {
		r.dropScratch(mark)
		return flowNext, r.nativeFailure(n.list, err)
	}
	buf.addrs = appendAddrs(buf.addrs[:0], l)
	r.dropScratch(mark)
	watch := r.watchEnd(len(buf.addrs))
	for _, a := range buf.addrs {
		store(base, n.slot.off, a)
		pushed := r.nameActor(a)
		f, err := r.runBlock(&n.body, base)
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if err != nil {
			r.deferred = nil // as afterItem: an error drops what was held
			return f, err
		}
		if f == flowReturn {
			return f, nil
		}
		if !watch || r.endKept() && !r.endWas { // stopLoop's answer without its call
			continue
		}
		if stop, err := r.checkEnd(); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// appendAddrs is append(dst, src...), by a loop for a short list: most
// lists a loop copies are a few combatants, for which append's copy of
// pointers, a call (typedslicecopy), costs more than the moves.
func appendAddrs(dst, src []addr) []addr {
	if len(src) > shortList {
		return append(dst, src...)
	}
	for _, a := range src {
		dst = append(dst, a)
	}
	return dst
}

// shortList is the longest list of pointers moved by a loop rather than
// by copy (appendAddrs, Run.rosterChanged).
const shortList = 16
