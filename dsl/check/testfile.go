package check

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// TestFile is a checked *_test.fray file: its test and property blocks,
// each with its encounter loaded and its expectations compiled.
type TestFile struct {
	Path  string
	Tests []*TestCase
}

// TestCase is one test or property block.
type TestCase struct {
	Name     string
	Property bool
	At       diag.Range // the block's name
	Decl     *syntax.TestDecl
	Enc      *Encounter // checked under Rules (the encounter's, or the rules setting's)
	EncPath  string
	Dice     []int // fixed dice (dice setting, else the encounter's)
	Seed     uint64
	HasSeed  bool
	Rounds   int    // 0: the encounter's
	Fights   int    // a property's number of seeded fights (default 100)
	After    string // stop after this set-up phase ("" plays the fight)
	Exact    bool   // a property over every sequence of the set-up's dice
	Golden   string // path of the expected text log
	GoldenAt diag.Range
	WantErr  []string // the fight must stop with an error containing these
	Proves   []string // the mechanic ids the test proves (proves "002-02", ...)
	ErrAt    diag.Range
	Expects  []*Expectation
	Env      *TestEnv
}

// Expectation is one expect line, compiled against the test's Env.
type Expectation struct {
	Expr    *syntax.Expr
	At      diag.Range
	Source  string      // the expression as written, on one line
	Program *vm.Program // evaluates to a bool
	// Written is the expression parsed alone, as written: what a failure
	// explains. Tree is the typed and patched tree, what its work is
	// estimated from; Program's has its whole-number arithmetic checked
	// besides (CompileExpect).
	Written, Tree ast.Node
	// Rates are a property's rate(COND) calls, each compiled as a
	// per-fight condition; their values fill Env.Rates before Program runs.
	Rates []*Expectation
	// MaxWork is --max-iterations and Unknown the length the check took
	// for a list of unknown length: the runner refuses an evaluation whose
	// ExpectWork over the fight passes MaxWork.
	MaxWork, Unknown int
}

// DefaultFights is a property's number of fights without a fights setting.
const DefaultFights = 100

// LoadTests reads and checks a test file.
func (l *Linter) LoadTests(path string, src diag.Sources) (*TestFile, diag.Diagnostics) {
	f, diags := l.readFile(path, src)
	if f == nil || diags.HasErrors() {
		return nil, diags
	}
	return l.checkTests(f, src)
}

// checkTests checks the test and property blocks of a parsed file. A
// test file may also hold one encounter (its header, sides, map,
// scripts and rulings): the fight of the tests that name none.
func (l *Linter) checkTests(f *syntax.File, src diag.Sources) (*TestFile, diag.Diagnostics) {
	tf := &TestFile{Path: f.Name}
	var diags diag.Diagnostics
	errAt := func(code string, r diag.Range, hint, format string, args ...any) {
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...), Detail: hint, Subject: r})
	}
	// The encounter part: everything but the tests, as a file of its own.
	inline := *f
	inline.Decls = nil
	for _, d := range f.Decls {
		switch {
		case d.Test != nil:
		case d.Encounter != nil || d.Side != nil || d.Script != nil || d.Ruling != nil || d.Map != nil:
			inline.Decls = append(inline.Decls, d)
		default:
			errAt(diag.CodeScope, syntax.RangeAt(d.Pos, firstWordOf(d)), "a test file holds test and property blocks and at most one encounter; put rules in a file of their own and name it in the encounter's header",
				"%s declaration in a test file", firstWordOf(d))
		}
	}
	var own *syntax.File
	if len(inline.Decls) > 0 {
		own = &inline
		if h, _, _ := EncounterHeader(own); h == nil {
			errAt(diag.CodeMissingHeader, syntax.RangeAt(inline.Decls[0].Pos, firstWordOf(inline.Decls[0])),
				`an encounter in a test file starts with its header: encounter "Name" { rules "path/to/rules.fray" }`, "encounter without a header in a test file")
			own = nil
		}
	}
	names := map[string]diag.Range{}
	sh := &testsShared{sugg: newSuggester(), encs: map[[2]string]loadedEncounter{}}
	for _, d := range f.Decls {
		if d.Test == nil {
			continue
		}
		t := d.Test
		at := syntax.RangeAt(t.Pos, t.Kind+" "+strconv.Quote(string(t.Name)))
		if prev, ok := names[string(t.Name)]; ok {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeDuplicate, Summary: fmt.Sprintf("two tests named %q", t.Name),
				Detail: "give each test of a file its own name: --run selects tests by name", Subject: at,
				Related: &diag.Related{Message: "first test of that name here", Range: prev}})
		} else {
			names[string(t.Name)] = at
		}
		tc, more := l.checkTest(f.Name, t, at, own, src, sh)
		diags = append(diags, more...)
		if tc != nil {
			tf.Tests = append(tf.Tests, tc)
		}
	}
	return tf, dedupe(diags).Sort()
}

