package interp

import (
	"reflect"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

// The memory API (mem_unsafe.go, and mem_safe.go under -tags fray_safe)
// on a struct made like a ruleset's: every accessor reads and writes
// the same field that reflect sees at the offset.

// memStruct is a struct type like dsl's combatants: a name at offset 0,
// then fields of every kind the interpreter reads by offset.
var memStruct = func() reflect.Type {
	other := reflect.StructOf([]reflect.StructField{{Name: "Name", Type: strT}, {Name: "HP", Type: intT}})
	return reflect.StructOf([]reflect.StructField{
		{Name: "Name", Type: strT},
		{Name: "On", Type: boolT},
		{Name: "HP", Type: intT},
		{Name: "X", Type: floatT},
		{Name: "Any", Type: anyT},
		{Name: "Dice", Type: diceT},
		{Name: "Foe", Type: reflect.PointerTo(other)},
		{Name: "Foes", Type: reflect.SliceOf(reflect.PointerTo(other))},
	})
}()

func memField(t *testing.T, name string) reflect.StructField {
	t.Helper()
	f, ok := memStruct.FieldByName(name)
	if !ok {
		t.Fatalf("no field %s", name)
	}
	return f
}

func TestMemLoadStore(t *testing.T) {
	ptr := reflect.New(memStruct)
	a := addrOf(ptr)
	e := ptr.Elem()
	foeT := memField(t, "Foe").Type
	foe1, foe2 := reflect.New(foeT.Elem()), reflect.New(foeT.Elem())
	foe1.Elem().Field(0).SetString("ogre")
	d := stdlib.Dice{N: 2, Faces: 6, Mod: 1}

	// Each case stores through the API and reads back through both the
	// API and reflect.
	cases := []struct {
		field string
		store func(off uintptr)
		load  func(off uintptr) any
		want  any // what reflect and load see after the store
	}{
		{"Name", func(off uintptr) { store(a, off, "tamsin") }, func(off uintptr) any { return load[string](a, off) }, "tamsin"},
		{"On", func(off uintptr) { store(a, off, true) }, func(off uintptr) any { return load[bool](a, off) }, true},
		{"HP", func(off uintptr) { store(a, off, 17) }, func(off uintptr) any { return load[int](a, off) }, 17},
		{"X", func(off uintptr) { store(a, off, 2.5) }, func(off uintptr) any { return load[float64](a, off) }, 2.5},
		{"Any", func(off uintptr) { store[any](a, off, "held") }, func(off uintptr) any { return load[any](a, off) }, "held"},
		{"Dice", func(off uintptr) { store(a, off, d) }, func(off uintptr) any { return load[stdlib.Dice](a, off) }, d},
	}
	for _, c := range cases {
		off := memField(t, c.field).Offset
		c.store(off)
		if got := c.load(off); got != c.want {
			t.Errorf("%s: load gives %v, want %v", c.field, got, c.want)
		}
		if got := e.FieldByName(c.field).Interface(); got != c.want {
			t.Errorf("%s: reflect sees %v, want %v", c.field, got, c.want)
		}
	}
	// A field's own address reads the field at offset 0.
	if got := load[int](fieldAt(a, memField(t, "HP").Offset), 0); got != 17 {
		t.Errorf("HP through its address: %d", got)
	}
	if got := nameAt(a); got != "tamsin" {
		t.Errorf("nameAt: %q", got)
	}

	// Pointers: nobody, then somebody, then nobody again.
	foeAt := memField(t, "Foe").Offset
	if !load[addr](a, foeAt).isNil() {
		t.Error("a new struct's pointer is not nobody")
	}
	store(a, foeAt, addrOf(foe1))
	got := load[addr](a, foeAt)
	if got.isNil() || !same(got, addrOf(foe1)) || same(got, addrOf(foe2)) {
		t.Error("the stored pointer is not the one read")
	}
	if e.FieldByName("Foe").Interface() != foe1.Interface() {
		t.Error("reflect does not see the stored pointer")
	}
	foeHP, _ := foeT.Elem().FieldByName("HP")
	foe1.Elem().FieldByName("HP").SetInt(30)
	if nameAt(got) != "ogre" || load[int](got, foeHP.Offset) != 30 {
		t.Errorf("through the pointer: %q, %d", nameAt(got), load[int](got, foeHP.Offset))
	}
	if v := valueAt(foeT.Elem(), got); v.Interface() != foe1.Interface() {
		t.Errorf("valueAt gives %v, want %v", v, foe1)
	}
	if v := valueAt(foeT.Elem(), addr{}); !v.IsNil() || v.Type() != foeT {
		t.Errorf("valueAt of nobody gives %v of %v", v, v.Type())
	}
	store(a, foeAt, addr{})
	if !e.FieldByName("Foe").IsNil() {
		t.Error("storing nobody leaves a pointer")
	}

	// Lists: stored, read, boxed, cleared.
	foesAt := memField(t, "Foes").Offset
	store(a, foesAt, []addr{addrOf(foe1), {}, addrOf(foe2)})
	list := e.FieldByName("Foes")
	if list.Len() != 3 || list.Index(0).Interface() != foe1.Interface() || !list.Index(1).IsNil() || list.Index(2).Interface() != foe2.Interface() {
		t.Errorf("reflect sees the list %v", list)
	}
	view := load[[]addr](a, foesAt)
	if len(view) != 3 || !same(view[0], addrOf(foe1)) || !view[1].isNil() || !same(view[2], addrOf(foe2)) {
		t.Errorf("load of the list: %v", view)
	}
	if p := pointers(list); len(p) != 3 || !same(p[2], addrOf(foe2)) {
		t.Errorf("pointers of the list: %v", p)
	}
	boxed := boxList(list.Type(), view)
	if !reflect.DeepEqual(boxed.Interface(), list.Interface()) {
		t.Errorf("boxList gives %v, want %v", boxed, list)
	}
	store[[]addr](a, foesAt, nil)
	if !e.FieldByName("Foes").IsNil() {
		t.Error("storing no list leaves one")
	}

	// Boxing a pointer as its interface value, and addresses of values.
	tw := typeWord(foeT)
	if v := boxPtr(tw, addrOf(foe2)); v != foe2.Interface() {
		t.Errorf("boxPtr gives %v, want %v", v, foe2)
	}
	if v := boxPtr(tw, addr{}); v == nil || !reflect.ValueOf(v).IsNil() || reflect.TypeOf(v) != foeT {
		t.Errorf("boxPtr of nobody gives %#v", v)
	}
	if !same(unboxPtr(foe2.Interface()), addrOf(foe2)) {
		t.Error("unboxPtr does not give back the address boxPtr boxed")
	}
	if !unboxPtr(nil).isNil() || !unboxPtr(boxPtr(tw, addr{})).isNil() {
		t.Error("unboxPtr of nil or of a nil pointer is somebody")
	}
	if !same(addrOfVar(e), a) || !same(addrOf(ptr), a) || same(a, addr{}) || !same(addr{}, addr{}) {
		t.Error("same is not identity")
	}
	hp := memField(t, "HP")
	store(addrOfVar(e.FieldByIndex(hp.Index)), 0, 9)
	if e.FieldByIndex(hp.Index).Int() != 9 {
		t.Error("a store through addrOfVar is lost")
	}
}

// sameType agrees with == on types made by reflect (the same struct made
// twice is one type) and on types that differ only by their fields.
func TestMemSameType(t *testing.T) {
	again := reflect.StructOf([]reflect.StructField{
		{Name: "Name", Type: strT}, {Name: "On", Type: boolT}, {Name: "HP", Type: intT}, {Name: "X", Type: floatT},
		{Name: "Any", Type: anyT}, {Name: "Dice", Type: diceT}, {Name: "Foe", Type: memField(t, "Foe").Type}, {Name: "Foes", Type: memField(t, "Foes").Type},
	})
	other := memField(t, "Foe").Type
	types := []reflect.Type{memStruct, again, reflect.PointerTo(memStruct), reflect.PointerTo(again), other, other.Elem(), intT, nil}
	for _, a := range types {
		for _, b := range types {
			if got, want := sameType(a, b), a == b; got != want {
				t.Errorf("sameType(%v, %v) = %v, want %v", a, b, got, want)
			}
		}
	}
}
