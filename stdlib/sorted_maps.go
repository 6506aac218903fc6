package stdlib

import (
	"fmt"
	"reflect"
	"sort"

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
func orderedEntries(m any, what string) (any, error) {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Map {
		return nil, fmt.Errorf("%s of a %T: it takes a map", what, m)
	}
	keys := v.MapKeys()
	sort.SliceStable(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	out := make([]any, len(keys))
	for i, k := range keys {
		switch what {
		case "keys":
			out[i] = k.Interface()
		case "values":
			out[i] = v.MapIndex(k).Interface()
		default:
			out[i] = []any{k.Interface(), v.MapIndex(k).Interface()}
		}
	}
	return out, nil
}