// dedupe drops repeated diagnostics: an encounter in the test file is
// checked for each test that plays it.
func dedupe(ds diag.Diagnostics) diag.Diagnostics {
	seen := map[string]bool{}
	out := ds[:0]
	for _, d := range ds {
		k := fmt.Sprint(d.Code, d.Summary, d.Subject)
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

func firstWordOf(d *syntax.Decl) string {
	switch {
	case d.Ruleset != nil:
		return "ruleset"
	case d.Schema != nil:
		return d.Schema.Kind
	case d.Const != nil:
		return "const"
	case d.Event != nil:
		return "event"
	case d.Handler != nil:
		return "on"
	case d.Action != nil:
		return "action"
	case d.Table != nil:
		return "table"
	case d.Modifiers != nil:
		return "modifiers"
	case d.Func != nil:
		return "fn"
	case d.Phase != nil:
		return "phase"
	case d.End != nil:
		return "end"
	case d.Remove != nil:
		return "remove"
	}
	return firstWord(d)
}

// testSettings says which settings a block takes: test (t), property (p).
var testSettings = map[string]string{
	"encounter": "tp", "rules": "tp", "dice": "t", "seed": "tp", "rounds": "tp",
	"fights": "p", "after": "tp", "golden": "t", "error": "t", "proves": "tp",
}

func (l *Linter) checkTest(path string, t *syntax.TestDecl, at diag.Range, own *syntax.File, src diag.Sources, sh *testsShared) (*TestCase, diag.Diagnostics) {
	sugg := sh.sugg
	tc := &TestCase{Name: string(t.Name), Property: t.Kind == "property", At: at, Decl: t}
	var diags diag.Diagnostics
	errAt := func(code string, r diag.Range, hint, format string, args ...any) {
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...), Detail: hint, Subject: r})
	}
	kind := "t"
	if tc.Property {
		kind = "p"
	}
	fields := map[string]*syntax.HeaderField{}
	var encAt, rulesAt diag.Range
	var rulesRel string
	var exactAt diag.Range
	for _, it := range t.Items {
		switch {
		case it.Exact:
			exactAt = syntax.RangeAt(it.Pos, "exact")
			if !tc.Property {
				errAt(diag.CodeBadHeader, exactAt, "exact odds are a property's: write property \"...\" { exact ... }", "exact in a test")
			}
			tc.Exact = true
			continue
		case it.Field == nil:
			continue
		}
		fld := it.Field
		r := syntax.RangeAt(fld.Pos, fld.Key)
		takes, known := testSettings[fld.Key]
		if !known {
			var keys []string
			for k := range testSettings {
				keys = append(keys, k)
			}
			errAt(diag.CodeBadHeader, r, sugg.didYouMean(fld.Key, keys, "a test takes encounter, rules, dice, seed, rounds, after, golden, error, proves and expect; a property also fights and exact"), "unknown test setting %s", fld.Key)
			continue
		}
		if !strings.Contains(takes, kind) {
			errAt(diag.CodeBadHeader, r, "see docs/testing.md for what each block takes", "%s is not a setting of a %s", fld.Key, t.Kind)
			continue
		}
		if prev, ok := fields[fld.Key]; ok {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeDuplicate, Summary: fmt.Sprintf("second %s setting", fld.Key),
				Detail: "give each setting once", Subject: r, Related: &diag.Related{Message: "first here", Range: syntax.RangeAt(prev.Pos, prev.Key)}})
			continue
		}
		fields[fld.Key] = fld
		vr := syntax.RangeOf(fld.Values[0].Pos, fld.Values[len(fld.Values)-1].EndPos)
		str := func() (string, bool) {
			if len(fld.Values) != 1 || fld.Values[0].String == nil {
				errAt(diag.CodeBadHeader, vr, "write it as a quoted string", "%s takes one string", fld.Key)
				return "", false
			}
			return string(*fld.Values[0].String), true
		}
		num := func(lo int) (int, bool) {
			if len(fld.Values) != 1 || fld.Values[0].Number == nil {
				errAt(diag.CodeBadHeader, vr, "write it as a whole number", "%s takes one number", fld.Key)
				return 0, false
			}
			n, err := strconv.Atoi(fld.Values[0].Number.Text)
			if err != nil || fld.Values[0].Number.Neg || n < lo {
				errAt(diag.CodeBadHeader, vr, fmt.Sprintf("a whole number of at least %d", lo), "%s must be a whole number of at least %d", fld.Key, lo)
				return 0, false
			}
			return n, true
		}
		switch fld.Key {
		case "encounter":
			if s, ok := str(); ok {
				tc.EncPath, encAt = s, vr
			}
		case "rules":
			if s, ok := str(); ok {
				rulesRel, rulesAt = s, vr
			}
		case "dice":
			tc.Dice = []int{}
			for _, v := range fld.Values {
				if v.Number == nil || v.Number.Neg {
					errAt(diag.CodeDiceHeader, syntax.RangeOf(v.Pos, v.EndPos), "fixed dice are die results: 5, 4, 20", "a fixed die must be a whole number of at least 1")
					continue
				}
				n, err := strconv.Atoi(v.Number.Text)
				if err != nil || n < 1 {
					errAt(diag.CodeDiceHeader, syntax.RangeOf(v.Pos, v.EndPos), "fixed dice are die results: 5, 4, 20", "a fixed die must be a whole number of at least 1")
					continue
				}
				tc.Dice = append(tc.Dice, n)
			}
		case "seed":
			// Every seed fray run and an encounter take: 0 to 2^64-1.
			if len(fld.Values) != 1 || fld.Values[0].Number == nil {
				errAt(diag.CodeBadHeader, vr, "write it as a whole number", "%s takes one number", fld.Key)
				continue
			}
			n, err := strconv.ParseUint(fld.Values[0].Number.Text, 10, 64)
			if err != nil || fld.Values[0].Number.Neg {
				errAt(diag.CodeBadHeader, vr, "a whole number from 0 to 18446744073709551615", "seed must be a whole number from 0 to 2^64-1")
				continue
			}
			tc.Seed, tc.HasSeed = n, true
		case "rounds":
			if n, ok := num(1); ok {
				tc.Rounds = n
			}
		case "fights":
			if n, ok := num(1); ok {
				if max := cmp.Or(l.limits().Fights, DefaultLimits().Fights); n > max {
					d := syntax.LimitDiag(vr, fmt.Sprintf("a property's %d fights", n), max, "--max-fights")
					diags = append(diags, d)
				} else {
					tc.Fights = n
				}
			}
		case "after":
			if len(fld.Values) != 1 || fld.Values[0].Ident == nil {
				errAt(diag.CodeBadHeader, vr, "name a phase that runs once, before the first round: after surprise", "after takes a phase name")
			} else {
				tc.After = *fld.Values[0].Ident
			}
		case "golden":
			if s, ok := str(); ok {
				p, deny := l.resolveImport(path, s, vr)
				switch {
				case deny != nil:
					diags = append(diags, deny)
				case WritesOverRuleFile(p, path):
					errAt(diag.CodeBadHeader, vr, "a golden log is the text log fray test --update writes over it: name a file of its own, such as \"fight.golden\"", "golden %q names a rule file", s)
				default:
					tc.Golden, tc.GoldenAt = p, vr
				}
			}
		case "error", "proves":
			var list []string
			for _, v := range fld.Values {
				if v.String == nil {
					errAt(diag.CodeBadHeader, syntax.RangeOf(v.Pos, v.EndPos), "write each as a quoted string", "%s takes strings", fld.Key)
					continue
				}
				list = append(list, string(*v.String))
			}
			if fld.Key == "error" {
				tc.WantErr, tc.ErrAt = list, vr
			} else {
				tc.Proves = list
			}
		}
	}
	if tc.Property && tc.Fights == 0 {
		tc.Fights = DefaultFights
	}
	if tc.Exact && tc.After == "" {
		errAt(diag.CodeBadHeader, exactAt, "exact odds walk every sequence of the set-up's dice: add after PHASE", "exact needs after")
	}
	if tc.Exact && fields["fights"] != nil {
		errAt(diag.CodeBadHeader, syntax.RangeAt(fields["fights"].Pos, "fights"), "an exact property walks every sequence of dice; drop fights", "fights with exact")
	}
	nExpect := 0
	for _, it := range t.Items {
		if it.Expect != nil {
			nExpect++
		}
	}
	if nExpect == 0 && tc.Golden == "" && tc.WantErr == nil {
		errAt(diag.CodeScope, at, "add expect CONDITION, golden \"file\" or error \"text\": a test that checks nothing cannot fail", "%s %q expects nothing", t.Kind, t.Name)
	}
	if tc.EncPath == "" && own == nil {
		errAt(diag.CodeMissingHeader, at, `name the fight it plays: encounter "path/to/encounter.fray" (relative to this file), or write one encounter in the test file`, "%s %q names no encounter", t.Kind, t.Name)
		return nil, diags
	}
	rulesPath := ""
	if rulesRel != "" {
		p, deny := l.resolveImport(path, rulesRel, rulesAt)
		if deny != nil {
			return nil, append(diags, deny)
		}
		rulesPath = p
	}
	ef := own
	fromOwn := tc.EncPath == "" // the test file's own encounter
	encPath := path
	if fromOwn {
		tc.EncPath = path
		encAt = at
	} else {
		p, deny := l.resolveImport(path, tc.EncPath, encAt)
		if deny != nil {
			return nil, append(diags, deny)
		}
		encPath = p
	}
	// An encounter another file holds is loaded once for the run (the
	// Linter's), whatever test files name it; the file's own, once for
	// the file.
	enc, ediags, loaded := sh.encounter(encPath, rulesPath)
	if !loaded && !fromOwn {
		enc, ediags, loaded = l.sharedEncounter(encPath, rulesPath)
	}
	if !loaded {
		if !fromOwn {
			ef, ediags = l.readFile(encPath, src)
			if ef == nil || ediags.HasErrors() {
				return nil, append(diags, retarget(ediags, encAt, "the test's encounter "+tc.EncPath)...)
			}
		}
		enc, ediags = l.loadEncounterFile(ef, rulesPath, src)
		sh.keep(encPath, rulesPath, enc, ediags)
		if !fromOwn {
			l.keepEncounter(encPath, rulesPath, enc, ediags)
		}
	}
	if enc == nil || ediags.HasErrors() {
		if fromOwn {
			return nil, append(diags, ediags...)
		}
		return nil, append(diags, retarget(ediags, encAt, "the test's encounter "+tc.EncPath)...)
	}
	if fromOwn {
		diags = append(diags, ediags...) // notes and warnings of the file's own encounter
	}
	tc.Enc = enc
	if tc.Dice == nil && !tc.HasSeed {
		tc.Dice = enc.Dice
		tc.Seed, tc.HasSeed = enc.Seed, enc.HasSeed
	}
	if tc.After != "" && !setupPhase(enc.Rules, tc.After) {
		errAt(diag.CodeUnknownName, syntax.RangeAt(fields["after"].Values[0].Pos, tc.After),
			sugg.didYouMean(tc.After, setupPhases(enc.Rules), "after names a phase that runs once, before the first round"), "the ruleset has no set-up phase %s", tc.After)
	}
	// The expectations.
	rates := 0
	for _, it := range t.Items {
		if it.Expect != nil {
			rates = max(rates, len(rateCalls(it.Expect.Tokens)))
		}
	}
	tc.Env = testEnv(enc.Rules.U, enc, rates)
	for _, it := range t.Items {
		if it.Expect != nil {
			for _, n := range it.Expect.Names() {
				tc.Env.States = tc.Env.States || n == "after_round" || n == "after_segment"
			}
		}
	}
	for _, it := range t.Items {
		if it.Expect == nil {
			continue
		}
		ex, d := compileExpect(it.Expect, tc, enc.Rules.U, l.opts.Limits, sugg)
		diags = append(diags, d...)
		if ex != nil {
			tc.Expects = append(tc.Expects, ex)
		}
	}
	return tc, diags
}

