package play

import (
	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// lint checks each file of r.Lint as fray lint does: an encounter with
// its ruleset, a rule file with the bases it extends. A diagnostic found
// through two files (a ruleset's, checked alone and under its
// encounter) is reported once.
func lint(r *Request) *Response {
	l := newLoader(r.Files)
	var all diag.Diagnostics
	seen := map[diag.Diagnostic]bool{}
	for _, name := range r.Lint {
		for _, d := range lintOne(l, name) {
			key := *d
			key.Related = nil
			if !seen[key] {
				seen[key] = true
				all = append(all, d)
			}
		}
	}
	return &Response{Diagnostics: withText(all.Sort(), l.src)}
}

func lintOne(l *loader, name string) diag.Diagnostics {
	f, diags := l.read(name)
	if f == nil || diags.HasErrors() {
		return diags
	}
	if check.IsEncounter(f) {
		_, ds := l.encounter(name, "")
		return ds
	}
	_, ds := l.ruleset(name)
	return ds
}
