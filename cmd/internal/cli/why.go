package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// checkWhy vets fray run --why NAME: "*" or "all", or a combatant or side
// of the encounter. A misspelt name would explain nothing, silently; it
// is a usage error that lists the names there are. "all" is everyone
// unless the encounter has a combatant or side named all: then it is
// that one, as any name is, and a note on stderr says how to ask for
// everyone ("*"), since either reading would surprise someone.
func checkWhy(name string, enc *check.Encounter, stderr io.Writer) error {
	if name == "" || name == interp.WhyEveryone {
		return nil
	}
	if enc.HasName(name) {
		if name == interp.WhyAll {
			fmt.Fprintf(stderr, "fray: note: --why all explains the places of the combatant or side named all (and its side); --why '*' explains everyone's\n")
		}
		return nil
	}
	if name == interp.WhyAll {
		return nil
	}
	var known []string
	for _, s := range enc.Sides {
		known = append(known, s.Name)
		for _, c := range s.Combatants {
			known = append(known, c.Name)
		}
	}
	return usageErr("--why %s: the encounter has no combatant or side of that name; name one of %s, or all ('*' if one is named all)",
		interp.Printable(name), interp.Printable(strings.Join(known, ", ")))
}
