package interp

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

type flow int

const (
	flowNext flow = iota
	flowReturn
)

// node is one lowered statement.
type node interface {
	exec(r *Run, fr reflect.Value) (flow, error)
}

// placed nodes know their statement's place in the rule file.
type placed interface{ where() diag.Range }

func (n *declareNode) where() diag.Range  { return n.at }
func (n *actNode) where() diag.Range      { return n.at }
func (n *scheduleNode) where() diag.Range { return n.at }
func (n *cancelNode) where() diag.Range   { return n.at }
func (n *letNode) where() diag.Range      { return n.at }
func (n *assignNode) where() diag.Range   { return n.at }
func (n *ifNode) where() diag.Range       { return n.at }
func (n *forNode) where() diag.Range      { return n.at }
func (n *emitNode) where() diag.Range     { return n.at }
func (n *logNode) where() diag.Range      { return n.at }
func (n *segmentNode) where() diag.Range  { return n.at }

func (r *Run) execBlock(b *block, fr reflect.Value) (flow, error) {
	if b.fns != nil && !fastOff {
		return r.runFns(b, fr.UnsafePointer())
	}
	return r.execNodes(b, fr)
}

// execBlockAt is execBlock for a frame whose address the caller has.
func (r *Run) execBlockAt(b *block, fr reflect.Value, base unsafe.Pointer) (flow, error) {
	if b.fns != nil && !fastOff {
		return r.runFns(b, base)
	}
	return r.execNodes(b, fr)
}

// execNodes runs a body's nodes.
func (r *Run) execNodes(b *block, fr reflect.Value) (flow, error) {
	for _, n := range b.nodes {
		if r.overSteps() {
			return flowReturn, r.tooManySteps(n)
		}
		f, err := n.exec(r, fr)
		if err != nil || f == flowReturn {
			return f, err
		}
	}
	return flowNext, nil
}

type letNode struct {
	at     diag.Range
	field  int
	val    *check.CExpr
	reason string
	slot   slot
}

func (n *letNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = n.reason
	if n.slot.ok {
		base := fr.UnsafePointer()
		if done, err := r.evalIntoAt(n.val, base, unsafe.Add(base, n.slot.off), n.slot.t); done {
			return flowNext, err
		}
	}
	if done, err := r.evalInto(n.val, fr, fr.Elem().Field(n.field)); done {
		return flowNext, err
	}
	v, err := r.eval(n.val, fr)
	if err != nil {
		return flowNext, err
	}
	return flowNext, r.store(fr.Elem().Field(n.field), v, n.at)
}

type assignNode struct {
	at   diag.Range
	t    *check.Target
	op   string
	val  *check.CExpr
	path targetPath
	bump bool // it may change what the end condition reads
}

// fast stores a native value of the target's own kind through the
// target's offsets; it reports whether it did.
func (n *assignNode) fast(r *Run, fr reflect.Value) (bool, error) {
	fe := r.fastOf(n.val)
	if !n.path.ok || fe == nil {
		return false, nil
	}
	base := fr.UnsafePointer()
	switch t := n.path.t; {
	case t == intT && fe.i != nil:
		v, err := fastRunP(r, n.val, fe.i, base)
		if err != nil {
			return true, err
		}
		dst, err := n.dst(base)
		if err != nil {
			return true, err
		}
		switch n.op {
		case "+=":
			*(*int)(dst) += v
		case "-=":
			*(*int)(dst) -= v
		default:
			*(*int)(dst) = v
		}
		return true, nil
	case n.op != "=":
		return false, nil
	case t == boolT && fe.b != nil:
		return true, assignNative(r, n, fe.b, base)
	case t == strT && fe.s != nil:
		return true, assignNative(r, n, fe.s, base)
	}
	return false, nil
}

