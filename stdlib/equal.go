package stdlib

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/vm/runtime"
)

// EqualFunc is the internal function a == b becomes when a and b are
// lists or maps (and a != b, its negation). expr-lang's equality walks
// both, item by item and into the lists inside them, uncounted: a list
// that holds the same list twice, thirty times over, is a few hundred
// bytes and 2^30 items to walk, and `l == l` of it hung the run. Lists
// counts what the walk can visit, a step for every 8 items (and stops as
// soon as the run's budget is spent), then compares as expr-lang does.
const EqualFunc = "__eq"

// ListInFunc is the internal function `x in l` becomes when x is a list
// or a map: each item of l is compared with x as by EqualFunc.
const ListInFunc = "__listin"

// SameFunc is the internal function a == b becomes when a or b is a
// combatant or a side, or both are typed any (an element of a list
// expr-lang's filter or concat made): expr-lang's VM copies a pointer's
// struct before comparing and then compares every attribute, so one
// comparison of two combatants of a ruleset of 3000 attributes copied
// and walked them all, uncounted (a loop of them ran past 60 s). Same
// compares combatants and sides by identity, as the native plan does,
// and anything else as expr-lang does.
const SameFunc = "__same"

// Same is a == b: the same combatant or side (or both nobody), else
// expr-lang's equality of the values.
func Same(a, b any) bool {
	if entity(a) || entity(b) {
		if isNil(a) || isNil(b) {
			return isNil(a) && isNil(b)
		}
		if !entity(a) || !entity(b) {
			// A combatant beside a number or a string (.hp == # in a
			// predicate over combatants, # the combatant): never equal,
			// as expr-lang's equality says; reading the number as a
			// pointer was an internal error.
			return false
		}
		return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
	}
	return runtime.Equal(derefValue(a), derefValue(b))
}

// derefValue is what a pointer points to (expr-lang's == reads through
// one), or v.
func derefValue(v any) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem().Interface()
	}
	return v
}

// entity reports whether v is a pointer to a struct: a combatant or a
// side, nobody included.
func entity(v any) bool {
	t := reflect.TypeOf(v)
	return t != nil && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct
}

// isNil reports whether v is nil or a nil pointer.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// PairsFunc is the internal function the list uniq is given passes
// through. expr-lang's uniq compares every item with each one it kept
// before it, and compares lists inside them item by item, uncounted:
// uniq of a 50 000-item list built in the expression ran for 43 s, of a
// list holding a doubled list twice for ever. CountPairs counts what
// those comparisons can visit before uniq runs.
const PairsFunc = "__pairs"

// pairsFreeLen is the longest list whose pairs are not counted: a step
// already pays for them (as for the interpreter's walks of lists).
const pairsFreeLen = 64

// CountPairs is the list l, unchanged, once the comparisons uniq may
// make of its items are counted: every pair of items, a step for every
// 8 items the pair's comparison visits (one for items that are not
// lists; for lists inside, their items, walked and counted first).
func CountPairs(w World, l any) (any, error) {
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return l, nil // uniq says what is wrong with it
	}
	n := v.Len()
	switch v.Type().Elem().Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Interface:
		// items that may be lists: two of them may hold billions
	default:
		if n <= pairsFreeLen {
			return l, nil
		}
	}
	// items: what the list holds, lists inside it counted item by item
	// (their walk charged as it goes: a doubled list stops at the limit).
	c := itemCounter{w: w}
	if err := c.walk(v); err != nil {
		return nil, err
	}
	if err := c.flush(); err != nil {
		return nil, err
	}
	// Each item is compared with at most every other, each comparison
	// visiting at most the items of the one kept: n times all the items.
	items := c.total - 1 // not l itself
	if items <= pairsFreeLen {
		return l, nil
	}
	return l, w.Work(min(n, 1<<24) / 2 * (min(items, 1<<36) / 8))
}

// ListIn is `x in l` for a list or map x, each comparison counted.
func ListIn(w World, x, l any) (bool, error) {
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return false, fmt.Errorf("operator in not defined on %T", l)
	}
	for i := 0; i < v.Len(); i++ {
		eq, err := ListsEqual(w, x, v.Index(i).Interface())
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// ListsEqual is a == b of lists or maps, its walk counted.
func ListsEqual(w World, a, b any) (bool, error) {
	c := itemCounter{w: w}
	if err := c.walk(reflect.ValueOf(a)); err != nil {
		return false, err
	}
	if err := c.flush(); err != nil {
		return false, err
	}
	return runtime.Equal(a, b), nil
}

// itemCounter counts the items of a value, lists inside lists included,
// charging the run as it goes.
type itemCounter struct {
	w     World
	n     int // items not yet charged
	total int // items counted in all
}

// itemsPerCharge is how many items are counted between charges.
const itemsPerCharge = 4096

func (c *itemCounter) walk(v reflect.Value) error {
	c.total++
	if c.n++; c.n >= itemsPerCharge {
		if err := c.flush(); err != nil {
			return err
		}
	}
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() || v.Kind() == reflect.Pointer {
			return nil // a combatant or side is compared by its address
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if err := c.walk(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if err := c.walk(it.Value()); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *itemCounter) flush() error {
	n := c.n
	c.n = 0
	return c.w.Work(n / 8)
}
