package interp_test

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// A builtin given none, or an argument it cannot use, stops the run in a
// rule's words, placed at the expression, and the native plan and
// expr-lang's VM say the same thing at the same place. Before, these
// said expr-lang's or Go's words ("cannot take invalid elements",
// "invalid operation: int(x)", "negative shift count -3 (type int)",
// "error parsing regexp: ..."), and a string argument of the standard
// library that was none in the native plan (replace('a', first(l)?.name,
// 'b')) panicked: "internal error: interface conversion".
func TestBuiltinErrorsInRulesWords(t *testing.T) {
	t.Parallel()
	const hint = " (first, last, find, get, max and min of nothing give none: x ?? 0 gives a fallback)"
	enc := "encounter \"t\" {\n  rules \"rules.fray\"\n  dice 1\n}\n\nside a {\n  combatant ann { hp = 3 }\n}\n\nside b {\n  combatant bob { hp = 1 }\n}\n"
	for _, c := range []struct{ expr, want string }{
		{"take(l, first(es))", "take needs a count of items, found nothing" + hint},
		{"reverse(first(es))", "reverse needs a list, found nothing" + hint},
		{"uniq(first(es))", "uniq needs a list, found nothing" + hint},
		{"concat(ns, first(es))", "concat needs lists, found nothing" + hint},
		{"fromPairs(first(es))", "fromPairs needs a list of pairs, found nothing" + hint},
		{"fromPairs([[1, 2, 3]])", "fromPairs needs pairs of a key and a value, found [1 2 3]"},
		{"bitshl(1, neg)", "a shift needs a count of 0 or more, found -3"},
		{"int('x')", `int("x"): the string is not a whole number`},
		{"float('x')", `float("x"): the string is not a number`},
		{"'a' matches '('", `matches: the pattern is not a regular expression (missing closing ): "(")`},
		{"replace('a', first(e)?.name, 'b')", "a string read here must be a string, not nothing" + hint},
		{"has(first(l), first(e)?.name)", "has: argument 2 must be a string, not nothing" + hint},
		{"pending(first(l), first(e)?.name)", "pending: argument 2 must be a string, not nothing" + hint},
		{"clamp(first(es), 1, 2)", "clamp: argument 1 must be a whole number, not nothing" + hint},
		// An index or a slice's bound that is none: expr-lang said
		// "invalid operation: int(<nil>)".
		{"ns[first(es)]", "expected an int, found nothing" + hint},
		{"l[first(es)].name", "expected an int, found nothing" + hint},
		{"ns[0:first(es)]", "expected an int, found nothing" + hint},
		// An index out of range: "index out of range: 1 (array length
		// is 3)", the negative index shown plus the length.
		{"ns[-4]", "index -4 is out of range: the list has 3 items (0 to 2, or -3 to -1 from the end)"},
		{"l[2].name", "index 2 is out of range: the list has 2 items (0 to 1, or -2 to -1 from the end)"},
		{"es[0]", "index 0 is out of range: the list is empty"},
	} {
		t.Run(c.expr, func(t *testing.T) {
			t.Parallel()
			rules := "ruleset \"t\" {\n  default wait\n}\n\ncombatant {\n  hp: int = 3\n}\n\naction wait {\n}\n\n" +
				"condition x {\n}\n\nphase p once {\n  let l = living(combatants)\n  let e = filter(l, .hp > 100)\n  let ns = [1, 2, 3]\n  let es = filter(ns, # > 5)\n  let neg = 0 - 3\n" +
				"  log \"{" + c.expr + "}\"\n}\n\nphase per_round each round {\n  log \"r\"\n}\n\nend when round >= 1\n"
			want := "error: rules.fray:21:9: runtime error: " + c.want + "\n"
			for name, lower := range map[string]func(*check.Model) *interp.Plan{"native": interp.Lower, "vm": interp.LowerVM} {
				if got := playSpec(rules, enc, interp.Options{}, lower); !strings.HasSuffix(got, want) {
					t.Errorf("%s: want %q, got:\n%s", name, want, got)
				}
			}
		})
	}
}