// testsShared is what the tests of one file share: the budget for
// suggestions, and each encounter they name, loaded once (with the
// rules it is played under): three thousand tests of one encounter
// over a chain of 500 variants merged the chain 3000 times, past 20 s.
// A loaded encounter is only read afterwards, as a sim's fights share
// one.
type testsShared struct {
	sugg *suggester
	encs map[[2]string]loadedEncounter // by encounter and rules paths
}

type loadedEncounter struct {
	enc   *Encounter
	diags diag.Diagnostics
}

// encounter is the encounter at encPath played under rulesPath, if a
// test of the file loaded it already. Its diagnostics are a copy for
// the caller to append to.
func (sh *testsShared) encounter(encPath, rulesPath string) (*Encounter, diag.Diagnostics, bool) {
	e, ok := sh.encs[[2]string{encPath, rulesPath}]
	return e.enc, slices.Clone(e.diags), ok
}

func (sh *testsShared) keep(encPath, rulesPath string, enc *Encounter, diags diag.Diagnostics) {
	sh.encs[[2]string{encPath, rulesPath}] = loadedEncounter{enc, slices.Clone(diags)}
}

// sharedEncounter is the encounter at encPath played under rulesPath,
// if a test file of the run loaded it already: 2000 test files naming
// one encounter over a chain of 250 variants each loaded and lowered it
// again (20 s, 1.8 GB). Its diagnostics are a copy for the caller.
func (l *Linter) sharedEncounter(encPath, rulesPath string) (*Encounter, diag.Diagnostics, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.encs[[2]string{encPath, rulesPath}]
	return e.enc, slices.Clone(e.diags), ok
}

