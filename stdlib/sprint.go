package stdlib

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"strings"
)

// Sprint is fmt's %v of v, but a combatant or a side (a pointer to a
// struct whose first field is its name) prints as its name, in a list,
// a map or a record as at the top: %v printed their memory addresses
// (string(c) was "&{x 0xc00012e0f0 true ...}", string(combatants)
// "[0xc000123 0xc000456]"), different on every run, so a log that held
// one could not be replayed nor compared. Any other pointer prints as &
// and what it points to, inside a value too. Callers bound the size
// first (printedSize).
func Sprint(v any) string {
	var b strings.Builder
	sprintValue(&b, reflect.ValueOf(v))
	return b.String()
}

var stringerType = reflect.TypeFor[fmt.Stringer]()

func sprintValue(b *strings.Builder, v reflect.Value) {
	if !v.IsValid() {
		b.WriteString("<nil>")
		return
	}
	if v.Type().Implements(stringerType) && (v.Kind() != reflect.Pointer || !v.IsNil()) {
		fmt.Fprint(b, v.Interface())
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("<nil>")
			return
		}
		sprintValue(b, v.Elem())
	case reflect.Pointer:
		switch {
		case v.IsNil():
			b.WriteString("<nil>")
		case isEntity(v):
			b.WriteString(v.Elem().Field(0).String())
		default:
			// fmt prints a pointer inside a value by its address; the
			// values of the language hold no cycle but through
			// combatants and sides, printed by name.
			b.WriteString("&")
			sprintValue(b, v.Elem())
		}
	case reflect.Slice, reflect.Array:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			sprintValue(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.Map:
		// fmt's order: keys sorted (numbers by value, strings by bytes),
		// NaN keys by what their values print (map_entries.go).
		keys, values := MapEntries(v)
		b.WriteString("map[")
		for i := 0; i < len(keys); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			if j := nanRun(keys, i); j > i {
				// Callers bound the size first: no room is needed.
				texts, _ := printTied(values[i:j], math.MaxInt, func(b *strings.Builder, v reflect.Value, _ int) bool {
					sprintValue(b, v)
					return true
				})
				for n, t := range texts {
					if n > 0 {
						b.WriteString(" ")
					}
					b.WriteString("NaN:" + t)
				}
				i = j - 1
				continue
			}
			sprintValue(b, keys[i])
			b.WriteString(":")
			sprintValue(b, values[i])
		}
		b.WriteString("]")
	case reflect.Struct:
		b.WriteString("{")
		for i := 0; i < v.NumField(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			sprintValue(b, v.Field(i))
		}
		b.WriteString("}")
	default:
		if v.CanInterface() {
			fmt.Fprint(b, v.Interface())
		} else {
			fmt.Fprint(b, v)
		}
	}
}

// isEntity reports whether v points to a combatant or a side: a struct
// whose first field is a string (its name).
func isEntity(v reflect.Value) bool {
	t := v.Type().Elem()
	return t.Kind() == reflect.Struct && t.NumField() > 0 && t.Field(0).Type.Kind() == reflect.String
}

// keyLess orders map keys as fmt does for the kinds a map of the
// language can have: numbers by value (NaN first, as cmp.Less has it:
// with a < alone a NaN was equal to every number, which broke the sort,
// and the keys around it came out in Go's map order), strings by bytes,
// false first.
func keyLess(a, b reflect.Value) bool {
	for a.Kind() == reflect.Interface && !a.IsNil() {
		a = a.Elem()
	}
	for b.Kind() == reflect.Interface && !b.IsNil() {
		b = b.Elem()
	}
	if a.Kind() != b.Kind() {
		return a.Kind() < b.Kind()
	}
	if a.Kind() == reflect.Pointer && !a.IsNil() && !b.IsNil() && isEntity(a) && isEntity(b) {
		return a.Elem().Field(0).String() < b.Elem().Field(0).String() // by name
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() < b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return a.Uint() < b.Uint()
	case reflect.Float32, reflect.Float64:
		return cmp.Less(a.Float(), b.Float())
	case reflect.String:
		return a.String() < b.String()
	case reflect.Bool:
		return !a.Bool() && b.Bool()
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}
