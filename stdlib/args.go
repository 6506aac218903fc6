package stdlib

import "fmt"

// CheckArgs says which argument of a call of f is not of its parameter's
// kind, for the plain kinds (whole number, float, truth, string): a value
// of no one type (c ? x / 2 : x, a float or a whole number) reaches a
// function only while a fight runs. Both evaluators call it before the
// implementation, so the run stops with the same words either way,
// instead of the implementation's type assertion panicking. Lists,
// combatants, sides, dice and any are left to the implementation.
func CheckArgs(f *Func, args []any) error {
	for i, p := range f.Params {
		if i >= len(args) {
			break
		}
		a := args[i]
		ok := true
		switch p {
		case Int:
			_, ok = a.(int)
		case Float:
			switch a.(type) {
			case float64, int:
			default:
				ok = false
			}
		case Bool:
			_, ok = a.(bool)
		case String:
			_, ok = a.(string)
		}
		if !ok {
			if names := operands[f.Name]; i < len(names) {
				return fmt.Errorf("%s must be %s, not %s", names[i], kindWords[p], valueWords(a))
			}
			return fmt.Errorf("%s: argument %d must be %s, not %s", f.Name, i+1, kindWords[p], valueWords(a))
		}
	}
	return nil
}

// operands names the arguments of the functions the checker makes of
// what a rule writes (lo..hi, a / b, a string read, matched or made with
// +), by what the rule wrote: a failure named the internal function
// ("__range: argument 2 must be a whole number, not nothing").
var operands = map[string][]string{
	RangeFunc:  {"lo..hi: lo", "lo..hi: hi"},
	DivFunc:    {"a / b: a", "a / b: b"},
	DiceFunc:   {"dice: the count of dice", "dice: the faces"},
	ScanFunc:   {"a string read here"},
	PiecesFunc: {"the string split"},
	MatchFunc:  {"matches: the string", "matches: the pattern"},
	StrFunc:    {"a string made with +"},
}

var kindWords = map[Kind]string{Int: "a whole number", Float: "a number", Bool: "true or false", String: "a string"}

// valueWords names a value by its kind, as a rule's author would: "a
// float (7.5)", "nothing".
func valueWords(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case float64:
		return fmt.Sprintf("a float (%v)", x)
	case int:
		return fmt.Sprintf("a whole number (%d)", x)
	case bool:
		return fmt.Sprintf("a truth value (%v)", x)
	case string:
		return fmt.Sprintf("a string (%q)", x)
	}
	return fmt.Sprintf("a %T", v)
}
