package interp

import (
	"reflect"
	"unsafe"

	"github.com/frayrules/fray/dsl"
)

// framePool recycles the frames of one body within a run: a body that
// returns gives its frame back, and the next call of the body resets it
// instead of allocating. Bodies may nest (a handler that emits its own
// event), so the pool is a stack of free frames.
type framePool struct {
	tmpl           reflect.Value // a frame with zero locals and the run's globals
	free           []reflect.Value
	round, segment uintptr // offsets of the globals that change
	sides, combs   reflect.Value
}

// frameIDs numbers the frames of a model's bodies for the run's pools;
// 0 is the globals' frame.
func (p *Plan) frameID(f *dsl.Frame) int {
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
func (r *Run) frame(f *dsl.Frame) reflect.Value {
	id, ok := r.plan.frameIDs[f]
	if !ok {
		return r.newFrame(f)
	}
	return r.frameAt(id)
}

// frameAt is frame for a body whose frame ID the plan knows.
func (r *Run) frameAt(id int) reflect.Value {
	f := r.plan.frames[id]
	if len(r.consts) < len(r.m.Consts) {
		return r.newFrame(f) // the constants are still being computed
	}
	if r.pools == nil {
		r.pools = make([]framePool, len(r.plan.frames))
	}
	p := &r.pools[id]
	if !p.tmpl.IsValid() || !sameList(p.sides, r.sideList) || !sameList(p.combs, r.combList) {
		*p = framePool{tmpl: r.newFrame(f).Elem(), free: p.free, sides: r.sideList, combs: r.combList,
			round: f.R.Field(dsl.GRound).Offset, segment: f.R.Field(dsl.GSegment).Offset}
	}
	var fr reflect.Value
	if n := len(p.free); n > 0 {
		fr = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		fr = reflect.New(f.R)
	}
	fr.Elem().Set(p.tmpl)
	base := fr.UnsafePointer()
	*(*int)(unsafe.Add(base, p.round)) = r.round
	*(*int)(unsafe.Add(base, p.segment)) = r.segment
	return fr
}

// sameList reports whether two list values are the same list.
func sameList(a, b reflect.Value) bool {
	return a.IsValid() && b.IsValid() && a.Len() == b.Len() && (a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer())
}

// release gives a frame back to its body's pool. The caller must not
// use it afterwards (a scheduled block keeps a copy, never the frame).
func (r *Run) release(f *dsl.Frame, fr reflect.Value) {
	if id, ok := r.plan.frameIDs[f]; ok {
		r.releaseAt(id, fr)
	}
}

func (r *Run) releaseAt(id int, fr reflect.Value) {
	if id < len(r.pools) && r.pools[id].tmpl.IsValid() {
		r.pools[id].free = append(r.pools[id].free, fr)
	}
}
