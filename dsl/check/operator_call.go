package check

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// reOperatorToken is expr-lang's complaint about an operator where an
// operand should be.
var reOperatorToken = regexp.MustCompile(`^unexpected token Operator\("(contains|startsWith|endsWith|matches|in)"\)`)

// operatorCall words a text operator written as a function call,
// contains(.text, "last stroke"): expr-lang said only `unexpected token
// Operator("contains")`, and the hint sent the writer (the twelfth
// homebrew round's, in a fray test's expectation) to expr-lang's syntax.
// It answers only when the operator, at rune from of text, is followed
// by a bracket; n is the operator's length in runes (0: not such a call).
func operatorCall(text, msg string, from int) (summary, hint string, n int) {
	m := reOperatorToken.FindStringSubmatch(msg)
	if m == nil {
		return "", "", 0
	}
	runes := []rune(text)
	n = len([]rune(m[1]))
	i := from + n
	if from < 0 || i > len(runes) || string(runes[from:i]) != m[1] {
		return "", "", 0
	}
	for i < len(runes) && unicode.IsSpace(runes[i]) {
		i++
	}
	if i >= len(runes) || runes[i] != '(' {
		return "", "", 0
	}
	op := m[1]
	example := fmt.Sprintf(`c.name %s "orc"`, op)
	if op == "in" {
		example = `c.kind in ["orc", "goblin"]`
	}
	var others []string
	for _, o := range []string{"contains", "startsWith", "endsWith", "matches", "in"} {
		if o != op {
			others = append(others, o)
		}
	}
	return fmt.Sprintf("%s is an operator, not a function", op),
		fmt.Sprintf("write it between the two values it compares: %s (so are %s and %s)", example, strings.Join(others[:len(others)-1], ", "), others[len(others)-1]), n
}

// firstOf is the first of two results (an expression's text, without
// where its dice are).
func firstOf[T, U any](t T, _ U) T { return t }
