package interp

import (
	"reflect"
	"slices"
	"testing"
)

// appendAddrs and removeAddr move short lists by hand and long ones by
// append: both ways give what append gives, on either side of shortList.
func TestShortListMoves(t *testing.T) {
	structs := make([]addr, 2*shortList+3)
	for i := range structs {
		structs[i] = addrOf(reflect.New(memStruct))
	}
	for n := 0; n <= len(structs); n++ {
		src := structs[:n]
		head := []addr{structs[len(structs)-1]}
		got := appendAddrs(slices.Clone(head), src)
		want := append(slices.Clone(head), src...)
		if !sameAddrs(got, want) {
			t.Errorf("appendAddrs of %d: not what append gives", n)
		}
		for at := range n {
			got := removeAddr(slices.Clone(src), at)
			p := slices.Clone(src)
			want := append(p[:at], p[at+1:]...)
			if !sameAddrs(got, want) {
				t.Errorf("removeAddr(%d of %d): not what append gives", at, n)
			}
		}
	}
}

func sameAddrs(a, b []addr) bool {
	return slices.EqualFunc(a, b, same)
}
