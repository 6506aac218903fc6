package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Limits bound what the checker accepts, on top of the parser's: no
// file may make it, or a later run, exhaust time or memory. Every limit
// has a flag that raises it, named in the diagnostic that reports it.
type Limits struct {
	syntax.Limits
	ExprNodes     int // syntax nodes of one compiled expression (--max-expr-tokens)
	Iterations    int // estimated steps of one expression's loops (--max-iterations)
	Combatants    int // combatants of an encounter (--max-combatants)
	Fights        int // fights one property of a test file plays (--max-fights)
	UnknownLength int // the length assumed for a list whose size is not known before running
	// Extends bounds a chain of extends from one ruleset (--max-extends):
	// each ruleset checked merges and checks its whole chain, so a folder
	// holding a chain of n variants is n²/2 declarations checked.
	Extends int
}

// DefaultLimits are generous for real play.
func DefaultLimits() Limits {
	return Limits{Limits: syntax.DefaultLimits(), ExprNodes: 10000,
		Iterations: 10_000_000, Combatants: 1000, Fights: 100_000, UnknownLength: 1000, Extends: 64}
}

// Options are what loading and checking depend on besides the files.
// The zero value is usable: the current directory as root, default
// limits.
type Options struct {
	// Root is the folder imports (a ruleset's extends, an encounter's
	// rules) must stay inside, after following symbolic links. Empty
	// means the current directory.
	Root string
	// Confine puts the files named directly (on the command line, found
	// by walking a folder, given as --rules) under Root as well: fray
	// sets it when --root is given.
	Confine bool
	// Limits in force; the zero value means DefaultLimits.
	Limits Limits
	// Unscripted loads encounters without their script, which is then
	// neither checked nor played (fray sim: its fights are unscripted).
	Unscripted bool
}

// withDefaults fills in what the zero value leaves to the defaults.
func (o Options) withDefaults() Options {
	if o.Limits == (Limits{}) {
		o.Limits = DefaultLimits()
	}
	return o
}

// Check checks a parsed rule file and returns its model with every
// diagnostic found. The model is usable only when there are no errors.
// A file that extends no other has its placed phases (phase c each round
// before a) put where they run first, as the loaders do; a merged chain
// (MergeChain's) has them there already.
func (o Options) Check(f *syntax.File) (*Model, diag.Diagnostics) {
	if _, _, extends := Extends(f); !f.Placed && !extends && placesPhases(f) {
		placed, diags, _ := mergeChain([]*syntax.File{f})
		m, more := check(placed, o.NewLinter())
		return m, append(diags, more...).Sort()
	}
	return check(f, o.NewLinter())
}

// ReadFile reads and parses one file, recording its text in src.
func (o Options) ReadFile(path string, src diag.Sources) (*syntax.File, diag.Diagnostics) {
	return o.NewLinter().readFile(path, src)
}

// LoadRuleset reads, parses and checks a rule file, with the rulesets it
// extends merged in.
func (o Options) LoadRuleset(path string, src diag.Sources) (*Model, diag.Diagnostics) {
	return o.NewLinter().loadRuleset(path, src)
}

// LoadEncounter reads an encounter and the ruleset it names (or rulesPath
// when given), checking both. Diagnostics of both files are returned.
func (o Options) LoadEncounter(path, rulesPath string, src diag.Sources) (*Encounter, diag.Diagnostics) {
	l := o.NewLinter()
	f, diags := l.readFile(path, src)
	if f == nil {
		return nil, diags
	}
	return l.loadEncounterFile(f, rulesPath, src)
}

// Lint checks one file of either kind and returns every diagnostic.
// To lint many files, a Linter shares their common work.
func (o Options) Lint(path string, src diag.Sources) diag.Diagnostics {
	return o.NewLinter().Lint(path, src)
}

// Syntax are the parser's limits.
func (lim Limits) Syntax() syntax.Limits { return lim.Limits }

// limits are the Linter's, or the defaults without one.
func (l *Linter) limits() Limits {
	if l == nil {
		return DefaultLimits()
	}
	return l.opts.Limits
}

// UnderRoot are the default options with root as the folder files must
// stay inside.
func UnderRoot(root string) Options { return Options{Root: root} }
