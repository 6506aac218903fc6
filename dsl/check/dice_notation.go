package check

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// successCount is the first dice token of the expression that counts
// successes (5d6>=5), or "".
func successCount(e *syntax.Expr) string {
	for _, t := range e.Tokens {
		if t.Type != syntax.TokDice {
			continue
		}
		if d, err := stdlib.ParseDice(t.Value); err == nil {
			if cmp, _ := d.Counts(); cmp != stdlib.CmpNone {
				return t.Value
			}
		}
	}
	return ""
}

// countHint explains a count of successes found where a condition is
// needed: written without spaces after counted dice, a comparison is
// the notation of AnyDice and Avrae for counting the dice that pass.
func countHint(tok string) string {
	i := strings.IndexAny(tok, "<>=")
	return fmt.Sprintf("%s counts the dice that pass %s, a number; to compare their total, write %s %s %s with spaces",
		tok, tok[i:], tok[:i], strings.TrimRight(tok[i:], "0123456789"), strings.TrimLeft(tok[i:], "<>="))
}
