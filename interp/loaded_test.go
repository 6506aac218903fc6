package interp

import (
	"sync"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// loaded is a file of the repository checked and lowered once for every
// test that plays it: checking and lowering are most of what the
// differential tests (quiet against logged, native against the VM, the
// runner against fresh runs) spend on a small fight. A plan is read-only
// once lowered (Simulate's workers share one), so the tests share it;
// a test that changes an encounter or a model loads its own.
type loaded struct {
	enc   *check.Encounter
	m     *check.Model // the file's ruleset, for loadedRuleset
	diags diag.Diagnostics
	plan  *Plan        // nil when the file does not check
	vm    func() *Plan // every expression in expr-lang's VM, made on first use
}

// loadedFiles holds a func() *loaded a file, by kind and path.
var loadedFiles sync.Map

// loadedEncounter is check.LoadEncounter of path, lowered, shared.
func loadedEncounter(path string) *loaded {
	f, _ := loadedFiles.LoadOrStore("encounter "+path, sync.OnceValue(func() *loaded {
		enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
		l := &loaded{enc: enc, diags: diags}
		if !diags.HasErrors() && enc != nil && enc.Rules != nil {
			l.lower(enc.Rules)
		}
		return l
	}))
	return f.(func() *loaded)()
}

// loadedRuleset is check.LoadRuleset of path, lowered, shared.
func loadedRuleset(path string) *loaded {
	f, _ := loadedFiles.LoadOrStore("ruleset "+path, sync.OnceValue(func() *loaded {
		m, diags := check.UnderRoot("..").LoadRuleset(path, diag.Sources{})
		l := &loaded{m: m, diags: diags}
		if !diags.HasErrors() && m != nil {
			l.lower(m)
		}
		return l
	}))
	return f.(func() *loaded)()
}

// lower makes the plans of m: the native one now, the VM's when asked.
func (l *loaded) lower(m *check.Model) {
	l.plan = Lower(m)
	l.vm = sync.OnceValue(func() *Plan { return lower(m, false, false) })
}
