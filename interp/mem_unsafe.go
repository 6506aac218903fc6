//go:build !fray_safe

package interp

import (
	"reflect"
	"unsafe"
)

// This file is the only one in interp that imports unsafe. mem_safe.go
// is its twin, built with -tags fray_safe: the same API with reflect
// alone. fence_test.go checks that no other file imports unsafe (or
// calls reflect's raw-memory methods) and that the twins declare the
// same API; mem_test.go tests the API, and .ci/run runs interp's whole
// test suite under both builds.
//
// Why: a ruleset's frames, combatants and sides are Go structs made at
// run time (reflect.StructOf), so Go code cannot name their fields. The
// native expressions (fast.go) and compiled statements (stmt.go and
// its kin) read and write those fields millions of times per simulation;
// through reflect.Value each access costs a flag check, a type check
// and often an allocation. Here an access is one load at an offset
// fixed when the plan is lowered.
//
// The contract, which this file trusts and mem_safe.go checks (it
// panics): an offset is reflect.StructField.Offset of a field of the
// struct at the address; the T of a load or store is that field's type,
// addr standing for a pointer to a struct and []addr for a list of such
// pointers; nothing is loaded through nobody.

// addr is the address of a struct of the run (a frame, a combatant, a
// side) or of one of its fields; the zero addr is nobody. It is opaque:
// other files make one only from a reflect.Value (addrOf, addrOfVar) or
// a load, and the blank field keeps == away (use same and isNil), which
// the reflect-based twin could not honour.
type addr struct {
	_ [0]func()
	p unsafe.Pointer
}

// safeMem: this is not the reflect-based twin. Here a list read with
// pointers or load[[]addr] shares the list's storage, so a view of it
// stays true while the list value stands, and no access allocates.
const safeMem = false

// isNil reports whether a is nobody.
func (a addr) isNil() bool { return a.p == nil }

// same reports whether a and b are the same struct (or both nobody).
func same(a, b addr) bool { return a.p == b.p }

// addrOf is the address a pointer value ptr holds (nobody for nil).
func addrOf(ptr reflect.Value) addr { return addr{p: ptr.UnsafePointer()} }

// addrOfVar is the address of v, an addressable value.
func addrOfVar(v reflect.Value) addr { return addr{p: unsafe.Pointer(v.UnsafeAddr())} }

// valueAt is a pointer value of type *t to the t at a (reflect.NewAt);
// a nil *t for nobody.
func valueAt(t reflect.Type, a addr) reflect.Value { return reflect.NewAt(t, a.p) }

// ptrValue is valueAt for a pointer type readied by typeWord: the same
// value, without the look-up of *t that reflect.NewAt makes on every
// call (a read of reflect's sync.Map, ~200 instructions). Statements
// that hand their frame to reflect-based code use it.
func ptrValue(t ptrType, a addr) reflect.Value { return reflect.ValueOf(boxPtr(t, a)) }

// fieldAt is the address of the field at offset off of the struct at a.
func fieldAt(a addr, off uintptr) addr { return addr{p: unsafe.Add(a.p, off)} }

// load reads the T at offset off of the struct at a (off 0 of a field's
// address: the field). T is the field's type, with addr standing for a
// pointer to a struct and []addr for a list of them.
func load[T any](a addr, off uintptr) T { return *(*T)(unsafe.Add(a.p, off)) }

// store writes v, a T as for load, at offset off of the struct at a.
func store[T any](a addr, off uintptr, v T) { *(*T)(unsafe.Add(a.p, off)) = v }

// pointers views a list value ([]*T) as addresses, without copying.
func pointers(list reflect.Value) []addr {
	if list.Len() == 0 {
		return nil
	}
	return unsafe.Slice((*addr)(list.UnsafePointer()), list.Len())
}

// boxList copies addresses into a new list value of type t ([]*T).
func boxList(t reflect.Type, list []addr) reflect.Value {
	out := reflect.MakeSlice(t, len(list), len(list))
	copy(pointers(out), list)
	return out
}

// ptrType is a pointer type, ready to box addresses as its values.
type ptrType struct {
	_ [0]func()
	w unsafe.Pointer // the type word of interfaces holding a *T
}

// eface is the layout of an interface{} value.
type eface struct {
	typ, data unsafe.Pointer
}

// typeWord readies the pointer type t for boxPtr.
func typeWord(t reflect.Type) ptrType {
	v := reflect.Zero(t).Interface()
	return ptrType{w: (*eface)(unsafe.Pointer(&v)).typ}
}

// boxPtr is the interface value of the *T at a, T's pointer type being
// t, as reflect would make it without reflect's look-ups.
func boxPtr(t ptrType, a addr) any {
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = t.w, a.p
	return v
}

// unboxPtr is the address a pointer held by an interface value points
// at (nobody for nil or a nil pointer): boxPtr's inverse.
func unboxPtr(v any) addr { return addr{p: (*eface)(unsafe.Pointer(&v)).data} }

// sameType reports whether a and b are the same type, by the word that
// identifies it (every reflect.Type is a *rtype, one per type): a == b
// without the runtime's call that compares interfaces.
func sameType(a, b reflect.Type) bool {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&a))[1] == (*[2]unsafe.Pointer)(unsafe.Pointer(&b))[1]
}
