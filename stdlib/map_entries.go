package stdlib

import (
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// A map of the language (groupBy's, fromPairs') may hold keys that are
// NaN: groupBy(l, 0.0 / 0.0) gives each item a key of its own, since
// NaN != NaN. No look-up finds such a key, so reading the map key by key
// (MapIndex) gave a zero Value, whose Interface panicked: `fray run` of
// log "{groupBy(l, 0.0 / 0.0)}" was an internal error, exit 3. And
// those keys tie in any order, so entries sorted by their keys alone
// kept Go's map order among them, which changes from run to run. The
// readers here take the entries as they stand (MapRange) and break the
// tie by what the entries print (printTied) or refuse it (orderedEntries).

// MapEntries gives m's keys and values in the order of the keys
// (keyLess), read without looking a key up. Keys that are NaN tie and
// are left in Go's map order: a caller that shows them puts them in the
// order of their text (printTied).
func MapEntries(m reflect.Value) (keys, values []reflect.Value) {
	type entry struct{ k, v reflect.Value }
	es := make([]entry, 0, m.Len())
	it := m.MapRange()
	for it.Next() {
		es = append(es, entry{it.Key(), it.Value()})
	}
	sort.SliceStable(es, func(i, j int) bool { return keyLess(es[i].k, es[j].k) })
	keys, values = make([]reflect.Value, len(es)), make([]reflect.Value, len(es))
	for i, e := range es {
		keys[i], values[i] = e.k, e.v
	}
	return keys, values
}

// IsNaNKey reports whether k is a float that is NaN (inside an interface
// too): a key that ties with every other such key.
func IsNaNKey(k reflect.Value) bool {
	for k.Kind() == reflect.Interface && !k.IsNil() {
		k = k.Elem()
	}
	return (k.Kind() == reflect.Float64 || k.Kind() == reflect.Float32) && math.IsNaN(k.Float())
}

// nanRun is the end of the run of NaN keys that starts at keys[i] (i
// itself when keys[i] is not NaN). keyLess puts them together, first
// among the floats.
func nanRun(keys []reflect.Value, i int) int {
	j := i
	for j < len(keys) && IsNaNKey(keys[j]) {
		j++
	}
	return j
}

// printTied prints the values of a run of NaN keys each apart, within
// room bytes in all, and gives the texts in order, so that a map prints
// the same on every run: entries whose texts are the same print the
// same whichever comes first. ok is false, nothing given, once the texts
// pass room (print stops at the limit: then the map cannot fit either).
func printTied(values []reflect.Value, room int, print func(b *strings.Builder, v reflect.Value, room int) bool) (texts []string, ok bool) {
	texts = make([]string, 0, len(values))
	for _, v := range values {
		var b strings.Builder
		if !print(&b, v, room) {
			return nil, false
		}
		if room -= b.Len(); room < 0 {
			return nil, false
		}
		texts = append(texts, b.String())
	}
	slices.Sort(texts)
	return texts, true
}
