package interp

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// store converts a value from an expression or a literal into dst.
func (r *Run) store(dst reflect.Value, v any, at diag.Range) error {
	// The common cases first: a whole number, a string or a truth into a
	// place of its own type, which the general way below (AssignableTo,
	// Set) would store alike, with more checks.
	switch x := v.(type) {
	case nil:
		return r.storeNothing(dst, at)
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
	if !rv.IsValid() {
		// nothing, read out of a list through reflect (an element of
		// [findIndex(l, # > 9)] that is expr-lang's nil): stored as the
		// nil case above stores it, not a reflect panic
		return r.storeNothing(dst, at)
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
			// A float into a whole number's place (a value typed any:
			// c ? 2.5 : 1, an argument of act held): its whole part, as
			// int() gives it; NaN, an infinity or a float beyond the
			// whole numbers has none (Go's conversion gave -2^63).
			n, err := stdlib.ToInt(x)
			if err != nil {
				return &RunError{At: at, Msg: err.Error()}
			}
			dst.SetInt(int64(n))
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
	return &RunError{At: at, Msg: fmt.Sprintf("cannot store %s in a %s", brief(v), r.m.U.Friendly(dst.Type().String()))}
}

// storeNothing stores none (expr-lang's nil) into dst: nobody in a
// reference, none in an optional value (both held as nil), an empty list.
// A whole number, float, string or truth has no none: first, last, find
// and findLast of nothing, get past the end, max and min of an empty list
// and x?.attr give nil, and storing it as 0, "" or false made a value the
// rules never computed (let m = max(l); m + 1 was 1 where max(l) + 1
// stops the run), so it stops the run at the statement, as a fn declared
// int whose body gives nil does (noValue).
func (r *Run) storeNothing(dst reflect.Value, at diag.Range) error {
	switch dst.Kind() {
	case reflect.Int, reflect.Float64, reflect.String, reflect.Bool:
		return &RunError{At: at, Msg: nothingStored(r.m.U.Friendly(dst.Type().String()))}
	}
	dst.Set(reflect.Zero(dst.Type()))
	return nil
}

// nothingStored is the message of none stored where a value must be.
func nothingStored(typ string) string {
	return "cannot store nothing in " + articled(typ) + " (" + noneHint + ")"
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

// show renders a value the way the log and templates print it. A list
// may hold the same list twice, and that one twice, so a list of a few
// hundred bytes can print as more text than any machine holds (l = [l, l]
// sixty times): show stops at showCap bytes and ends the text with "…".
// A log line is measured against --max-string first (Run.checkShown), so
// the cap only shortens other text (an order's names, an error message).
func show(v any) string { return showUpTo(v, showCap) }

// brief is show for an error message: a value of a line at most.
func brief(v any) string { return showUpTo(v, 200) }

// showUpTo is show stopped after limit bytes.
func showUpTo(v any, limit int) string {
	var b strings.Builder
	if !stdlib.TextTo(&b, v, limit) {
		cut := min(limit, b.Len())
		for cut > 0 && cut < b.Len() && !utf8.RuneStart(b.String()[cut]) {
			cut-- // not inside a character
		}
		return b.String()[:cut] + "…"
	}
	return b.String()
}

// showCap is the most text show writes for one value.
const showCap = 1 << 20

// printsLong reports whether a template part's value can print as more
// text than any string a rule makes: a list, or a value of any type.
// Numbers, truths, dice, names and strings (bounded where they are made)
// cannot.
func printsLong(ce *check.CExpr) bool {
	return ce.Type == nil || ce.Type.Kind == check.KList || ce.Type.Kind == check.KAny
}

// renderLong evaluates a template part that printsLong and writes it to
// b when keep, measured against --max-string in a quiet run too.
func (r *Run) renderLong(b *strings.Builder, ce *check.CExpr, fr reflect.Value, keep bool) error {
	v, err := r.eval(ce, fr)
	if err != nil {
		return err
	}
	text, err := r.shown(v, syntax.RangeOf(ce.Expr.Pos, ce.Expr.EndPos))
	if keep {
		b.WriteString(text)
	}
	return err
}

// shown is v as a log line prints it, failing, placed at, when it would
// be over --max-string: the measure stops at that many bytes, so a list
// holding itself many times over costs no more than a long one. A quiet
// run (sim) measures it too, so it stops where a logged run does, and the
// bytes count toward --max-steps as a string made with + does.
func (r *Run) shown(v any, at diag.Range) (string, error) {
	var b strings.Builder
	if !stdlib.TextTo(&b, v, r.opt.MaxString) {
		return "", &RunError{At: at, Msg: fmt.Sprintf("a value that prints as more than %d bytes is over the limit of %d; raise it with --max-string", r.opt.MaxString, r.opt.MaxString)}
	}
	if err := r.Work(1 + b.Len()/16); err != nil {
		return "", r.tooManySteps(at)
	}
	return b.String(), nil
}

// jsonValue renders a value for the JSON log: combatants and sides by
// name. Like show it stops after showCap items, the rest of a list given
// as the string "…": a list holding the same list twice, sixty times over,
// would otherwise be copied out to more items than any machine holds.
func jsonValue(v any) any {
	budget := showCap
	return jsonValueUpTo(v, &budget)
}

// argValue is jsonValue for an argument of a logged event or point: its
// items and the bytes of its strings count toward the log's bytes
// (--max-log, each item a byte at least in any output), since the log
// holds them; otherwise emitting a list of a hundred thousand items in a
// loop copied them out each time, unbounded by the short line the event
// shows, and a 64 KiB string the text does not show, emitted in a loop,
// made a JSON log of gigabytes from a text log of kilobytes.
func (r *Run) argValue(v any) any {
	budget := showCap
	out := jsonValueUpTo(v, &budget)
	r.logBytes += showCap - budget + stringBytes(out)
	if r.logBytes > r.opt.MaxLog {
		r.calm = -1 // the next check of the budget stops the run
	}
	return out
}

// stringBytes is the length of the strings of a value jsonValue made
// (inside its lists too): what its JSON holds beyond a byte an item.
func stringBytes(v any) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		n := 0
		for _, e := range x {
			n += stringBytes(e)
		}
		return n
	}
	return 0
}

func jsonValueUpTo(v any, budget *int) any {
	*budget--
	if rv, ok := v.(reflect.Value); ok {
		if !rv.IsValid() {
			return nil
		}
		v = rv.Interface()
	}
	switch x := v.(type) {
	case nil, string, int, bool:
		return x
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			// JSON has no NaN nor infinity: the encoder refused the
			// event, and the JSON log stopped after its first line
			// ("json: unsupported value: NaN"). Written as the text
			// log writes them.
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
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
		out := make([]any, 0, min(rv.Len(), max(*budget, 0)+1))
		for i := 0; i < rv.Len(); i++ {
			if *budget <= 0 {
				return append(out, "…")
			}
			out = append(out, jsonValueUpTo(rv.Index(i).Interface(), budget))
		}
		return out
	case reflect.Map:
		return show(v) // bounded, as show is
	}
	return stdlib.Sprint(v)
}

// quoteArg renders an action argument in a declaration.
func quoteArg(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return show(v)
}
