package play

import (
	"path"
	"sort"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// describe reads a file of the set and says what it is. A file that does
// not parse has no info; one whose ruleset has errors has no tables.
func describe(l *loader, name string) (*FileInfo, diag.Diagnostics) {
	f, diags := l.read(name)
	if f == nil || diags.HasErrors() {
		return nil, diags
	}
	fi := &FileInfo{Tables: []string{}}
	rules := name
	if check.IsEncounter(f) {
		fi.Kind = "encounter"
		h, named, at := check.EncounterHeader(f)
		if h != nil {
			fi.Name = string(h.Name)
		}
		if named == "" {
			return fi, diags
		}
		p, deny := l.resolve(name, named, at)
		if deny != nil {
			return fi, append(diags, deny)
		}
		fi.Imports, rules = p, p
	} else {
		fi.Kind = "ruleset"
		for _, d := range f.Decls {
			if d.Ruleset != nil {
				fi.Name = string(d.Ruleset.Name)
			}
		}
		if rel, at, ok := check.Extends(f); ok {
			p, deny := l.resolve(name, rel, at)
			if deny != nil {
				return fi, append(diags, deny)
			}
			fi.Imports = p
		}
	}
	m, more := l.ruleset(rules)
	if m != nil {
		for t, tab := range m.Tables {
			if tab.Dice != nil {
				fi.Tables = append(fi.Tables, t)
			}
		}
		sort.Strings(fi.Tables)
	}
	return fi, append(diags, more...).Sort()
}

// Example is one entry of the page's example picker: an encounter played
// under a rule file, its own or a variant of it (as with --rules).
type Example struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Encounter string `json:"encounter"`
	Rules     string `json:"rules"`
	// Base is the ruleset a variant extends; Variant is set when Rules
	// is not the ruleset the encounter names.
	Base    string `json:"base,omitempty"`
	Variant bool   `json:"variant,omitempty"`
}

// Examples lists what the file set offers: every encounter under its
// ruleset, then under each variant that extends that ruleset. Nothing
// here knows a ruleset: the pairs come from the files' headers.
func Examples(files Files) []Example {
	l := newLoader(files)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	infos := map[string]*FileInfo{}
	for _, n := range names {
		if fi, _ := describe(l, n); fi != nil {
			infos[n] = fi
		}
	}
	var out []Example
	for _, enc := range names {
		fi := infos[enc]
		if fi == nil || fi.Kind != "encounter" || infos[fi.Imports] == nil {
			continue
		}
		rules := infos[fi.Imports]
		out = append(out, Example{ID: slug(enc), Title: fi.Name + " (" + rules.Name + ")", Encounter: enc, Rules: fi.Imports, Base: rules.Imports})
		for _, v := range names {
			vi := infos[v]
			if vi != nil && vi.Kind == "ruleset" && vi.Imports == fi.Imports {
				out = append(out, Example{ID: slug(enc) + "~" + slug(v), Title: fi.Name + " (" + vi.Name + ")", Encounter: enc, Rules: v, Base: fi.Imports, Variant: true})
			}
		}
	}
	return out
}

// slug is a file's base name without .fray, for ids in links.
func slug(name string) string {
	return strings.TrimSuffix(path.Base(name), ".fray")
}
