package stdlib

import (
	"fmt"
	"reflect"
	"strings"
)

// String functions that can make a string longer than their arguments.
// They take the place of expr-lang's builtins of the same names, which
// build whatever they are asked to: these first work out how long the
// result would be and refuse one over the run's --max-string, so that no
// expression (replace nested in replace, say) can ask for gigabytes.

func overString(n, limit int) error {
	return fmt.Errorf("a string of %d bytes is over the limit of %d; raise it with --max-string", n, limit)
}

func replaceImpl(w World, a []any) (any, error) {
	s, old, repl := a[0].(string), a[1].(string), a[2].(string)
	n := strings.Count(s, old) // for "": between every rune and at both ends
	if size := len(s) + n*(len(repl)-len(old)); size > w.MaxString() {
		return nil, overString(size, w.MaxString())
	}
	return strings.ReplaceAll(s, old, repl), nil
}

func joinImpl(w World, a []any) (any, error) {
	sep := a[1].(string)
	var parts []string
	switch list := a[0].(type) {
	case []string:
		parts = list
	case []any:
		parts = make([]string, len(list))
		for i, e := range list {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("join needs a list of strings, found %T", e)
			}
			parts[i] = s
		}
	default:
		return nil, fmt.Errorf("join needs a list of strings, found %T", a[0])
	}
	return JoinStrings(w, parts, sep)
}

// JoinStrings is join's implementation: the parts with sep between them,
// refused when the result would be over --max-string. The parts walked
// and the bytes made count toward the run's work (joinWork).
func JoinStrings(w World, parts []string, sep string) (string, error) {
	size := 0
	for i, p := range parts {
		size += len(p)
		if i > 0 {
			size += len(sep)
		}
		if size > w.MaxString() {
			return "", overString(size, w.MaxString())
		}
	}
	if err := joinWork(w, len(parts), size); err != nil {
		return "", err
	}
	return strings.Join(parts, sep), nil
}

// joinWork counts a join of n parts into size bytes: a step for every
// part (measured, then copied: at a step for every 8, a loop of them ran
// 3.6 s to the default --max-steps), and the bytes as a string made with
// + counts them (CountLen). Uncounted, join of a list of 200 000 empty
// strings in a loop made nothing over --max-string and ran for ever.
func joinWork(w World, n, size int) error {
	return w.Work(n + size/16)
}

// CountString is what a string made with + passes through (StrFunc): it
// refuses one over --max-string and counts its bytes toward the run's
// work.
func CountString(w World, s string) (string, error) {
	if err := CountLen(w, len(s)); err != nil {
		if len(s) > w.MaxString() {
			return "", err
		}
		return s, err
	}
	return s, nil
}

// CountLen is CountString for a string of n bytes that need not be made
// (a quiet run measures a log line's parts, interp/fast_strlen.go): the
// same refusal and the same work.
func CountLen(w World, n int) error {
	if n > w.MaxString() {
		return overString(n, w.MaxString())
	}
	return w.Work(1 + n/16)
}

// JoinedLen is JoinStrings for parts of the given lengths, measured
// without making the string: the same refusal at the same part.
func JoinedLen(w World, lens []int, sep int) (int, error) {
	size := 0
	for i, n := range lens {
		size += n
		if i > 0 {
			size += sep
		}
		if size > w.MaxString() {
			return 0, overString(size, w.MaxString())
		}
	}
	return size, joinWork(w, len(lens), size)
}

// stringImpl is string(x): x as a log template prints it (TextTo), a
// bounded look at its size first (a list may hold the same list many
// times over).
func stringImpl(w World, a []any) (any, error) {
	limit := w.MaxString()
	if n := printedSize(reflect.ValueOf(a[0]), limit); n > limit {
		return nil, overString(n, limit)
	}
	var b strings.Builder
	if !TextTo(&b, a[0], limit) {
		return nil, overString(b.Len(), limit)
	}
	return b.String(), nil
}

// PrintedSize is about how many bytes %v prints for v, counted up to
// limit at most: a bounded look before printing a value that may hold
// the same list many times over (interp's log lines).
func PrintedSize(v any, limit int) int { return printedSize(reflect.ValueOf(v), limit) }

// printedSize is about how many bytes %v prints for v: exact enough
// for strings and lists of them, which are what can grow; it stops
// counting past limit.
func printedSize(v reflect.Value, limit int) int {
	switch v.Kind() {
	case reflect.String:
		return v.Len()
	case reflect.Interface:
		if v.IsNil() {
			return 5
		}
		return printedSize(v.Elem(), limit)
	case reflect.Slice, reflect.Array:
		n := 2
		for i := 0; i < v.Len() && n <= limit; i++ {
			n += 1 + printedSize(v.Index(i), limit)
		}
		return n
	case reflect.Map:
		n := 5
		it := v.MapRange()
		for it.Next() && n <= limit {
			n += 2 + printedSize(it.Key(), limit) + printedSize(it.Value(), limit)
		}
		return n
	case reflect.Pointer:
		if !v.IsNil() && isEntity(v) {
			return v.Elem().Field(0).Len() // a combatant or side: its name
		}
	}
	return 24 // a number, a truth value, a pointer
}

// inList reports whether needle is an element of list, by ==.
func inList(needle, list any) bool {
	v := reflect.ValueOf(list)
	if v.Kind() != reflect.Slice {
		return false
	}
	for i := 0; i < v.Len(); i++ {
		if v.Index(i).Interface() == needle {
			return true
		}
	}
	return false
}
