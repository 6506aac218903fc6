package play

import (
	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// lint checks each file of r.Lint as fray lint does: an encounter with
// its ruleset, a rule file with the bases it extends. A diagnostic found
// through two files (a ruleset's, checked alone and under its
// encounter) is reported once. With r.Path, the answer describes that
// file as info does.
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
	resp := &Response{Diagnostics: withText(all.Sort(), l.src)}
	if r.Path != "" {
		// What the page offers of this file (the tables prob can roll),
		// from the checks just made.
		resp.Info, _ = describe(l, r.Path)
	}
	return resp
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
