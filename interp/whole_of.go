package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

// noneHint says where none comes from where a value is needed, and how
// to give a fallback.
const noneHint = "first, last, find, get, max and min of nothing give none: x ?? 0 gives a fallback"

// wholeOf is v, which the checker typed as a whole number, as one: a
// float's whole part (int()'s: NaN, an infinity or a float beyond the
// whole numbers refused), an error for none (the max of an empty list,
// which was taken as 0: a schedule due at once, a condition never
// applied, a modifier's row adding nothing) and for anything else.
// what names the value in the message.
func wholeOf(v any, what string) (int, string) {
	switch x := v.(type) {
	case int:
		return x, ""
	case int64:
		return int(x), ""
	case float64:
		n, err := stdlib.ToInt(x)
		if err != nil {
			return 0, err.Error()
		}
		return n, ""
	case nil:
		return 0, what + " is nothing, not a whole number (" + noneHint + ")"
	}
	return 0, what + " is " + brief(v) + ", not a whole number"
}

// evalWhole evaluates ce as the whole number wholeOf makes of it (what
// names it), a value that is none a runtime error at at: a schedule's
// delay or moment.
func (r *Run) evalWhole(ce *check.CExpr, fr reflect.Value, what string, at diag.Range) (int, error) {
	v, err := r.eval(ce, fr)
	if err != nil {
		return 0, err
	}
	n, msg := wholeOf(v, what)
	if msg != "" {
		return 0, &RunError{At: at, Msg: msg}
	}
	return n, nil
}
