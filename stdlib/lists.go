package stdlib

import (
	"fmt"
	"reflect"
)

// maxFlattenDepth bounds how deeply flatten follows lists inside lists.
const maxFlattenDepth = 100

// flattenImpl is flatten: the elements of a list and of the lists inside
// it, in order, as they are. It replaces expr-lang's builtin of the same
// name, which dereferences every element: a list of combatants came out
// as copies of them, which no list function accepts and which, changed,
// would not change the fight.
func flattenImpl(w World, a []any) (any, error) {
	v := reflect.ValueOf(a[0])
	if !v.IsValid() {
		return []any{}, nil
	}
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return nil, fmt.Errorf("flatten needs a list, found %s", v.Kind())
	}
	out := []any{}
	if err := flattenInto(w, v, 0, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func flattenInto(w World, v reflect.Value, depth int, out *[]any) error {
	if depth > maxFlattenDepth {
		return fmt.Errorf("flatten: lists nested more than %d deep", maxFlattenDepth)
	}
	if err := w.Work(v.Len()); err != nil {
		return err
	}
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		if e.Kind() == reflect.Interface && !e.IsNil() {
			e = e.Elem()
		}
		if e.Kind() == reflect.Slice || e.Kind() == reflect.Array {
			if err := flattenInto(w, e, depth+1, out); err != nil {
				return err
			}
			continue
		}
		*out = append(*out, e.Interface())
	}
	return nil
}
