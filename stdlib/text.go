package stdlib

import (
	"reflect"
	"strconv"
	"strings"
)

// TextTo writes v as a log template prints it, and reports false, having
// stopped, once b holds more than limit bytes: none as "nothing", a
// combatant or a side by name, a list as its items, each printed so,
// between brackets and separated by ", ", a map (groupBy's) as its
// entries "key: value" in the order of their keys (keyLess: numbers by
// value, strings by bytes), each printed so, between braces and
// separated by ", " ({1: [ann, bob], 2: [cid]}, where Sprint's %v gave
// map[1:[ann bob] 2:[cid]]), once a bounded look says it fits (it may
// hold a list holding itself), anything else as Sprint prints it. string(x) gives
// the same text (stringImpl), so that string(none) is "nothing" and
// string([1, 'a', none]) is "[1, a, nothing]", as {x} prints them.
func TextTo(b *strings.Builder, v any, limit int) bool {
	switch x := v.(type) {
	case nil:
		b.WriteString("nothing")
	case string:
		b.WriteString(x)
	case int:
		b.WriteString(strconv.Itoa(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case Dice:
		b.WriteString(x.String())
	case reflect.Value:
		if !x.IsValid() {
			b.WriteString("nothing")
			break
		}
		return TextTo(b, x.Interface(), limit)
	default:
		rv := reflect.ValueOf(v)
		switch {
		case rv.Kind() == reflect.Pointer && rv.IsNil():
			b.WriteString("nothing")
		case rv.Kind() == reflect.Pointer && isEntity(rv):
			// A combatant or a side: its first field is its name. (In a
			// rule these are the only structs behind a pointer; fray
			// test's records fall to Sprint below.)
			b.WriteString(rv.Elem().Field(0).String())
		case rv.Kind() == reflect.Slice:
			b.WriteString("[")
			for i := 0; i < rv.Len(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				if !TextTo(b, rv.Index(i).Interface(), limit) {
					return false
				}
			}
			b.WriteString("]")
		case rv.Kind() == reflect.Map:
			if room := limit - b.Len(); PrintedSize(v, room) > room {
				return false
			}
			return mapTextTo(b, rv, limit)
		default:
			if room := limit - b.Len(); PrintedSize(v, room) > room {
				return false
			}
			b.WriteString(Sprint(v))
		}
	}
	return b.Len() <= limit
}

// mapTextTo writes a map as TextTo does: {key: value, ...} in the order
// of its keys, so that the text is the same on every run (Go's map
// order is not); entries whose keys are NaN, which tie, in the order of
// their values' text (printTied).
func mapTextTo(b *strings.Builder, m reflect.Value, limit int) bool {
	keys, values := MapEntries(m)
	b.WriteString("{")
	for i := 0; i < len(keys); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if j := nanRun(keys, i); j > i {
			texts, ok := printTied(values[i:j], limit-b.Len(), func(b *strings.Builder, v reflect.Value, room int) bool {
				return TextTo(b, v.Interface(), room)
			})
			if !ok {
				return false
			}
			for n, t := range texts {
				if n > 0 {
					b.WriteString(", ")
				}
				b.WriteString("NaN: ")
				b.WriteString(t)
			}
			i = j - 1
			continue
		}
		if !TextTo(b, keys[i].Interface(), limit) {
			return false
		}
		b.WriteString(": ")
		if !TextTo(b, values[i].Interface(), limit) {
			return false
		}
	}
	b.WriteString("}")
	return b.Len() <= limit
}
