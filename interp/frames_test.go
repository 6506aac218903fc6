package interp

import (
	"reflect"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

// Literal defaults are set once on a prototype only for types without
// pointers (literalDefaults); a dice value, whatever its notation fields,
// is one, or every fight would evaluate every default after the first
// dice attribute again.
func TestHasPointers(t *testing.T) {
	for _, c := range []struct {
		v    any
		want bool
	}{
		{stdlib.Dice{}, false},
		{0, false},
		{uint8(0), false},
		{false, false},
		{0.5, false},
		{"", true},
		{[]int(nil), true},
		{&struct{}{}, true},
		{struct {
			A int
			B *int
		}{}, true},
	} {
		if got := hasPointers(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("hasPointers(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
