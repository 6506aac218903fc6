package main

import (
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// checkWhy vets fray run --why NAME: "all", or a combatant or side of the
// encounter. A misspelt name would explain nothing, silently; it is a
// usage error that lists the names there are.
func checkWhy(name string, enc *check.Encounter) error {
	if name == "" || name == interp.WhyAll {
		return nil
	}
	var known []string
	for _, s := range enc.Sides {
		if s.Name == name {
			return nil
		}
		known = append(known, s.Name)
		for _, c := range s.Combatants {
			if c.Name == name {
				return nil
			}
			known = append(known, c.Name)
		}
	}
	return usageErr("--why %s: the encounter has no combatant or side of that name; name one of %s, or all",
		interp.Printable(name), interp.Printable(strings.Join(known, ", ")))
}
