//go:build fray_safe

package interp

import (
	"fmt"
	"reflect"
	"sort"
	"sync"
)

// The twin of mem_unsafe (read its comment first): the same API with
// reflect alone, for builds that must not use unsafe (-tags fray_safe)
// and to check that the offsets the interpreter computes are right. An
// addr holds an addressable reflect.Value of the struct or field it
// names, and an offset is turned back into the field it is the offset
// of, by a table per struct type. It is slower, and it allocates; it
// gives the same results (go test -tags fray_safe ./interp). Where the
// contract is broken it panics, naming what was wanted where: a bug of
// interp, never of a rule file.

// addr is an addressable value: a struct of the run or one of its
// fields; the zero addr (an invalid value) is nobody.
type addr struct {
	_ [0]func()
	v reflect.Value
}

// safeMem: this is the reflect-based twin. Lists are copied out of their
// values here, so a view is made again at every use, and accesses allocate.
const safeMem = true

func (a addr) isNil() bool { return !a.v.IsValid() }

func same(a, b addr) bool {
	if a.isNil() || b.isNil() {
		return a.isNil() == b.isNil()
	}
	return a.v.Addr().Interface() == b.v.Addr().Interface()
}

func addrOf(ptr reflect.Value) addr {
	if ptr.IsNil() {
		return addr{}
	}
	return addr{v: ptr.Elem()}
}

func addrOfVar(v reflect.Value) addr {
	if !v.CanAddr() {
		panic("interp: addrOfVar of a value that is not addressable")
	}
	return addr{v: v}
}

func valueAt(t reflect.Type, a addr) reflect.Value {
	if a.isNil() {
		return reflect.Zero(reflect.PointerTo(t))
	}
	return resolve(a.v, 0, exactly(t)).Addr()
}

func fieldAt(a addr, off uintptr) addr {
	mustBeSomebody(a.v, off)
	t := a.v.Type()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("interp: field at %d of a %v, not a struct", off, t))
	}
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.Offset == off && f.Type.Size() > 0 {
			return addr{v: a.v.Field(i)}
		}
	}
	panic(fmt.Sprintf("interp: no field at %d of %v", off, t))
}

// want says what a load or a store expects to find at its offset.
type want struct {
	t    reflect.Type // exactly this type; or, when nil,
	kind reflect.Kind // a pointer, or a slice of pointers
}

func exactly(t reflect.Type) want { return want{t: t} }

func (w want) fits(t reflect.Type) bool {
	switch {
	case w.t != nil:
		return t == w.t
	case w.kind == reflect.Pointer:
		return t.Kind() == reflect.Pointer
	}
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Pointer
}

func (w want) String() string {
	if w.t != nil {
		return w.t.String()
	}
	return "a " + w.kind.String() + " of pointers"
}

var (
	addrT  = reflect.TypeFor[addr]()
	addrsT = reflect.TypeFor[[]addr]()
)

// wantOf is what a load or store of a T expects.
func wantOf[T any]() want {
	switch t := reflect.TypeFor[T](); t {
	case addrT:
		return want{kind: reflect.Pointer}
	case addrsT:
		return want{kind: reflect.Slice}
	default:
		return exactly(t)
	}
}

// paths keeps where a wanted value sits in a struct type, by offset.
var paths sync.Map // pathKey -> []int

type pathKey struct {
	t   reflect.Type
	off uintptr
	w   want
}

// resolve finds the value w wants at offset off of v: v itself at
// offset 0 when it fits, else inside the field of v's struct type that
// covers off.
func resolve(v reflect.Value, off uintptr, w want) reflect.Value {
	mustBeSomebody(v, off)
	key := pathKey{v.Type(), off, w}
	p, ok := paths.Load(key)
	if !ok {
		path, found := pathTo(v.Type(), off, w)
		if !found {
			panic(fmt.Sprintf("interp: no %v at offset %d of %v", w, off, v.Type()))
		}
		p, _ = paths.LoadOrStore(key, path)
	}
	for _, i := range p.([]int) {
		v = v.Field(i)
	}
	return v
}

func mustBeSomebody(v reflect.Value, off uintptr) {
	if !v.IsValid() {
		panic(fmt.Sprintf("interp: memory at offset %d of nobody", off))
	}
}

func pathTo(t reflect.Type, off uintptr, w want) ([]int, bool) {
	if off == 0 && w.fits(t) {
		return []int{}, true
	}
	if t.Kind() != reflect.Struct {
		return nil, false
	}
	// The fields lie in order of offset, so the one holding off is found
	// by a binary search, not a walk: a frame of 100 000 constants, each
	// read by the next, was N² fields looked at. Only a field of size 0
	// shares its offset with the next, and holds nothing, so the walk
	// back stops at the first field that has a size.
	i := sort.Search(t.NumField(), func(i int) bool { return t.Field(i).Offset > off }) - 1
	for ; i >= 0; i-- {
		f := t.Field(i)
		if off < f.Offset+f.Type.Size() {
			if p, ok := pathTo(f.Type, off-f.Offset, w); ok {
				return append([]int{i}, p...), true
			}
		}
		if f.Type.Size() > 0 {
			break
		}
	}
	return nil, false
}

func load[T any](a addr, off uintptr) T {
	var out T
	v := resolve(a.v, off, wantOf[T]())
	switch p := any(&out).(type) {
	case *addr:
		*p = addrOf(v)
	case *[]addr:
		*p = pointers(v)
	default:
		reflect.ValueOf(p).Elem().Set(v)
	}
	return out
}

func store[T any](a addr, off uintptr, v T) {
	f := resolve(a.v, off, wantOf[T]())
	switch p := any(v).(type) {
	case addr:
		if p.isNil() {
			f.SetZero()
		} else {
			f.Set(p.v.Addr())
		}
	case []addr:
		if p == nil {
			f.SetZero()
		} else {
			f.Set(boxList(f.Type(), p))
		}
	default:
		f.Set(reflect.ValueOf(&v).Elem())
	}
}

func pointers(list reflect.Value) []addr {
	if list.Len() == 0 {
		return nil
	}
	out := make([]addr, list.Len())
	for i := range out {
		out[i] = addrOf(list.Index(i))
	}
	return out
}

func boxList(t reflect.Type, list []addr) reflect.Value {
	out := reflect.MakeSlice(t, len(list), len(list))
	for i, a := range list {
		if !a.isNil() {
			out.Index(i).Set(a.v.Addr())
		}
	}
	return out
}

type ptrType struct {
	_ [0]func()
	t reflect.Type
}

func typeWord(t reflect.Type) ptrType { return ptrType{t: t} }

func boxPtr(t ptrType, a addr) any {
	if a.isNil() {
		return reflect.Zero(t.t).Interface()
	}
	return valueAt(t.t.Elem(), a).Interface()
}

func ptrValue(t ptrType, a addr) reflect.Value {
	if a.isNil() {
		return reflect.Zero(t.t)
	}
	return valueAt(t.t.Elem(), a)
}

func unboxPtr(v any) addr {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return addr{}
	}
	return addrOf(rv)
}

// sameType reports whether a and b are the same type.
func sameType(a, b reflect.Type) bool { return a == b }
