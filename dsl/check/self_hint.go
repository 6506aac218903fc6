package check

import (
	"fmt"
	"strings"
)

// selfHint is the hint of "unknown name self": only an action (and a
// derived attribute) has self, and a newcomer reaches for it in a
// table row's effect, a handler or a phase to mean whoever is doing
// it (the caster whose spell the row unleashes). Say what the body has
// instead.
func selfHint(fr *Frame) string {
	var params []string
	for _, f := range fr.Fields {
		if f.param && !f.Global {
			params = append(params, f.Name)
		}
	}
	has := "it has no parameters"
	if len(params) > 0 {
		has = "it sees " + strings.Join(params, ", ")
	}
	if strings.HasPrefix(fr.Name, "effect of table ") {
		has += " (the combatant apply names), not the table's keys nor who applied it: keep him in an attribute of target before apply, or write a procedure (fn) with both as parameters"
	}
	return fmt.Sprintf("self is the acting combatant of an action or a derived attribute; %s has no self: %s", fr.Name, has)
}