// assignNative evaluates a native value and stores it at the target.
func assignNative[T any](r *Run, n *assignNode, fn func(*Run, unsafe.Pointer) (T, error), base unsafe.Pointer) error {
	v, err := fastRunP(r, n.val, fn, base)
	if err != nil {
		return err
	}
	dst, err := n.dst(base)
	if err == nil {
		*(*T)(dst) = v
	}
	return err
}

// dst follows the target's path from the frame.
func (n *assignNode) dst(base unsafe.Pointer) (unsafe.Pointer, error) {
	p := unsafe.Add(base, n.path.root)
	for _, off := range n.path.offs {
		s := *(*unsafe.Pointer)(p)
		if s == nil {
			return nil, &RunError{At: n.at, Msg: fmt.Sprintf("%s is nobody", n.t.Root.Name)}
		}
		p = unsafe.Add(s, off)
	}
	return p, nil
}

func (n *assignNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = n.t.Label
	if n.bump {
		r.world++
	}
	if done, err := n.fast(r, fr); done {
		return flowNext, err
	}
	var v any
	var err error
	// A native whole number is kept unboxed for += and -=.
	iv, native := 0, false
	if fe := r.fastOf(n.val); fe != nil && fe.i != nil && n.op != "=" {
		iv, err = fastRun(r, n.val, fe.i, fr)
		native = true
	} else {
		v, err = r.eval(n.val, fr)
	}
	if err != nil {
		return flowNext, err
	}
	dst := fr.Elem().Field(n.t.Root.Index)
	for _, f := range n.t.Fields {
		if dst.IsNil() {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("%s is nobody", n.t.Root.Name)}
		}
		dst = dst.Elem().Field(f)
	}
	for _, name := range n.t.Dynamic {
		if dst.Kind() == reflect.Interface {
			dst = dst.Elem()
		}
		if dst.Kind() != reflect.Pointer || dst.IsNil() || dst.Elem().Kind() != reflect.Struct {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("cannot set %s of %s", name, show(dst))}
		}
		field, ok := fieldByTag(dst.Elem(), name)
		if !ok {
			return flowNext, &RunError{At: n.at, Msg: fmt.Sprintf("%s has no attribute %s", show(dst), name)}
		}
		dst = field
	}
	switch n.op {
	case "+=", "-=":
		sign := 1
		if n.op == "-=" {
			sign = -1
		}
		if native {
			v = iv
		}
		switch dst.Kind() {
		case reflect.Int:
			d, ok := toInt(v)
			if !ok {
				return flowNext, &RunError{At: n.at, Msg: "expected a whole number, found " + show(v)}
			}
			dst.SetInt(dst.Int() + int64(sign*d))
		case reflect.Float64:
			d, ok := toFloat(v)
			if !ok {
				return flowNext, &RunError{At: n.at, Msg: "expected a number, found " + show(v)}
			}
			dst.SetFloat(dst.Float() + float64(sign)*d)
		}
		return flowNext, nil
	}
	if native {
		v = iv
	}
	return flowNext, r.store(dst, v, n.at)
}

func toInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		return int(x), true
	case float64:
		return int(x), true
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

type ifNode struct {
	at        diag.Range
	cond      *check.CExpr
	then, els block
}

func (n *ifNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = "condition"
	b, err := r.evalBool(n.cond, fr)
	if err != nil {
		return flowNext, err
	}
	if b {
		return r.execBlock(&n.then, fr)
	}
	return r.execBlock(&n.els, fr)
}

type orderKey struct {
	label string
	e     *check.CExpr
	desc  bool
}

type forNode struct {
	at           diag.Range
	field        int
	list         *check.CExpr
	keys         []orderKey
	simultaneous bool
	body         block
	slot         slot // where the loop variable sits in the frame
}

type orderItem struct {
	v    reflect.Value
	keys []any
}