func (l *Linter) keepEncounter(encPath, rulesPath string, enc *Encounter, diags diag.Diagnostics) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.encs[[2]string{encPath, rulesPath}] = loadedEncounter{enc, slices.Clone(diags)}
}

// retarget keeps the diagnostics of an encounter a test names, and adds
// one at the test's setting when they are errors, so that the test file
// alone shows why its test cannot run.
func retarget(ds diag.Diagnostics, at diag.Range, what string) diag.Diagnostics {
	if !ds.HasErrors() {
		return ds
	}
	first := ds[0]
	for _, d := range ds {
		if d.Severity == diag.Error {
			first = d
			break
		}
	}
	where := first.Subject.Filename
	if first.Subject.Start.Line > 0 {
		where = fmt.Sprintf("%s:%d:%d", where, first.Subject.Start.Line, first.Subject.Start.Column)
	}
	return append(ds, &diag.Diagnostic{Severity: diag.Error, Code: first.Code, Summary: fmt.Sprintf("%s does not load: %s", what, first.Summary),
		Detail: "fix it at " + where + ", or name another file", Subject: at})
}

func setupPhase(m *Model, name string) bool {
	for _, n := range setupPhases(m) {
		if n == name {
			return true
		}
	}
	return false
}

func setupPhases(m *Model) []string {
	var out []string
	for _, ph := range m.Phases {
		if ph.When == Once {
			out = append(out, ph.Name)
		}
	}
	return out
}

