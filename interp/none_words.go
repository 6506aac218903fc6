package interp

import "strings"

// noneWords puts the words expr-lang and Go give for a value that is
// none (nil) where one is used in fray's, with where none comes from:
// first(l) + 1 of an empty list said "invalid operation: <nil> + int",
// first(l) == 0 "interface conversion: any is nil, not int" and int(first(l))
// reflect's "call of reflect.Value.Type on zero Value", take(l, none)
// "cannot take invalid elements" (reflect's kind of none).
func noneWords(s string) string {
	if t, ok := strings.CutPrefix(s, "interface conversion: any is nil, not "); ok {
		return "expected " + articled(t) + ", found nothing (" + noneHint + ")"
	}
	if s == "invalid operation: int(<nil>)" {
		// expr-lang's reading of a whole number that is none: an index
		// (l[first(m)]), a range's bound, a slice's.
		return "expected an int, found nothing (" + noneHint + ")"
	}
	if s == "reflect: call of reflect.Value.Type on zero Value" {
		return "a value here is nothing (" + noneHint + ")"
	}
	if w, ok := builtinNone[s]; ok {
		return w + " (" + noneHint + ")"
	}
	if strings.HasSuffix(s, ", not nothing") { // stdlib.CheckArgs
		return s + " (" + noneHint + ")"
	}
	if strings.Contains(s, "<nil>") {
		s = strings.ReplaceAll(s, "(type <nil>)", "(nothing)")
		return strings.ReplaceAll(s, "<nil>", "nothing") + " (" + noneHint + ")"
	}
	return s
}

// articled is a type's name after a or an.
func articled(t string) string {
	if t == "int" {
		return "an int"
	}
	return "a " + t
}

// builtinNone puts expr-lang's words for a builtin given none, which name
// the argument by reflect's kind of it ("invalid"), in fray's.
var builtinNone = map[string]string{
	"cannot take from invalid":                            "take needs a list, found nothing",
	"cannot take invalid elements":                        "take needs a count of items, found nothing",
	"cannot uniq invalid":                                 "uniq needs a list, found nothing",
	"cannot concat invalid":                               "concat needs lists, found nothing",
	"cannot reverse invalid":                              "reverse needs a list, found nothing",
	"cannot transform invalid to pairs":                   "toPairs needs a map, found nothing",
	"cannot transform <invalid reflect.Value> from pairs": "fromPairs needs a list of pairs, found nothing",
}
