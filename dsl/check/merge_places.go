package check

import (
	"fmt"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// checkPlaces reports the phase places of a merged ruleset that do not
// hold. Places are applied in the order written, so `phase a ... before
// b` followed by `phase b ... before a` leaves a after b without a word:
// the homebrewer asked for two things and got the second. A phase
// placed before or after itself is an error; a place undone by a later
// place of the same file is a warning at the place that no longer
// holds. A place undone by another file of the chain is not reported:
// a variant that moves its base's phase means to.
func checkPlaces(decls []*syntax.Decl) diag.Diagnostics {
	var diags diag.Diagnostics
	index := map[string]int{}  // a phase's place in the run order
	twice := map[string]bool{} // declared twice: F104 says so, places aside
	for i, d := range decls {
		if d.Phase != nil {
			if _, ok := index[d.Phase.Name]; ok {
				twice[d.Phase.Name] = true
			} else {
				index[d.Phase.Name] = i
			}
		}
	}
	for i, d := range decls {
		ph := d.Phase
		if ph == nil || ph.Place == "" || twice[ph.Name] {
			continue
		}
		subject := syntax.RangeAt(ph.Pos, "phase "+ph.Name)
		if ph.Anchor == ph.Name {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeBadHeader,
				Summary: fmt.Sprintf("phase %s is placed %s itself", ph.Name, ph.Place),
				Detail:  fmt.Sprintf("name another phase, or leave out `%s %s`", ph.Place, ph.Anchor),
				Subject: subject})
			continue
		}
		j, ok := index[ph.Anchor]
		if !ok || (ph.Place == "before") == (i < j) {
			continue
		}
		anchor := decls[j]
		if anchor.Pos.Filename != d.Pos.Filename {
			continue
		}
		diags = append(diags, &diag.Diagnostic{Severity: diag.Warning, Code: diag.CodeBadHeader,
			Summary: fmt.Sprintf("phase %s runs %s %s, though it is placed %s it", ph.Name, opposite(ph.Place), ph.Anchor, ph.Place),
			Detail:  "places are applied in the order written, and a later place moved one of the two; keep one of the places",
			Subject: subject,
			Related: &diag.Related{Message: "phase " + ph.Anchor + " is declared here",
				Range: syntax.RangeAt(anchor.Pos, "phase "+ph.Anchor)}})
	}
	return diags
}

// opposite is after for before and before for after.
func opposite(place string) string {
	if place == "before" {
		return "after"
	}
	return "before"
}
