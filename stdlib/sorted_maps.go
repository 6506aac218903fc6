package stdlib

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr"
)

// expr-lang's keys, values and toPairs give a map's entries in Go's map
// order, which differs from run to run: keys(groupBy(combatants, .name))
// was [x3, y1, ...] in one run and [y2, x1, ...] in the next, and
// first(keys(m)) chose another combatant, with the same seed. They give
// them in the order of their keys here (numbers by value, strings by
// bytes, combatants and sides by name: keyLess), and the checker puts
// these in place of expr-lang's, in rules and in a test's expectations.

// OrderedMapOptions override keys, values and toPairs.
func OrderedMapOptions() []expr.Option {
	sigs := func(out any) []any {
		return []any{
			reflect.New(reflect.FuncOf([]reflect.Type{reflect.TypeFor[map[any][]any]()}, []reflect.Type{reflect.TypeOf(out)}, false)).Interface(),
			reflect.New(reflect.FuncOf([]reflect.Type{reflect.TypeFor[map[string]any]()}, []reflect.Type{reflect.TypeOf(out)}, false)).Interface(),
			reflect.New(reflect.FuncOf([]reflect.Type{reflect.TypeFor[map[any]any]()}, []reflect.Type{reflect.TypeOf(out)}, false)).Interface(),
		}
	}
	return []expr.Option{
		expr.Function("keys", func(p ...any) (any, error) { return orderedEntries(p[0], "keys") }, sigs([]any{})...),
		expr.Function("values", func(p ...any) (any, error) { return orderedEntries(p[0], "values") }, sigs([]any{})...),
		expr.Function("toPairs", func(p ...any) (any, error) { return orderedEntries(p[0], "toPairs") }, sigs([]any{})...),
	}
}

// orderedEntries is keys, values or toPairs of the map m, in key order.
// Two keys that are NaN (groupBy by 0.0 / 0.0 gives every item one) tie,
// and Go's map order among them changes from run to run: their keys are
// all NaN alike, but values and toPairs of such a map are refused, as no
// order of their entries can be told from the keys (printing the map
// orders them by their text, within --max-string; here nothing bounds
// it).
func orderedEntries(m any, what string) (any, error) {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Map {
		return nil, fmt.Errorf("%s of a %T: it takes a map", what, m)
	}
	keys, values := MapEntries(v)
	out := make([]any, len(keys))
	for i, k := range keys {
		if what != "keys" && i+1 < len(keys) && IsNaNKey(k) && IsNaNKey(keys[i+1]) {
			return nil, fmt.Errorf("%s of a map with two keys that are NaN (groupBy or fromPairs given a float key that is 0.0 / 0.0 or the like): no look-up finds such a key, and the order of their entries cannot be told; make the key a number that is not NaN", what)
		}
		switch what {
		case "keys":
			out[i] = k.Interface()
		case "values":
			out[i] = values[i].Interface()
		default:
			out[i] = []any{k.Interface(), values[i].Interface()}
		}
	}
	return out, nil
}
