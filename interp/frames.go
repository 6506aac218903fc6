package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl"
)

// framePool recycles the frames of one body within a run: a body that
// returns gives its frame back, and the next call of the body resets it
// instead of allocating. Bodies may nest (a handler that emits its own
// event), so the pool is a stack of free frames.
type framePool struct {
	tmpl reflect.Value // a frame with zero locals, the context and the constants
	free []reflect.Value
}

// frame gives a body's environment with the current globals, reusing a
// released frame of the same body when there is one. Give it back with
// release when the body is done with it.
func (r *Run) frame(f *dsl.Frame) reflect.Value {
	if len(r.consts) < len(r.m.Consts) {
		return r.newFrame(f) // the constants are still being computed
	}
	if r.pools == nil {
		r.pools = map[*dsl.Frame]*framePool{}
	}
	p := r.pools[f]
	if p == nil {
		p = &framePool{tmpl: r.newFrame(f).Elem()}
		r.pools[f] = p
	}
	var fr reflect.Value
	if n := len(p.free); n > 0 {
		fr = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		fr = reflect.New(f.R)
	}
	e := fr.Elem()
	e.Set(p.tmpl)
	e.Field(dsl.GRound).SetInt(int64(r.round))
	e.Field(dsl.GSegment).SetInt(int64(r.segment))
	e.Field(dsl.GSides).Set(r.sideList)
	e.Field(dsl.GCombatants).Set(r.combList)
	return fr
}

// release gives a frame back to its body's pool. The caller must not
// use it afterwards (a scheduled block keeps a copy, never the frame).
func (r *Run) release(f *dsl.Frame, fr reflect.Value) {
	if p := r.pools[f]; p != nil {
		p.free = append(p.free, fr)
	}
}
