package play

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Files is a file set: slash-separated paths under one root, to text.
type Files map[string]string

// loader reads, parses and checks files of a set, the way dsl/check's
// Linter does on disk (dsl/check/load.go, read.go), with the same
// diagnostics and codes.
type loader struct {
	files  Files
	lim    check.Limits
	src    diag.Sources // the texts read, for rendering diagnostics
	models map[string]checked
	// unscripted reads encounters without their script (sim).
	unscripted bool
}

// checked is a ruleset checked once per request: a lint of an encounter
// and its ruleset, and the tables the page offers, share it.
type checked struct {
	m     *check.Model
	diags diag.Diagnostics
}

func newLoader(files Files) *loader {
	return &loader{files: files, lim: check.DefaultLimits(), src: diag.Sources{}, models: map[string]checked{}}
}

// resolve turns an import written in file from into a path of the set.
func (l *loader) resolve(from, rel string, at diag.Range) (string, *diag.Diagnostic) {
	deny := func(summary string) (string, *diag.Diagnostic) {
		return "", &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeSandbox, Summary: summary,
			Detail: "imports are relative paths to files of the playground's file set", Subject: at}
	}
	if strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`) || (len(rel) > 1 && rel[1] == ':') {
		return deny(fmt.Sprintf("import %q is an absolute path", rel))
	}
	p := path.Clean(path.Join(path.Dir(from), rel))
	if p == ".." || strings.HasPrefix(p, "../") {
		return deny(fmt.Sprintf("import %q leads outside the root folder", rel))
	}
	return p, nil
}

// read parses one file of the set, within the size limit.
func (l *loader) read(name string) (*syntax.File, diag.Diagnostics) {
	at := syntax.FileStart(name)
	text, ok := l.files[name]
	if !ok {
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeRead, Summary: "cannot read file: no such file in the playground",
			Detail: "the files are those of the example picker; check the path", Subject: at}}
	}
	if len(text) > l.lim.FileSize {
		return nil, diag.Diagnostics{syntax.LimitDiag(at, "the file's size", l.lim.FileSize, "--max-file-size")}
	}
	l.src[name] = text
	return l.lim.Syntax().Parse(name, text)
}

// ruleset reads a rule file and checks it with the chain of bases it
// extends merged in, base first (check's loadRuleset).
func (l *loader) ruleset(name string) (*check.Model, diag.Diagnostics) {
	c, ok := l.models[name]
	if !ok {
		c.m, c.diags = l.checkRuleset(name)
		l.models[name] = c
	}
	// Callers reword some diagnostics: each gets its own copies.
	out := make(diag.Diagnostics, len(c.diags))
	for i, d := range c.diags {
		cp := *d
		out[i] = &cp
	}
	return c.m, out
}

func (l *loader) checkRuleset(name string) (*check.Model, diag.Diagnostics) {
	f, diags := l.read(name)
	if f == nil {
		return nil, diags
	}
	merged, more := l.extends(f)
	diags = append(diags, more...)
	if merged == nil {
		return nil, diags.Sort()
	}
	m, more := check.Options{Limits: l.lim}.Check(merged)
	diags = append(diags, more...).Sort()
	if diags.HasErrors() {
		return nil, diags
	}
	return m, diags
}

// extends merges the chain of bases top extends into it, base first,
// as dsl/check's resolveExtends does: read top down, each base once,
// refused past --max-extends or where it comes back to a file on it.
func (l *loader) extends(top *syntax.File) (*syntax.File, diag.Diagnostics) {
	chain := []*syntax.File{top}
	visiting := map[string]bool{top.Name: true}
	var read diag.Diagnostics // what reading the bases found
	for f := top; ; {
		rel, at, ok := check.Extends(f)
		if !ok {
			break
		}
		if d := check.ExtendsTooDeep(top, len(chain), l.lim.Extends, f.Name, rel); d != nil {
			return nil, append(read, d)
		}
		name, deny := l.resolve(f.Name, rel, at)
		if deny != nil {
			return nil, append(read, deny)
		}
		if visiting[name] {
			// A cycle back to the file checked is placed at its own extends,
			// as dsl/check places it: each file of the cycle reports it in
			// itself, so an editor showing a file's own problems shows it.
			if name == top.Name {
				if _, topAt, ok := check.Extends(top); ok {
					at = topAt
				}
			}
			return nil, append(read, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeImportCycle, Summary: "import cycle: " + name + " extends, in the end, itself",
				Detail: "a ruleset may not extend itself, directly or through others", Subject: at})
		}
		base, diags := l.read(name)
		if base == nil {
			for _, d := range diags {
				if d.Code == diag.CodeRead {
					d.Summary = "cannot read the base ruleset " + name
					d.Detail = "extends names a .fray file, relative to the file that extends it"
					d.Subject = at
				}
			}
			return nil, append(read, diags...)
		}
		visiting[name] = true
		read = append(read, diags...)
		chain = append(chain, base)
		if d := check.ChainTooLarge(chain, l.lim.FileTokens); d != nil {
			return nil, append(read, d)
		}
		f = base
	}
	slices.Reverse(chain)
	merged, diags := check.MergeChain(chain)
	return merged, append(read, diags...)
}

// encounter reads an encounter and the ruleset it names, or rules when
// that is given (the --rules of fray run), checking both.
func (l *loader) encounter(name, rules string) (*check.Encounter, diag.Diagnostics) {
	f, diags := l.read(name)
	if f == nil {
		return nil, diags
	}
	if diags.HasErrors() {
		return nil, diags
	}
	fileStart := syntax.FileStart(name)
	if !check.IsEncounter(f) {
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingHeader, Summary: "this is a rule file, not an encounter",
			Detail: "run an encounter file, whose header names this ruleset with rules \"...\"", Subject: fileStart}}
	}
	h, named, at := check.EncounterHeader(f)
	if h == nil {
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingHeader, Summary: "missing encounter header",
			Detail: `start the file with encounter "Name" { rules "path/to/rules.fray" }`, Subject: fileStart}}
	}
	fromHeader := rules == ""
	if fromHeader {
		if named == "" {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeMissingRules, Summary: "the encounter names no ruleset",
				Detail: `add rules "path/to/rules.fray" to the encounter header`, Subject: at}}
		}
		p, deny := l.resolve(name, named, at)
		if deny != nil {
			return nil, diag.Diagnostics{deny}
		}
		rules = p
	}
	m, more := l.ruleset(rules)
	if m == nil {
		if fromHeader && len(more) > 0 && more[0].Code == diag.CodeRead && more[0].Subject.Filename == rules {
			more[0].Subject = at
			more[0].Summary = "cannot read the encounter's ruleset " + rules
			more[0].Detail = "the rules path is relative to the encounter file and names a .fray file"
		}
		return nil, append(diags, more...).Sort()
	}
	if l.unscripted {
		f = f.WithoutScript()
	}
	enc, ediags := check.CheckEncounter(f, m)
	enc.RulesPath = rules
	return enc, append(append(diags, more...), ediags...).Sort()
}
