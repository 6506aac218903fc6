package interp

import (
	"reflect"
	"sync/atomic"

	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/dsl/check"
)

// framePool recycles the frames of one body within a run: a body that
// returns gives its frame back, and the next call of the body resets it
// instead of allocating. Bodies may nest (a handler that emits its own
// event), so the pool is a stack of free frames.
type framePool struct {
	tmpl           reflect.Value // a frame with zero locals and the run's globals
	free           []pooledFrame
	gen            int     // bumped when the template changes
	round, segment uintptr // offsets of the globals that change
	lists          uint64  // the Run.lists the template holds; 0: none, refresh it
	locals         []localField
	// hot is the pool's first frame, lent and taken back with a flag
	// (out) rather than through free: most bodies are never open twice
	// at once, so one frame serves nearly every call.
	hot pooledFrame
	out bool
	// hotAt is the run's frame epoch (Run.frameEpoch) in which the hot
	// frame was found lendable (hotIn); while the run's epoch is the
	// same, only out need be asked. 0: not known.
	hotAt uint64
}

// listEpochs numbers the lists of sides and combatants as runs make
// them, so that a pool knows its template holds the run's lists by
// comparing one number (Run.lists); 0 is no lists.
var listEpochs atomic.Uint64

// frameEpochs numbers the spans of runs in which the frame pools'
// templates, once current, stay current: from the moment a fight's
// constants are complete (Run.framesReady) to its end. Run.frameEpoch is
// noEpoch outside one.
var frameEpochs atomic.Uint64

const noEpoch = ^uint64(0)

// framesReady opens a new frame epoch: the fight's constants and lists
// are complete, and no pool's hot frame is yet known to be lendable in it.
func (r *Run) framesReady() { r.frameEpoch = frameEpochs.Add(1) }

type pooledFrame struct {
	v   reflect.Value
	p   addr // v's address, kept to spare reflect's checks
	gen int
}

// localField is a local of a frame, to zero when the frame is reused.
type localField struct {
	off   uintptr
	kind  reflect.Kind
	index int
}

// localsOf lists the locals of f to zero on reuse, but those in preset:
// parameters that every call sets before the body runs.
func localsOf(f *check.Frame, preset map[int]bool) []localField {
	var out []localField
	for _, ff := range f.Fields {
		if ff.Global || preset[ff.Index] {
			continue
		}
		sf := f.R.Field(ff.Index)
		out = append(out, localField{off: sf.Offset, kind: clearKind(sf.Type), index: ff.Index})
	}
	return out
}

