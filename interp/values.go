package interp

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

// store converts a value from an expression or a literal into dst.
func (r *Run) store(dst reflect.Value, v any, at diag.Range) error {
	// The common cases first: a whole number, a string or a truth into a
	// place of its own type, which the general way below (AssignableTo,
	// Set) would store alike, with more checks.
	switch x := v.(type) {
	case nil:
		dst.Set(reflect.Zero(dst.Type()))
		return nil
	case int:
		if dst.Type() == intT {
			dst.SetInt(int64(x))
			return nil
		}
	case string:
		if dst.Type() == strT {
			dst.SetString(x)
			return nil
		}
	case bool:
		if dst.Type() == boolT {
			dst.SetBool(x)
			return nil
		}
	}
	if ref, ok := v.(check.Ref); ok {
		var target reflect.Value
		if ref.Side {
			target = r.findSide(ref.Name)
		} else {
			target = r.findCombatant(ref.Name)
		}
		if !target.IsValid() {
			return &RunError{At: at, Msg: "unknown " + ref.Name}
		}
		dst.Set(target)
		return nil
	}
	rv, ok := v.(reflect.Value)
	if !ok {
		rv = reflect.ValueOf(v)
	}
	if rv.Type().AssignableTo(dst.Type()) {
		dst.Set(rv)
		return nil
	}
	switch dst.Kind() {
	case reflect.Int:
		switch x := v.(type) {
		case int64:
			dst.SetInt(x)
			return nil
		case float64:
			dst.SetInt(int64(x))
			return nil
		}
	case reflect.Float64:
		if rv.CanInt() {
			dst.SetFloat(float64(rv.Int()))
			return nil
		}
	case reflect.Slice:
		if rv.Kind() == reflect.Slice {
			out := reflect.MakeSlice(dst.Type(), rv.Len(), rv.Len())
			for i := 0; i < rv.Len(); i++ {
				if err := r.store(out.Index(i), rv.Index(i).Interface(), at); err != nil {
					return err
				}
			}
			dst.Set(out)
			return nil
		}
	case reflect.Pointer:
		if rv.Kind() == reflect.Interface && rv.IsNil() {
			dst.Set(reflect.Zero(dst.Type()))
			return nil
		}
	}
	return &RunError{At: at, Msg: fmt.Sprintf("cannot store %s in a %s", show(v), r.m.U.Friendly(dst.Type().String()))}
}

// storeValue is store for a value already in a reflect.Value, without
// boxing it when its type is dst's.
func (r *Run) storeValue(dst, v reflect.Value, at diag.Range) error {
	if v.IsValid() && v.Type() == dst.Type() {
		dst.Set(v)
		return nil
	}
	return r.store(dst, v, at)
}

// show renders a value the way the log and templates print it.
func show(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case stdlib.Dice:
		return x.String()
	case reflect.Value:
		if !x.IsValid() {
			return "nothing"
		}
		return show(x.Interface())
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() {
			return "nobody"
		}
		if rv.Elem().Kind() == reflect.Struct {
			return nameOf(rv)
		}
	case reflect.Slice:
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = show(rv.Index(i).Interface())
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// jsonValue renders a value for the JSON log: combatants and sides by name.
func jsonValue(v any) any {
	if rv, ok := v.(reflect.Value); ok {
		if !rv.IsValid() {
			return nil
		}
		v = rv.Interface()
	}
	switch x := v.(type) {
	case nil, string, int, bool, float64:
		return x
	case stdlib.Dice:
		return x.String()
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() {
			return nil
		}
		return nameOf(rv)
	case reflect.Slice:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = jsonValue(rv.Index(i).Interface())
		}
		return out
	}
	return fmt.Sprint(v)
}

// quoteArg renders an action argument in a declaration.
func quoteArg(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return show(v)
}