// rateCalls finds rate( ... ) in an expression's tokens: the index of
// the name and of the closing parenthesis of each.
func rateCalls(toks []lexer.Token) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Type != syntax.TokIdent || toks[i].Value != "rate" || !syntax.IsPunct(toks[i+1], "(") {
			continue
		}
		depth := 0
		for j := i + 1; j < len(toks); j++ {
			if toks[j].Type != syntax.TokPunct {
				continue
			}
			switch toks[j].Value {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if depth == 0 {
				out = append(out, [2]int{i, j})
				i = j
				break
			}
		}
	}
	return out
}

// compileExpect compiles an expectation, its rate(...) calls apart.
func compileExpect(e *syntax.Expr, tc *TestCase, u *Universe, lim Limits, sugg *suggester) (*Expectation, diag.Diagnostics) {
	ex := &Expectation{Expr: e, At: syntax.RangeOf(e.Pos, e.EndPos), Source: e.Raw()}
	text, dice := e.Text()
	if len(dice) > 0 {
		for off, tok := range dice {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeExpr, Summary: "dice in an expectation",
				Detail: "an expectation reads the fight, it does not roll: compare with numbers", Subject: textRange(e, text, off, off+len([]rune(tok)))}}
		}
	}
	if d := tooLargeInt(e); d != nil {
		return nil, diag.Diagnostics{d}
	}
	calls := rateCalls(e.Tokens)
	if len(calls) > 0 && !tc.Property {
		t := e.Tokens[calls[0][0]]
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeScope, Summary: "rate in a test",
			Detail: "rate(COND) is the share of a property's fights in which COND holds: write property \"...\" { ... }", Subject: syntax.RangeAt(t.Pos, "rate")}}
	}
	// Each rate(COND) becomes the float field _rI, the same width, so
	// that expr-lang's positions in the rest still map to the file.
	runes := []rune(text)
	for i, c := range calls {
		closing := e.Tokens[c[1]]
		if c[1] == c[0]+2 {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeArgs, Summary: "rate needs a condition",
				Detail: "rate(COND) is the share of fights in which COND holds", Subject: syntax.RangeAt(closing.Pos, ")")}}
		}
		inner := &syntax.Expr{Tokens: e.Tokens[c[0]+2 : c[1]], Pos: e.Tokens[c[0]+2].Pos, EndPos: syntax.TokenEnd(e.Tokens[c[1]-1])}
		inner.Settle()
		rx, d := compileExpect(inner, &TestCase{Property: false, Env: tc.Env}, u, lim, sugg)
		if d != nil {
			return nil, d
		}
		ex.Rates = append(ex.Rates, rx)
		from := runeAt(e, text, e.Tokens[c[0]].Pos)
		to := runeAt(e, text, closing.Pos) + 1
		name := []rune(rateName(i))
		for k := from; k < to; k++ {
			switch {
			case k-from < len(name):
				runes[k] = name[k-from]
			case runes[k] != '\n':
				runes[k] = ' '
			}
		}
	}
	zero := reflect.New(tc.Env.R).Elem().Interface()
	ce, err := CompileExpect(string(runes), zero, expr.AsBool()) // expect_compile.go
	if err != nil {
		return nil, diag.Diagnostics{exprDiag(e, text, err, u, sugg)}
	}
	// expr-lang cannot be interrupted: an expectation's loops are bounded
	// before it runs, as a rule's are (events and the log count as lists
	// of unknown length).
	if n := iterations(ce.Tree, lim.UnknownLength); n > lim.Iterations {
		d := syntax.LimitDiag(syntax.RangeOf(e.Pos, e.EndPos), fmt.Sprintf("the expectation's loops (about %d steps)", n), lim.Iterations, "--max-iterations")
		return nil, diag.Diagnostics{d}
	}
	if len(e.Tokens) > lim.ExprTokens {
		return nil, diag.Diagnostics{syntax.LimitDiag(syntax.RangeOf(e.Pos, e.EndPos), "the expression's length", lim.ExprTokens, "--max-expr-tokens")}
	}
	ex.Written, ex.Tree, ex.Program = ce.Written, ce.Tree, ce.Program
	ex.MaxWork, ex.Unknown = lim.Iterations, lim.UnknownLength
	return ex, nil
}