// loopBuf is the reusable storage of one level of loop nesting.
type loopBuf struct {
	items  []orderItem
	groups [][]orderItem
	queue  []pendingEmit
	ptrs   []unsafe.Pointer // the items of a plain loop over combatants or sides
	ikeys  []int            // their keys, item by item, in a compiled ordered loop
	bounds []int            // where its groups end
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

// loopItems evaluates a loop's list into the buffer's items.
func (r *Run) loopItems(n *forNode, fr reflect.Value, buf *loopBuf) error {
	buf.items = buf.items[:0]
	if fe := r.fastOf(n.list); fe != nil && fe.l != nil {
		mark := len(r.scratch)
		list, err := fe.l(r, fr.UnsafePointer())
		if err != nil {
			r.scratch = r.scratch[:mark]
			return r.exprFailure(n.list, err.Error())
		}
		for _, p := range list {
			buf.items = append(buf.items, orderItem{v: reflect.ValueOf(boxPtr(fe.tw, p)), keys: buf.itemKeys(len(buf.items))})
		}
		r.scratch = r.scratch[:mark]
		return nil
	}
	lv, err := r.eval(n.list, fr)
	if err != nil {
		return err
	}
	list := reflect.ValueOf(lv)
	if !list.IsValid() || list.Kind() != reflect.Slice {
		return nil
	}
	for i := 0; i < list.Len(); i++ {
		v := list.Index(i)
		if v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		buf.items = append(buf.items, orderItem{v: v, keys: buf.itemKeys(i)})
	}
	return nil
}

// itemKeys is the emptied key storage item i had the last time.
func (b *loopBuf) itemKeys(i int) []any {
	if i < cap(b.items) {
		return b.items[:cap(b.items)][i].keys[:0]
	}
	return nil
}

func (n *forNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = "list"
	if len(n.keys) == 0 && !n.simultaneous && n.slot.ok {
		if fe := r.fastOf(n.list); fe != nil && fe.l != nil && !fe.anyList && n.plain(fe) {
			return n.execPtrs(r, fr, fe)
		}
	}
	buf := r.loopBuf()
	defer func() { r.loops-- }()
	if err := r.loopItems(n, fr, buf); err != nil {
		return flowNext, err
	}
	items := buf.items
	slot := fr.Elem().Field(n.field)
	if len(n.keys) > 0 {
		for i := range items {
			if err := r.storeValue(slot, items[i].v, n.at); err != nil {
				return flowNext, err
			}
			for _, k := range n.keys {
				r.reason = k.label
				kv, err := r.eval(k.e, fr)
				if err != nil {
					return flowNext, err
				}
				items[i].keys = append(items[i].keys, kv)
			}
		}
		slices.SortStableFunc(items, n.cmp)
	}
	buf.groups = n.group(buf.groups[:0], items)
	groups := buf.groups
	// An order of nobody says nothing.
	if len(n.keys) > 0 && len(items) > 0 && !r.quiet() {
		r.logOrder(n, items, groups)
	}
	// A loop stops when the fight ends during it (the last foe falls), but
	// a loop that starts after the end (an at-end phase) runs through.
	watch := r.watchEnd(len(groups))
	for _, g := range groups {
		f, err := n.runGroup(r, fr, slot, g, &buf.queue)
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// plain reports whether the loop variable has the type of the native
// list's elements, a combatant or a side.
func (n *forNode) plain(fe *fexpr) bool {
	t := n.slot.t
	return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct && reflect.TypeOf(boxPtr(fe.tw, nil)) == t
}

// execPtrs is exec for a loop without order keys, not simultaneous,
// over a native list of combatants or sides: every item is its own
// group, kept as a raw pointer and stored in the loop variable by offset.
func (n *forNode) execPtrs(r *Run, fr reflect.Value, fe *fexpr) (flow, error) {
	buf := r.loopBuf()
	defer func() { r.loops-- }()
	mark := len(r.scratch)
	list, err := fe.l(r, fr.UnsafePointer())
	if err != nil {
		r.scratch = r.scratch[:mark]
		return flowNext, r.exprFailure(n.list, err.Error())
	}
	buf.ptrs = append(buf.ptrs[:0], list...)
	r.scratch = r.scratch[:mark]
	ptrs := buf.ptrs
	// A loop stops when the fight ends during it, as in exec.
	watch := r.watchEnd(len(ptrs))
	at := unsafe.Add(fr.UnsafePointer(), n.slot.off)
	for _, p := range ptrs {
		*(*unsafe.Pointer)(at) = p
		if p != nil {
			r.actors = append(r.actors, *(*string)(p)) // the name leads every combatant and side
		}
		f, err := r.execBlock(&n.body, fr)
		if p != nil {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if err != nil || f == flowReturn {
			return f, err
		}
		if stop, err := r.stopLoop(watch); err != nil || stop {
			return flowNext, err
		}
	}
	return flowNext, nil
}

// cmp orders two items by the loop's keys, for a stable sort.
func (n *forNode) cmp(a, b orderItem) int {
	switch {
	case n.less(a, b):
		return -1
	case n.less(b, a):
		return 1
	}
	return 0
}

func (n *forNode) less(a, b orderItem) bool {
	for i, k := range n.keys {
		c := compare(a.keys[i], b.keys[i])
		if c == 0 {
			continue
		}
		if k.desc {
			return c > 0
		}
		return c < 0
	}
	return false
}

// group splits an ordered list into runs of equal keys when ties are
// simultaneous; otherwise every item is its own group. It appends to groups.
func (n *forNode) group(groups [][]orderItem, items []orderItem) [][]orderItem {
	if !n.simultaneous {
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

func equalKeys(a, b []any) bool {
	for i := range a {
		if compare(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

func (n *forNode) runGroup(r *Run, fr, slot reflect.Value, g []orderItem, q *[]pendingEmit) (flow, error) {
	simultaneous := r.openGroup(n.simultaneous && len(g) > 1, q)
	slotT, slotAt := slot.Type(), unsafe.Pointer(slot.UnsafeAddr())
	// Combatants and sides are pointers to structs led by their name.
	named := slotT.Kind() == reflect.Pointer && slotT.Elem().Kind() == reflect.Struct
	for _, it := range g {
		direct := it.v.IsValid() && it.v.Type() == slotT && setAt(slotAt, it.v)
		if !direct {
			if err := r.storeValue(slot, it.v, n.at); err != nil {
				r.deferred = nil
				return flowNext, err
			}
		}
		var pushed bool
		if direct && named {
			if p := it.v.UnsafePointer(); p != nil {
				r.actors = append(r.actors, *(*string)(p))
				pushed = true
			}
		} else {
			pushed = r.pushActor(it.v)
		}
		f, err := r.execBlock(&n.body, fr)
		if pushed {
			r.actors = r.actors[:len(r.actors)-1]
		}
		if f, stop, err := r.afterItem(simultaneous, q, f, err); stop {
			return f, err
		}
	}
	return r.closeGroup(simultaneous, q, flowNext)
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
// runs through.
func (r *Run) watchEnd(n int) bool {
	if r.ended || n <= 1 {
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

// pushActor makes a combatant or side the one rolls are attributed to.
func (r *Run) pushActor(v reflect.Value) bool {
	if v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct {
		r.actors = append(r.actors, nameOf(v))
		return true
	}
	return false
}

// flush applies the effects of a simultaneous group, in the order they were made.
func (r *Run) flush(queue []pendingEmit) error {
	for _, p := range queue {
		if p.held {
			if err := r.runHandler(p.ev, p.fr, p.fr.UnsafePointer(), p.who, &p.at); err != nil {
				return err
			}
			continue
		}
		if err := r.dispatch(p.ev, p.fr, p.at, p.who); err != nil {
			return err
		}
		if p.fr.IsValid() {
			r.releaseAt(p.ev.fid, p.fr)
		}
	}
	return nil
}

// logOrder records an ordering decision and the key that decided each step.
func (r *Run) logOrder(n *forNode, items []orderItem, groups [][]orderItem) {
	var b strings.Builder
	dir := "lowest first"
	if n.keys[0].desc {
		dir = "highest first"
	}
	fmt.Fprintf(&b, "order by %s, %s: ", n.keys[0].label, dir)
	var parts []string
	for gi, g := range groups {
		var names []string
		for _, it := range g {
			names = append(names, fmt.Sprintf("%s (%s)", show(it.v), show(it.keys[0])))
		}
		s := strings.Join(names, " = ")
		if len(g) > 1 {
			s += " simultaneous"
		}
		// Name the tie-break that separated this group from the previous one.
		if gi > 0 && len(n.keys) > 1 {
			prev := groups[gi-1][0]
			if compare(prev.keys[0], g[0].keys[0]) == 0 {
				for k := 1; k < len(n.keys); k++ {
					if compare(prev.keys[k], g[0].keys[k]) != 0 {
						s += fmt.Sprintf(" [tie on %s broken by %s: %s vs %s]", n.keys[0].label, n.keys[k].label, show(prev.keys[k]), show(g[0].keys[k]))
						break
					}
				}
			}
		}
		parts = append(parts, s)
	}
	b.WriteString(strings.Join(parts, ", then "))
	var order []any
	for _, it := range items {
		order = append(order, jsonValue(it.v))
	}
	keys := []string{}
	for _, k := range n.keys {
		keys = append(keys, k.label)
	}
	r.emitLog(&Event{Kind: KOrder, Args: map[string]any{"order": order, "keys": keys}, Text: b.String()})
}

// compare orders two key values of the same kind.
func compare(a, b any) int {
	switch x := a.(type) {
	case int:
		if y, ok := toInt(b); ok {
			return cmpInt(x, y)
		}
	case float64:
		if y, ok := toFloat(b); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
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

type emitNode struct {
	at   diag.Range
	ev   *eventPlan
	args []*check.CExpr
}

func (n *emitNode) exec(r *Run, fr reflect.Value) (flow, error) {
	if n.ev.direct && r.deferred == nil && r.opt.Sink == nil {
		return flowNext, r.emitDirect(n, fr, fr.UnsafePointer())
	}
	// The arguments are held in a frame of the event, from its pool,
	// until the event is dispatched.
	efr := r.frameAt(n.ev.fid)
	for i, a := range n.args {
		r.reason = n.ev.ev.Name
		var done bool
		var err error
		if s := n.ev.params[i]; s.ok {
			done, err = r.evalIntoAt(a, fr.UnsafePointer(), unsafe.Add(efr.UnsafePointer(), s.off), s.t)
		} else {
			done, err = r.evalInto(a, fr, efr.Elem().Field(n.ev.ev.Params[i].Field.Index))
		}
		if err != nil {
			return flowNext, err
		} else if !done {
			v, err := r.eval(a, fr)
			if err != nil {
				return flowNext, err
			}
			if err := r.store(efr.Elem().Field(n.ev.ev.Params[i].Field.Index), v, n.at); err != nil {
				return flowNext, err
			}
		}
	}
	if r.deferred != nil {
		*r.deferred = append(*r.deferred, pendingEmit{ev: n.ev, at: n.at, who: r.who(), fr: efr})
		return flowNext, nil
	}
	err := r.dispatch(n.ev, efr, n.at, r.who())
	if err == nil {
		r.releaseAt(n.ev.fid, efr)
	}
	return flowNext, err
}

// emitDirect is emit, dispatch and handle for an event with a direct
// plan, in a quiet run, outside a simultaneous group: the arguments go
// straight into the frame of the one handler, as handle would have
// copied them from the event's frame. base is fr's address.
func (r *Run) emitDirect(n *emitNode, fr reflect.Value, base unsafe.Pointer) error {
	ep := n.ev
	ev := ep.ev
	h := ep.handlers[0]
	hf, hbase := r.frameAtP(h.fid)
	for i, a := range n.args {
		r.reason = ev.Name
		s := h.params[i]
		done, err := r.evalIntoAt(a, base, unsafe.Add(hbase, s.off), s.t)
		if err != nil {
			return err
		} else if !done {
			v, err := r.eval(a, fr)
			if err != nil {
				return err
			}
			if err := r.store(hf.Elem().Field(ev.Params[i].Field.Index), v, n.at); err != nil {
				return err
			}
		}
	}
	return r.runHandler(ep, hf, hbase, r.who(), &n.at)
}

// emitSets is emitDirect with the arguments' compiled stores (compile.go).
func (r *Run) emitSets(n *emitNode, base unsafe.Pointer, sets *argSets) error {
	ep := n.ev
	hf, hbase := r.frameAtP(ep.handlers[0].fid)
	if err := r.setArgs(sets, base, hbase); err != nil {
		return err
	}
	return r.runHandler(ep, hf, hbase, r.who(), &n.at)
}

// holdDirect is emitDirect inside a simultaneous group: the arguments go
// into a frame of the one handler, which waits in the group's queue.
func (r *Run) holdDirect(n *emitNode, base unsafe.Pointer, sets *argSets) error {
	ep := n.ev
	h := ep.handlers[0]
	hf, hbase := r.frameAtP(h.fid)
	if err := r.setArgs(sets, base, hbase); err != nil {
		return err
	}
	*r.deferred = append(*r.deferred, pendingEmit{ev: ep, at: n.at, who: r.who(), fr: hf, held: true})
	return nil
}

// argSets are the compiled stores of an emit's arguments (compile.go):
// each evaluates its argument, read in the emitter's frame, into the
// frame of the event's one handler, at its offset there.
type argSets struct {
	fns  []intoFn
	offs []uintptr
	name string // the event's: the reason of the arguments' rolls
	// ptrs: arguments that are names of the emitter's frame holding a
	// combatant or a side, copied in place before the others are
	// evaluated (reading a name rolls nothing and never fails).
	ptrs []ptrCopy
}

// ptrCopy copies the pointer at from in the emitter's frame to to in
// the handler's (pointers only: the store goes through the collector's
// write barrier as a pointer).
type ptrCopy struct{ from, to uintptr }

// setArgs evaluates an emit's arguments, read in the frame at base, into
// the frame of its event's one handler at hbase.
func (r *Run) setArgs(a *argSets, base, hbase unsafe.Pointer) error {
	for _, w := range a.ptrs {
		*(*unsafe.Pointer)(unsafe.Add(hbase, w.to)) = *(*unsafe.Pointer)(unsafe.Add(base, w.from))
	}
	offs := a.offs[:len(a.fns)]
	r.reason = a.name // native expressions that set a reason set it back
	for i, set := range a.fns {
		if err := set(r, base, unsafe.Add(hbase, offs[i])); err != nil {
			return err
		}
	}
	return nil
}

// runHandler runs the one handler of a direct event whose arguments are
// in its frame hf at hbase, emitted by who at at, in a quiet run.
func (r *Run) runHandler(ep *eventPlan, hf reflect.Value, hbase unsafe.Pointer, who string, at *diag.Range) error {
	ev, h := ep.ev, ep.handlers[0]
	if r.nesting >= MaxNesting {
		return &RunError{At: *at, Msg: fmt.Sprintf("events are nested more than %d deep: a handler that emits, in the end, its own event?", MaxNesting)}
	}
	// Nobody reads the text, but its expressions still run: they may
	// fail or roll, as in a logged run.
	if ev.Template != nil && !ep.skipDirect(hbase) {
		if err := r.quietText(ep, hf); err != nil {
			return err
		}
	}
	if !ev.Silent() {
		r.seq++
		if r.opt.countEvent != nil {
			r.opt.countEvent(ev.Name, who)
		}
	}
	// The handler acts for the event's first combatant that is somebody.
	for _, off := range ep.whoAt {
		if c := *(*unsafe.Pointer)(unsafe.Add(hbase, off)); c != nil {
			who = *(*string)(c) // the name leads every combatant
			break
		}
	}
	r.nesting++
	r.actors = append(r.actors, who)
	var err error
	if h.body.fns != nil && !fastOff { // execBlockAt, without its call
		_, err = r.runFns(&h.body, hbase)
	} else {
		_, err = r.execNodes(&h.body, hf)
	}
	r.actors = r.actors[:len(r.actors)-1]
	r.nesting--
	if err == nil {
		r.releaseAtP(h.fid, hf, hbase)
	}
	return err
}

// quietText evaluates an event's text, whose arguments are in its
// handler's frame hf, for what it may do: fail or roll.
func (r *Run) quietText(ep *eventPlan, hf reflect.Value) error {
	tf := r.frameAt(ep.fid)
	for _, p := range ep.ev.Params {
		tf.Elem().Field(p.Field.Index).Set(hf.Elem().Field(p.Field.Index))
	}
	if _, err := r.render(ep.ev.Template, tf, false); err != nil {
		return err
	}
	r.releaseAt(ep.fid, tf)
	return nil
}

// skipDirect is skipText for a direct event whose arguments are in its
// handler's frame at hbase.
func (ep *eventPlan) skipDirect(hbase unsafe.Pointer) bool {
	if !ep.quietSkip || ep.rootsAt == nil {
		return false
	}
	for _, off := range ep.rootsAt {
		if *(*unsafe.Pointer)(unsafe.Add(hbase, off)) == nil {
			return false
		}
	}
	return true
}

// arg is the event's argument i in its frame efr.
func (ep *eventPlan) arg(efr reflect.Value, i int) reflect.Value {
	return efr.Elem().Field(ep.ev.Params[i].Field.Index)
}

// dispatch logs an event whose arguments are in efr, a frame of the
// event, and runs its handlers.
func (r *Run) dispatch(ep *eventPlan, efr reflect.Value, at diag.Range, who string) error {
	r.nesting++
	defer func() { r.nesting-- }()
	if r.nesting > MaxNesting {
		return &RunError{At: at, Msg: fmt.Sprintf("events are nested more than %d deep: a handler that emits, in the end, its own event?", MaxNesting)}
	}
	ev := ep.ev
	if r.opt.Sink == nil {
		// Nobody reads the text, but its expressions still run: they
		// may fail or roll, as in a logged run.
		if ev.Template != nil && !ep.skipText(efr) {
			fr := r.frameAt(ep.fid)
			for i, p := range ev.Params {
				fr.Elem().Field(p.Field.Index).Set(ep.arg(efr, i))
			}
			if _, err := r.render(ev.Template, fr, false); err != nil {
				return err
			}
			r.releaseAt(ep.fid, fr)
		}
		if !ev.Silent() {
			r.seq++
			if r.opt.countEvent != nil {
				r.opt.countEvent(ev.Name, who)
			}
		}
		return r.handle(ep, efr, who)
	}
	fr := r.newFrame(ev.Frame)
	jargs := map[string]any{}
	for i, p := range ev.Params {
		a := ep.arg(efr, i)
		fr.Elem().Field(p.Field.Index).Set(a)
		jargs[p.Name] = jsonValue(a)
	}
	text := ev.Name
	if ev.Template != nil {
		t, err := r.render(ev.Template, fr, true)
		if err != nil {
			return err
		}
		text = t
	} else {
		var parts []string
		for i, p := range ev.Params {
			parts = append(parts, p.Name+"="+show(ep.arg(efr, i)))
		}
		text += "(" + strings.Join(parts, ", ") + ")"
	}
	// An empty template ("") makes a silent event: a step of the rules
	// that the log need not show, its handlers run all the same.
	if !ev.Silent() {
		r.emitLog(&Event{Kind: KEvent, Name: ev.Name, Who: who, Args: jargs, Text: text})
	}
	return r.handle(ep, efr, who)
}

// skipText reports whether rendering the event's text could neither
// fail nor have effects, so a quiet run may skip it.
func (ep *eventPlan) skipText(efr reflect.Value) bool {
	if !ep.quietSkip {
		return false
	}
	for _, i := range ep.quietRoots {
		if a := ep.arg(efr, i); a.Kind() != reflect.Pointer || a.IsNil() {
			return false
		}
	}
	return true
}

// handle runs an event's handlers. They act for the event's first
// combatant (the striker of a blow, say), so their rolls are logged as
// that combatant's.
func (r *Run) handle(ep *eventPlan, efr reflect.Value, who string) error {
	ev := ep.ev
	ebase := efr.UnsafePointer()
	for i, p := range ev.Params {
		if p.Type.Kind != check.KCombatant {
			continue
		}
		if s := ep.params[i]; s.ok && s.t.Kind() == reflect.Pointer && s.t.Elem().Kind() == reflect.Struct {
			// The name leads every combatant.
			if c := *(*unsafe.Pointer)(unsafe.Add(ebase, s.off)); c != nil {
				who = *(*string)(c)
				break
			}
			continue
		}
		if a := ep.arg(efr, i); a.IsValid() && !a.IsNil() {
			who = nameOf(a)
			break
		}
	}
	r.actors = append(r.actors, who)
	defer func() { r.actors = r.actors[:len(r.actors)-1] }()
	for _, h := range ep.handlers {
		hf := r.frameAt(h.fid)
		base := hf.UnsafePointer()
		for i, p := range ev.Params {
			if s, es := h.params[i], ep.params[i]; s.ok && es.ok && s.t == es.t && copyAt(unsafe.Add(base, s.off), unsafe.Add(ebase, es.off), s.t.Kind()) {
				continue
			}
			a := ep.arg(efr, i)
			if s := h.params[i]; s.ok && a.IsValid() && a.Type() == s.t && setAt(unsafe.Add(base, s.off), a) {
				continue
			}
			setField(hf, p.Field.Index, a)
		}
		if _, err := r.execBlock(&h.body, hf); err != nil {
			return err
		}
		r.releaseAt(h.fid, hf)
	}
	return nil
}

// render fills a template; without keep it only evaluates the parts.
func (r *Run) render(t *check.Template, fr reflect.Value, keep bool) (string, error) {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Expr == nil {
			if keep {
				b.WriteString(p.Text)
			}
			continue
		}
		if !keep {
			if err := r.evalDiscard(p.Expr, fr); err != nil {
				return "", err
			}
			continue
		}
		v, err := r.eval(p.Expr, fr)
		if err != nil {
			return "", err
		}
		b.WriteString(show(v))
	}
	return b.String(), nil
}

type logNode struct {
	at diag.Range
	t  *check.Template
}

func (n *logNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = "log"
	quiet := r.opt.Sink == nil
	text, err := r.render(n.t, fr, !quiet)
	if err != nil {
		return flowNext, err
	}
	if quiet {
		r.seq++
		return flowNext, nil
	}
	r.emitLog(&Event{Kind: KLog, Who: r.who(), Text: text})
	return flowNext, nil
}

type returnNode struct{}

func (returnNode) exec(*Run, reflect.Value) (flow, error) { return flowReturn, nil }

type segmentNode struct {
	at   diag.Range
	n    *check.CExpr
	body block
}

func (n *segmentNode) exec(r *Run, fr reflect.Value) (flow, error) {
	r.reason = "segment"
	v, err := r.eval(n.n, fr)
	if err != nil {
		return flowNext, err
	}
	seg, _ := toInt(v)
	prev := r.segment
	r.segment = seg
	fr.Elem().Field(check.GSegment).SetInt(int64(seg))
	defer func() {
		r.segment = prev
		fr.Elem().Field(check.GSegment).SetInt(int64(prev))
	}()
	if err := r.fireDue(); err != nil {
		return flowNext, err
	}
	return r.execBlock(&n.body, fr)
}

// fieldByTag finds a struct field by its expr-lang name.
func fieldByTag(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("expr") == name {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

func (n *applyNode) where() diag.Range { return n.at }
