package interp

import (
	"fmt"
	"strings"
)

// builtinWords puts the words expr-lang and Go give for a builtin's
// argument that is wrong (not none: noneWords) in a rule's: int('x')
// said "invalid operation: int(x)", bitshl(1, -3) Go's "invalid
// operation: negative shift count -3 (type int)", fromPairs([[1, 2, 3]])
// "invalid pair length [1 2 3]". Both plans' errors pass through it
// (cleanExprErr), so they say the same.
func builtinWords(s string) string {
	if t, ok := strings.CutPrefix(s, "invalid operation: negative shift count "); ok {
		return "a shift needs a count of 0 or more, found " + strings.TrimSuffix(t, " (type int)")
	}
	for _, f := range [...][2]string{{"int", "a whole number"}, {"float", "a number"}} {
		if t, ok := strings.CutPrefix(s, "invalid operation: "+f[0]+"("); ok && t != "<nil>)" && strings.HasSuffix(t, ")") {
			return fmt.Sprintf("%s(%q): the string is not %s", f[0], strings.TrimSuffix(t, ")"), f[1])
		}
	}
	for _, p := range [...]string{"invalid pair length ", "invalid pair "} {
		if t, ok := strings.CutPrefix(s, p); ok {
			return "fromPairs needs pairs of a key and a value, found " + t
		}
	}
	return s
}
