package check

import (
	"fmt"
	"path/filepath"
	"slices"
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
	merged, diags := l.resolveExtends(f, src)
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

// resolveExtends merges the chain of bases a rule file extends into it,
// base first. The chain is read from top down, each base once, and is
// refused past the limit of its length (--max-extends) or where it
// comes back to a file on it.
func (l *Linter) resolveExtends(top *syntax.File, src diag.Sources) (*syntax.File, diag.Diagnostics) {
	chain, diags := l.resolveChain(top, src)
	if chain == nil {
		return nil, diags
	}
	merged, diags, walked := mergeChain(chain)
	l.mergeWalked.Add(int64(walked))
	return merged, diags
}

// resolveChain reads the chain of bases a rule file extends: the files,
// base first and the file last, or why they may not be merged.
func (l *Linter) resolveChain(top *syntax.File, src diag.Sources) ([]*syntax.File, diag.Diagnostics) {
	chain := []*syntax.File{top}
	visiting := map[string]bool{filepath.Clean(top.Name): true}
	for f := top; ; {
		rel, at, ok := Extends(f)
		if !ok {
			break
		}
		if d := ExtendsTooDeep(top, len(chain), l.limits().Extends, f.Name, rel); d != nil {
			return nil, diag.Diagnostics{d}
		}
		path, deny := l.resolveImport(f.Name, rel, at)
		if deny != nil {
			return nil, diag.Diagnostics{deny}
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
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeImportCycle, Summary: "import cycle: " + path + " extends, in the end, itself",
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
			return nil, diags
		}
		visiting[path] = true
		chain = append(chain, base)
		if d := ChainTooLarge(chain, l.limits().FileTokens); d != nil {
			return nil, diag.Diagnostics{d}
		}
		f = base
	}
	slices.Reverse(chain)
	return chain, nil
}

// ExtendsTooDeep refuses the extends of file from, which names rel, when
// the chain of extends from top already has depth of them, the limit
// (--max-extends). A chain is merged and checked whole for each file
// checked, so a folder of a chain of n variants costs n² without it.
// The refusal is placed at top's own extends, where an editor showing
// top's problems shows it.
func ExtendsTooDeep(top *syntax.File, depth, limit int, from, rel string) *diag.Diagnostic {
	if depth <= limit {
		return nil
	}
	_, at, _ := Extends(top)
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeLimit,
		Summary: fmt.Sprintf("the chain of rulesets this one extends: over the limit of %d (%s extends %q beyond it)", limit, from, rel),
		Detail:  "raise it with --max-extends if this is intended", Subject: at}
}

// ChainTooLarge refuses a chain of rule files, the file checked first,
// whose tokens together pass the limit of one file's (--max-file-tokens):
// the merged ruleset is checked as one file, and 64 bases of 4 MiB each
// made it 256 MiB (a lint of one such variant took minutes, each
// variant of the folder again). Placed at the checked file's extends.
func ChainTooLarge(chain []*syntax.File, limit int) *diag.Diagnostic {
	n := 0
	for _, f := range chain {
		toks := f.Tokens[f.Name]
		n += len(toks)
		if len(toks) > 0 && toks[len(toks)-1].Type == syntax.TokEOF {
			n-- // not the file's (as Parse counts)
		}
	}
	if n <= limit {
		return nil
	}
	top := chain[0]
	_, at, _ := Extends(top)
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeLimit,
		Summary: fmt.Sprintf("the tokens of this ruleset and those it extends, to %s: over the limit of %d", chain[len(chain)-1].Name, limit),
		Detail:  "raise it with --max-file-tokens if this is intended", Subject: at}
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
	if l.opts.Unscripted {
		f = f.WithoutScript()
	}
	enc, ediags := checkEncounter(f, m, l)
	enc.RulesPath = rulesPath
	if !fromHeader && named != "" && at.Filename != "" {
		if own, deny := l.resolveImport(f.Name, named, at); deny == nil && filepath.Clean(own) != filepath.Clean(rulesPath) {
			foreignRules(ediags, rulesPath, m.Name, at)
		}
	}
	return enc, append(diags, ediags...).Sort()
}

// foreignRules points each error about what the ruleset lacks (an
// attribute, an action, a choice) at the encounter's own rules line when
// the encounter was checked against another ruleset, given on the command
// line (run --rules, sim --compare): "combatant has no attribute
// familiar" alone read as wrong of the ruleset the header names, which
// has it (found comparing the sorcery homebrew with its base).
func foreignRules(ds diag.Diagnostics, rulesPath, name string, at diag.Range) {
	for _, d := range ds {
		switch d.Code {
		case diag.CodeUnknownField, diag.CodeUnknownAction, diag.CodeUnknownChoice:
		default:
			continue
		}
		if d.Severity == diag.Error && d.Related == nil {
			d.Related = &diag.Related{Message: fmt.Sprintf("checked against %s (%q), given on the command line, not the ruleset named here", rulesPath, name), Range: at}
		}
	}
}