// clearKind is the kind clearLocals zeroes a local of type t as; Invalid
// for the types it leaves to reflect: the stores it uses are of int,
// bool, float64, string, any, a pointer and a list of pointers.
func clearKind(t reflect.Type) reflect.Kind {
	switch k := t.Kind(); {
	case t == intT || t == boolT || t == strT || t == floatT || t == anyT || k == reflect.Pointer:
		return k
	case k == reflect.Slice && t.Elem().Kind() == reflect.Pointer:
		return k
	}
	return reflect.Invalid
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return false
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// clearLocals zeroes a reused frame's locals; its globals are the run's.
func (p *framePool) clearLocals(fr reflect.Value, base addr) {
	for _, l := range p.locals {
		switch l.kind {
		case reflect.Int:
			store(base, l.off, 0)
		case reflect.Bool:
			store(base, l.off, false)
		case reflect.Float64:
			store(base, l.off, 0.0)
		case reflect.Pointer:
			store(base, l.off, addr{})
		case reflect.String:
			store(base, l.off, "")
		case reflect.Slice:
			store[[]addr](base, l.off, nil)
		case reflect.Interface:
			store[any](base, l.off, nil)
		default:
			fr.Elem().Field(l.index).SetZero()
		}
	}
}

// frameIDs numbers the frames of a model's bodies for the run's pools;
// 0 is the globals' frame.
func (p *Plan) frameID(f *check.Frame) int {
	if id, ok := p.frameIDs[f]; ok {
		return id
	}
	p.frameIDs[f] = len(p.frames)
	p.frames = append(p.frames, f)
	return len(p.frames) - 1
}

// frame gives a body's environment with the current globals, reusing a
// released frame of the same body when there is one. Give it back with
// release when the body is done with it.
func (r *Run) frame(f *check.Frame) reflect.Value {
	id, ok := r.plan.frameIDs[f]
	if !ok {
		return r.newFrame(f)
	}
	return r.frameAt(id)
}

// frameAt is frame for a body whose frame ID the plan knows.
func (r *Run) frameAt(id int) reflect.Value {
	fr, _ := r.frameAtP(id)
	return fr
}

// frameAtP is frameAt that also gives the frame's address.
func (r *Run) frameAtP(id int) (reflect.Value, addr) {
	// The common cases first: the hot frame, or a released frame, of
	// the current template.
	if id < len(r.pools) {
		p := &r.pools[id]
		if p.hotAt == r.frameEpoch && !p.out {
			// Known lendable in this epoch: nothing it depends on has
			// changed since (refreshPool forgets hotAt).
			// reuse, written out: this is the way of nearly every lend.
			p.out = true
			base := p.hot.p
			if len(p.locals) > 0 {
				p.clearLocals(p.hot.v, base)
			}
			store[int](base, p.round, r.round)
			store[int](base, p.segment, r.segment)
			return p.hot.v, base
		}
		if p.hotIn(r) { // lendHot, without its call
			if r.frameEpoch != noEpoch {
				p.hotAt = r.frameEpoch
			}
			p.out = true
			p.reuse(r, p.hot.v, p.hot.p)
			return p.hot.v, p.hot.p
		}
		if n := len(p.free); n > 0 && p.free[n-1].gen == p.gen && p.usable(r) {
			fr, base := p.free[n-1].v, p.free[n-1].p
			p.free = p.free[:n-1]
			p.reuse(r, fr, base)
			return fr, base
		}
	}
	return r.frameSlow(id)
}

// hotIn reports whether the pool's hot frame is in and of the current
// template, so that it may be lent.
func (p *framePool) hotIn(r *Run) bool {
	return !p.out && p.hot.gen == p.gen && !p.hot.p.isNil() && p.usable(r)
}

// usable reports whether the pool's frames of its template may be lent
// as they are: the template holds the run's lists and its constants.
func (p *framePool) usable(r *Run) bool {
	return p.current(r) && len(r.consts) >= len(r.m.Consts)
}

// reuse readies a frame of the current template at base for a new call:
// its locals zeroed, the round and segment the run's.
func (p *framePool) reuse(r *Run, fr reflect.Value, base addr) {
	if len(p.locals) > 0 { // most bodies' locals are all preset: no call
		p.clearLocals(fr, base)
	}
	store[int](base, p.round, r.round)
	store[int](base, p.segment, r.segment)
}

// frameSlow is frameAtP when the pool must be made or refreshed, or has
// no frame of its template to give.
func (r *Run) frameSlow(id int) (reflect.Value, addr) {
	f := r.plan.frames[id]
	if len(r.consts) < len(r.m.Consts) {
		fr := r.newFrame(f) // the constants are still being computed
		return fr, addrOf(fr)
	}
	if r.pools == nil {
		r.pools = make([]framePool, len(r.plan.frames))
	}
	p := &r.pools[id]
	if !p.tmpl.IsValid() || !p.current(r) {
		r.refreshPool(p, f)
	}
	// A released frame of the current template went the fast way
	// (frameAtP); one of an older template is reset in full. The hot
	// frame, when in, goes first; a pool without one makes this its hot.
	var fr reflect.Value
	hot := false
	if !p.out && !p.hot.p.isNil() {
		fr, hot = p.hot.v, true
	} else if n := len(p.free); n > 0 {
		fr = p.free[n-1].v
		p.free = p.free[:n-1]
	} else {
		fr = reflect.New(f.R)
	}
	fr.Elem().Set(p.tmpl)
	base := addrOf(fr)
	if hot || p.hot.p.isNil() {
		p.hot, p.out = pooledFrame{v: fr, p: base, gen: p.gen}, true
	}
	store[int](base, p.round, r.round)
	store[int](base, p.segment, r.segment)
	return fr, base
}

// refreshPool sets the template's globals to this run's, making it
// when the pool is new; frames made from the old template get a full
// reset when they are next used.
func (r *Run) refreshPool(p *framePool, f *check.Frame) {
	if !p.tmpl.IsValid() {
		p.tmpl = r.newFrame(f).Elem()
		p.round, p.segment = f.R.Field(check.GRound).Offset, f.R.Field(check.GSegment).Offset
		p.locals = localsOf(f, r.plan.preset[f])
	} else {
		e := p.tmpl
		e.Field(check.GCtx).Set(r.self)
		e.Field(check.GSides).Set(r.sideList)
		e.Field(check.GCombatants).Set(r.combList)
		for i, c := range r.m.Consts {
			e.Field(c.Field.Index).Set(r.consts[i])
		}
	}
	p.lists = r.lists
	p.gen++
	p.hotAt = 0
}

// runStore is the storage a run builds up (frame pools, loop buffers,
// scratch lists, VMs); a finished run hands it to the next run of the
// same plan, which refreshes what belonged to the old fight.
type runStore struct {
	pools    []framePool
	loopBufs []*loopBuf
	scratch  []addr
	vms      []*vm.VM
}

// adoptStore takes the storage a finished run of the plan left, if any.
func (r *Run) adoptStore() {
	s, _ := r.plan.stores.Get().(*runStore)
	if s == nil {
		return
	}
	r.pools, r.loopBufs, r.scratch, r.vms = s.pools, s.loopBufs, s.scratch[:0], s.vms
	for i := range r.pools {
		r.pools[i].lists = 0 // the next use refreshes the template
	}
}

// recycleStore hands the run's storage on; the run keeps none of it.
func (r *Run) recycleStore() {
	if r.loops != 0 || r.depth != 0 {
		return // not at rest (a run stopped by an error inside a loop)
	}
	clear(r.scratch[:cap(r.scratch)])
	for _, b := range r.loopBufs {
		clear(b.addrs[:cap(b.addrs)])
		clear(b.items[:cap(b.items)])
		clear(b.groups[:cap(b.groups)])
		clear(b.queue[:cap(b.queue)])
		clear(b.keyed[:cap(b.keyed)])
	}
	r.plan.stores.Put(&runStore{pools: r.pools, loopBufs: r.loopBufs, scratch: r.scratch, vms: r.vms})
	r.pools, r.loopBufs, r.scratch, r.vms = nil, nil, nil, nil
}

// current reports whether the pool's template holds the run's lists
// (and so its constants and context).
func (p *framePool) current(r *Run) bool {
	return p.lists != 0 && p.lists == r.lists
}

// release gives a frame back to its body's pool. The caller must not
// use it afterwards (a scheduled block keeps a copy, never the frame).
func (r *Run) release(f *check.Frame, fr reflect.Value) {
	if id, ok := r.plan.frameIDs[f]; ok {
		r.releaseAt(id, fr)
	}
}

func (r *Run) releaseAt(id int, fr reflect.Value) {
	r.releaseAtP(id, fr, addrOf(fr))
}

// releaseAtP is releaseAt for a frame whose address the caller has.
func (r *Run) releaseAtP(id int, fr reflect.Value, base addr) {
	if id < len(r.pools) && r.pools[id].tmpl.IsValid() {
		p := &r.pools[id]
		if same(base, p.hot.p) {
			p.out = false
			return
		}
		p.free = append(p.free, pooledFrame{v: fr, p: base, gen: p.gen})
	}
}

// setAt stores v at dst, a field of v's own type, without reflect's
// checks for the common kinds; it reports whether it did.
func setAt(dst addr, v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer:
		store[addr](dst, 0, addrOf(v))
	case reflect.Int:
		store[int](dst, 0, int(v.Int()))
	case reflect.Bool:
		store[bool](dst, 0, v.Bool())
	case reflect.String:
		store[string](dst, 0, v.String())
	default:
		return false
	}
	return true
}

// setField stores v in field i of a frame, directly when the types match.
func setField(fr reflect.Value, i int, v reflect.Value) {
	f := fr.Elem().Field(i)
	if v.IsValid() && v.Type() == f.Type() && setAt(addrOfVar(f), v) {
		return
	}
	f.Set(v)
}
