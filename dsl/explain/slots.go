package explain

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// slotsText is the ruleset's slots as its slots block writes them ("" without).
func slotsText(slots []*check.Slot) string {
	var parts []string
	for _, s := range slots {
		parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.Count))
	}
	return strings.Join(parts, ", ")
}

// costsText is an action's " costs main or move, free" as written (""
// without costs: it takes the whole round).
func costsText(gs []*syntax.CostGroup) string {
	if len(gs) == 0 {
		return ""
	}
	var groups []string
	for _, g := range gs {
		var alts []string
		for _, a := range g.Alts {
			alts = append(alts, a.Text)
		}
		groups = append(groups, strings.Join(alts, " or "))
	}
	return " costs " + strings.Join(groups, ", ")
}
