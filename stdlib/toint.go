package stdlib

import (
	"fmt"
	"math"
)

// IntFunc is the internal function int(x) becomes when x is a float (or a
// value of no one type, which may be one): expr-lang's int converts as Go
// does, and Go gives the smallest whole number (on amd64) for NaN, for
// either infinity and for a float beyond the range of a whole number, so
// int(0.0 / 0.0) would carry on as -9223372036854775808. This one stops
// the run instead, with the same words in both evaluators.
const IntFunc = "__int"

// TypedFloatInt is the Typed signature of IntFunc.
type TypedFloatInt = func(x float64) (int, error)

// ToInt is the whole part of x, as Go's conversion gives it (toward
// zero), or an error when x has none: NaN, an infinity, or a float
// outside the whole numbers' range.
func ToInt(x float64) (int, error) {
	// -2^63 is a whole number; 2^63 is not. NaN fails both comparisons.
	if x >= -(1<<63) && x < 1<<63 {
		return int(x), nil
	}
	switch {
	case math.IsNaN(x):
		return 0, fmt.Errorf("int: NaN (not a number, from 0.0 / 0.0 say) has no whole part")
	case math.IsInf(x, 0):
		return 0, fmt.Errorf("int: %v (from a division of a float by zero, say) has no whole part", x)
	}
	return 0, fmt.Errorf("int: %v is beyond the whole numbers (%d to %d)", x, math.MinInt64, math.MaxInt64)
}

// toIntImpl is IntFunc's Impl. Its argument is a float, or a value of no
// one type (c ? 1 : 0.5), so any: CheckArgs leaves it to this, which
// names the function as the rule wrote it.
func toIntImpl(_ World, a []any) (any, error) {
	switch x := a[0].(type) {
	case int:
		return x, nil
	case float64:
		return ToInt(x)
	}
	return nil, fmt.Errorf("int: argument 1 must be a number, not %s", valueWords(a[0]))
}