// exprFields are the names expr-lang sees a struct's fields by.
func exprFields(t reflect.Type) []string {
	var names []string
	for f := range t.Fields() {
		if name := f.Tag.Get("expr"); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// runeAt is the rune offset in an expression's text (see Expr.Text) of
// a token's position p: the text starts at e.Pos's column, later lines
// at column 1.
func runeAt(e *syntax.Expr, text string, p lexer.Position) int {
	rel, col := p.Line-e.Pos.Line, p.Column
	if rel == 0 {
		col -= e.Pos.Column - 1
	}
	off := 0
	for i, line := range strings.Split(text, "\n") {
		if i == rel {
			return off + col - 1
		}
		off += len([]rune(line)) + 1
	}
	return off
}

// textRange maps rune offsets of an expression's text to the file. The
// text has the tokens at their lines and columns from the first token
// on (Expr.Text), so its bytes are the file's, but for what lay between
// tokens (a comment, a tab) that the text has as spaces.
func textRange(e *syntax.Expr, text string, from, to int) diag.Range {
	runes := []rune(text)
	pos := func(off int) diag.Pos {
		line, col := e.Pos.Line, e.Pos.Column
		for i, r := range runes {
			if i == off {
				break
			}
			if r == '\n' {
				line++
				col = 1
			} else {
				col++
			}
		}
		off = min(off, len(runes))
		b := e.Pos.Offset + len(string(runes[:max(0, off)]))
		return diag.Pos{Line: line, Column: col, Byte: b}
	}
	return diag.Range{Filename: e.Pos.Filename, Start: pos(from), End: pos(to)}
}

// exprDiag words expr-lang's complaint about an expectation.
func exprDiag(e *syntax.Expr, text string, err error, u *Universe, sugg *suggester) *diag.Diagnostic {
	var fe *file.Error
	d := &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeExpr, Summary: u.Friendly(err.Error()),
		Detail:  "an expectation is a condition over the fight: see docs/testing.md for events, the functions and the combatants by name",
		Subject: syntax.RangeOf(e.Pos, e.EndPos)}
	if !errors.As(err, &fe) {
		return d
	}
	msg := u.Friendly(fe.Message)
	from, to := fe.From, fe.To
	d.Summary = msg
	if m := reUnknownName.FindStringSubmatch(msg); m != nil {
		d.Code = diag.CodeUnknownName
		to = from + len([]rune(m[1]))
		var names []string
		for n := range testNames {
			names = append(names, n)
		}
		d.Detail = sugg.didYouMean(m[1], names, "an expectation sees events, log, sides, combatants, each combatant and side by name, and the functions of docs/testing.md")
	} else if m := reNoField.FindStringSubmatch(msg); m != nil {
		d.Code = diag.CodeUnknownField
		attrs := u.CombatantAttrs
		if m[1] == "side" {
			attrs = u.SideAttrs
		}
		var names []string
		for _, a := range attrs {
			names = append(names, a.Name)
		}
		d.Summary = fmt.Sprintf("%s has no attribute %s", m[1], m[2])
		d.Detail = noAttributeHint(m[1], m[2], names, sugg.didYouMean, "see the ruleset's %s { ... } block")
		if m[1] == "string" {
			// standing is a list of the names of the sides still
			// standing: standing[0].name is what a newcomer writes.
			d.Detail += "; standing holds the names of the sides still standing"
		}
		if m[1] == "event" { // check.TestEvent, as Universe.Friendly names it
			// events[i].args: the summary named fray's Go type
			// ("check.TestEvent has no attribute args") and the hint
			// the combatant block.
			d.Summary = fmt.Sprintf("an event has no field %s", m[2])
			d.Detail = sugg.didYouMean(m[2], exprFields(reflect.TypeFor[TestEvent]()), "an event of the log has the fields of docs/testing.md")
		}
		from = fieldOffset(e, from, m[2])
		to = from + len([]rune(m[2]))
	} else if s, h, n := operatorCall(text, msg, from); n > 0 { // operator_call.go
		d.Summary, d.Detail, to = s, h, from+n
	} else if strings.Contains(msg, "mismatched types") || strings.Contains(msg, "cannot use") || strings.Contains(msg, "expected bool") {
		d.Code = diag.CodeType
	} else if strings.Contains(msg, "not enough arguments") || strings.Contains(msg, "too many arguments") {
		d.Code = diag.CodeArgs
	}
	if to <= from {
		to = from + 1
	}
	d.Subject = textRange(e, text, from, to)
	return d
}

// CheckTests checks a test file already parsed (its imports are read
// from disk, relative to its name): LoadTests without the read.
func (l *Linter) CheckTests(f *syntax.File, src diag.Sources) (*TestFile, diag.Diagnostics) {
	return l.checkTests(f, src)
}

// expectOptions are the options an expectation compiles with besides its
// environment; fray test compiles a part of one with them again to show
// its value (the same string, the same findLast: CompileExpect).
func expectOptions() []expr.Option {
	return append([]expr.Option{expr.Patch(&findLastPatch{}), expr.DisableBuiltin("now"), expr.DisableBuiltin("date"), expr.DisableBuiltin("duration"),
		expr.Function("string", expectString, new(func(any) string)),
		expr.Function("type", func(p ...any) (any, error) { return stdlib.TypeName(p[0]), nil }, new(func(any) string)),
		expr.Patch(expectRangePatch{}), expr.Function(stdlib.RangeFunc, expectRange, new(func(int, int) []int)),
		expr.Patch(expectIntPatch{}), expr.Function(stdlib.IntFunc, expectInt, new(func(any) int))}, append(wholesOptions(), stdlib.OrderedMapOptions()...)...)
}

// expectString is string(x) in an expectation: x as a rule's string(x)
// and a log template print it (stdlib.TextTo: none as nothing, a list as
// [a, b], combatants and sides by name). expr-lang's printed their
// memory addresses, so a failure's "got" differed from run to run. Its
// size is bounded before the expectation runs (ExpectWork), so TextTo
// needs no limit of its own here.
func expectString(params ...any) (any, error) {
	var b strings.Builder
	stdlib.TextTo(&b, params[0], math.MaxInt)
	return b.String(), nil
}
