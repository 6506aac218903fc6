package check

import (
	"path/filepath"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

func (l *Linter) loadRuleset(path string, src diag.Sources) (*Model, diag.Diagnostics) {
	f, diags := l.readFile(path, src)
	if f == nil {
		return nil, diags
	}
	return l.checkRuleset(f, src)
}

func (l *Linter) checkRuleset(f *syntax.File, src diag.Sources) (*Model, diag.Diagnostics) {
	merged, _, diags := l.resolveExtends(f, f, src, map[string]bool{filepath.Clean(f.Name): true})
	if merged == nil {
		return nil, diags
	}
	// A variant's own mistakes do not stop the check of the merged rules:
	// report everything at once.
	m, more := check(merged, l)
	all := append(diags, more...).Sort()
	if all.HasErrors() {
		return nil, all
	}
	return m, all
}

// resolveExtends merges the chain of bases a rule file extends, base
// first. visiting holds the files on the chain, to report cycles. owned
// says the result is a merge of this call's own, which the next merge
// up the chain may take over (see merge); f itself is shared. top is
// the file checked, at the chain's start.
func (l *Linter) resolveExtends(top, f *syntax.File, src diag.Sources, visiting map[string]bool) (merged *syntax.File, owned bool, diags diag.Diagnostics) {
	rel, at, ok := Extends(f)
	if !ok {
		return f, false, nil
	}
	path, deny := l.resolveImport(f.Name, rel, at)
	if deny != nil {
		return nil, false, diag.Diagnostics{deny}
	}
	if visiting[path] {
		// A cycle back to the file checked is placed at its own
		// extends: each file of the cycle then reports it in itself.
		// At the extends that closed it, each file's check placed it in
		// another file of the cycle, and an editor with them all open
		// (which shows a file's problems from its own check) showed none.
		if path == filepath.Clean(top.Name) {
			if _, topAt, ok := Extends(top); ok {
				at = topAt
			}
		}
		return nil, false, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeImportCycle, Summary: "import cycle: " + path + " extends, in the end, itself",
			Detail: "a ruleset may not extend itself, directly or through others", Subject: at}}
	}
	base, diags := l.readFile(path, src)
	if base == nil {
		for _, d := range diags {
			if d.Code == diag.CodeRead {
				d.Summary = "cannot read the base ruleset " + path + ": " + strings.TrimPrefix(d.Summary, "cannot read file: ")
				d.Detail = "extends names a .fray file, relative to the file that extends it"
				d.Subject = at
			}
		}
		return nil, false, diags
	}
	visiting[path] = true
	base, baseOwned, diags := l.resolveExtends(top, base, src, visiting)
	if base == nil {
		return nil, false, diags
	}
	merged, more := merge(base, f, baseOwned)
	return merged, true, append(diags, more...)
}

// IsEncounter reports whether a parsed file is an encounter.
func IsEncounter(f *syntax.File) bool {
	h, _, _ := EncounterHeader(f)
	if h != nil {
		return true
	}
	// Without either header, sides and scripts make it an encounter.
	for _, d := range f.Decls {
		if d.Ruleset != nil {
			return false
		}
	}
	for _, d := range f.Decls {
		if d.Side != nil || d.Script != nil || d.Ruling != nil || d.Map != nil {
			return true
		}
	}
	return false
}

func (l *Linter) loadEncounterFile(f *syntax.File, rulesPath string, src diag.Sources) (*Encounter, diag.Diagnostics) {
	_, named, at := EncounterHeader(f)
	fromHeader := rulesPath == ""
	if rulesPath == "" {
		if f.IsTestFile() {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingHeader, Summary: "this is a test file, not an encounter",
				Detail: "run its tests with fray test", Subject: syntax.FileStart(f.Name)}}
		}
		if !IsEncounter(f) {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingHeader, Summary: "this is a rule file, not an encounter",
				Detail:  "run an encounter file, whose header names this ruleset with rules \"...\"",
				Subject: diag.Range{Filename: f.Name, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 2, Byte: 1}}}}
		}
		if h, _, _ := EncounterHeader(f); h == nil {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingHeader, Summary: "missing encounter header",
				Detail:  `start the file with encounter "Name" { rules "path/to/rules.fray" }`,
				Subject: diag.Range{Filename: f.Name, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 2, Byte: 1}}}}
		}
		if named == "" {
			if at.Filename == "" {
				at = syntax.RangeOf(lexer.Position{Filename: f.Name, Line: 1, Column: 1}, lexer.Position{})
			}
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingRules, Summary: "the encounter names no ruleset",
				Detail: `add rules "path/to/rules.fray" to the encounter header (fray run also takes --rules)`, Subject: at}}
		}
		p, deny := l.resolveImport(f.Name, named, at)
		if deny != nil {
			return nil, diag.Diagnostics{deny}
		}
		rulesPath = p
	}
	m, diags := l.loadRuleset(rulesPath, src)
	if diags.HasErrors() || m == nil {
		if fromHeader && len(diags) > 0 && diags[0].Code == diag.CodeRead && at.Filename != "" {
			diags[0].Subject = at
			diags[0].Summary = "cannot read the encounter's ruleset " + rulesPath + ": " + strings.TrimPrefix(diags[0].Summary, "cannot read file: ")
			diags[0].Detail = "the rules path is relative to the encounter file and names a .fray file"
		}
		return nil, diags
	}
	enc, ediags := checkEncounter(f, m, l)
	enc.RulesPath = rulesPath
	return enc, append(diags, ediags...).Sort()
}
