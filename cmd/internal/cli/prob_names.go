package cli

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// nameEventHints rewrites the hint of an unknown name in prob's --event
// that names a combatant or a side of the encounter: a fray test
// expectation sees them by name (ann.hp), and a newcomer writes the same
// event (`--event 'ann.hp > 10'`), where the hint said to declare it
// with let. The event sees the ruleset's names: sides and combatants.
func nameEventHints(diags diag.Diagnostics, enc *check.Encounter) {
	for _, d := range diags {
		name, ok := strings.CutPrefix(d.Summary, "unknown name ")
		if d.Code != diag.CodeUnknownName || !ok {
			continue
		}
		for _, s := range enc.Sides {
			if s.Name == name {
				d.Detail = fmt.Sprintf("%s is a side of the encounter: --event sees sides and combatants, not their names (any(sides, .name == %q && ...))", name, name)
			}
			for _, c := range s.Combatants {
				if c.Name == name {
					d.Detail = fmt.Sprintf("%s is a combatant of the encounter: --event sees sides and combatants, not their names (first(filter(combatants, .name == %q)).hp, any(combatants, .name == %q && ...))", name, name, name)
				}
			}
		}
	}
}
