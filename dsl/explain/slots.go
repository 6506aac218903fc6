package explain

import (
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
)

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
