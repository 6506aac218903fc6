package check

import (
	"strconv"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// tooLargeInt finds a whole-number literal of e beyond an int's range.
// expr-lang refuses it with Go's words ("strconv.ParseInt: parsing ...:
// value out of range") at the end of the expression; this says it in
// ours, under the literal.
func tooLargeInt(e *syntax.Expr) *diag.Diagnostic {
	for _, t := range e.Tokens {
		if t.Type != syntax.TokNumber || strings.Contains(t.Value, ".") {
			continue
		}
		if _, err := strconv.ParseInt(t.Value, 10, 64); err == nil {
			continue
		}
		return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeBadValue,
			Summary: "the number " + t.Value + " is larger than the largest whole number, 9223372036854775807",
			Detail:  "write a smaller number, or a float with a point (" + t.Value + ".0), which is approximate",
			Subject: syntax.RangeAt(t.Pos, t.Value)}
	}
	return nil
}
