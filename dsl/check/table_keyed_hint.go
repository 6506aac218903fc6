package check

import (
	"fmt"
	"strings"
)

// KeyedHint says, for fray prob --table of a table looked up by its keys
// rather than rolled, why it has no odds and, for one whole-number key,
// how to get the odds a homebrewer wants: those of the expression a rule
// looks it up with. The twelfth homebrew round asked for the odds of its
// mortal wounds table (looked up by d8, plus how far below 0, less
// toughness) and was told only that the table "is not fed by dice".
func (t *Table) KeyedHint() string {
	if len(t.Params) == 1 && t.Params[0].Type != nil && t.Params[0].Type.Kind == KInt {
		return fmt.Sprintf("it is looked up by its key (%s), not rolled; fray prob 'EXPR' gives the odds of the key a rule looks it up with (fray prob 'd8 + 2')", t.Params[0].Name)
	}
	if len(t.Params) > 0 { // typed keys (a string, several)
		var names []string
		for _, p := range t.Params {
			names = append(names, p.Name)
		}
		return fmt.Sprintf("it is looked up by its keys (%s), not rolled", strings.Join(names, ", "))
	}
	key := "a whole number"
	if d := t.Decl; d != nil && len(d.Params) == 1 {
		key = d.Params[0].Name
	}
	return fmt.Sprintf("it is looked up by its key (%s), not rolled; fray prob 'EXPR' gives the odds of the key a rule looks it up with (fray prob 'd8 + 2')", key)
}
