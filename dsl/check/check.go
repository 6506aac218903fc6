package check

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/conf"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// checker resolves names, builds the ruleset's types and compiles every
// expression, collecting all diagnostics rather than stopping at the first.
type checker struct {
	f        *syntax.File
	m        *Model
	u        *Universe
	diags    diag.Diagnostics
	quiet    int // >0 while a first pass only infers types
	funcOpts []expr.Option
	funcs    map[string]bool
	emitted  map[string]bool
	refs     []refUse
	held     *heldParams             // the actions' parameters by name, once made (act_held.go)
	configs  map[cfgKey]*conf.Config // expr-lang configurations (check_expr.go)
	fcfg     *conf.Config            // the configuration without an environment, for fcfgN functions
	fcfgN    int
	// memo shares expression checks between the bodies of a file, and
	// between the files of a lint run; sig names the functions declared
	// so far in it.
	memo *Linter
	sig  int
	used map[string]bool // usedNames, once made
	// usedDropped are the names usedNames counts as used that only
	// declarations a variant removed or overrode use (unused_dropped.go).
	usedDropped map[string]bool
	// unused are the warnings of declarations whose names occur once in
	// the files (usedNames), by name: a variant that names one uses it
	// (layer.go).
	unused map[*diag.Diagnostic]string
	// atConsts is what checking a constant reads, once the constants are
	// checked (layer.go).
	atConsts  *constScope
	sugg      *suggester // the file's budget for "did you mean" (suggest.go)
	mapFaults mapFaults  // of the map being checked (encounter_map_faults.go)
	// roundBody: the body being checked is a phase's that runs each
	// round or each segment (Model.SegmentsBeforeRound1).
	roundBody bool
}

func (c *checker) errorf(code string, r diag.Range, hint, format string, args ...any) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...), Detail: hint, Subject: r}
	if c.quiet == 0 {
		c.diags = append(c.diags, d)
	}
	return d
}

// tidy trims every span of the diagnostics back over the white space
// and comments that the parser's end positions (the start of the next
// token) include.
func (c *checker) tidy() {
	for _, d := range c.diags {
		d.Subject = trimRange(d.Subject, c.f.Sources[d.Subject.Filename])
		if d.Related != nil {
			d.Related.Range = trimRange(d.Related.Range, c.f.Sources[d.Related.Range.Filename])
		}
	}
}

// limits are those of the run the check belongs to.
func (c *checker) limits() Limits { return c.memo.limits() }

func (c *checker) addDiag(d *diag.Diagnostic) {
	if c.quiet == 0 {
		c.diags = append(c.diags, d)
	}
}

func (c *checker) warnf(code string, r diag.Range, hint, format string, args ...any) *diag.Diagnostic {
	d := c.errorf(code, r, hint, format, args...)
	d.Severity = diag.Warning
	return d
}

func (c *checker) notef(code string, r diag.Range, hint, format string, args ...any) *diag.Diagnostic {
	d := c.errorf(code, r, hint, format, args...)
	d.Severity = diag.Note
	return d
}

// check is Options.Check, sharing expression checks through l (with
// the bodies of this file, and the other files of a lint run).
func check(f *syntax.File, l *Linter) (*Model, diag.Diagnostics) {
	c := checkFile(f, l)
	return c.m, c.diags.Sort()
}

// checkFile checks a ruleset and gives the checker, its findings tidied.
func checkFile(f *syntax.File, l *Linter) *checker {
	c := &checker{f: f, funcs: map[string]bool{}, emitted: map[string]bool{}, memo: l, sugg: newSuggester()}
	c.m = newModel(f)
	c.checkRuleset()
	c.tidy()
	return c
}

// newModel is the model of a file before anything is checked.
func newModel(f *syntax.File) *Model {
	m := &Model{
		File: f, Segments: 1,
		Events: map[string]*Event{}, Actions: map[string]*Action{},
		Tables: map[string]*Table{}, Modifiers: map[string]*Modifiers{}, Funcs: map[string]*Func{},
		Exprs: map[*syntax.Expr]*CExpr{}, Locals: map[*syntax.Name]*FrameField{},
		Assigns: map[*syntax.AssignStmt]*Target{}, Logs: map[*syntax.LogStmt]*Template{},
		Emits: map[*syntax.EmitStmt]*Event{}, Applies: map[*syntax.ApplyStmt]*Table{}, Loops: map[*syntax.ForStmt]*FrameField{},
		Orders: map[string]*PairOrder{}, OrderUses: map[*syntax.ForStmt]*PairOrder{},
		GroupOrders: map[*syntax.GroupStmt]*PairOrder{},
		Returns:     map[*syntax.ReturnStmt]*Func{}, Calls: map[*syntax.CallStmt]*Func{}, // v2: proc.go
		// v2 item 3: point.go
		Points: map[string]*Point{}, Interrupts: map[*syntax.InterruptStmt]*Interrupt{}, CancelsPending: map[*syntax.CancelPendingStmt]*Reaction{},
	}
	m.low = &lowering{m: m}
	return m
}

func (c *checker) checkRuleset() {
	var header *syntax.RulesetDecl
	for _, d := range c.f.Decls {
		switch {
		case d.Ruleset != nil:
			if header != nil {
				c.errorf(diag.CodeDuplicate, syntax.RangeAt(d.Pos, "ruleset"), "a file holds one ruleset; move the other to its own file", "second ruleset header")
				continue
			}
			header = d.Ruleset
		case d.Override || d.Remove != nil:
			word := "override"
			if d.Remove != nil {
				word = "remove"
			}
			c.errorf(diag.CodeOverride, syntax.RangeAt(d.Pos, word), `a variant names its base in the header: extends "base.fray"`, "%s in a ruleset that extends no other", word)
		case d.Encounter != nil, d.Side != nil, d.Script != nil, d.Ruling != nil, d.Map != nil:
			c.errorf(diag.CodeScope, syntax.RangeAt(d.Pos, firstWord(d)), "encounters (sides, rounds, rulings) go in their own file that names this ruleset with `rules`", "encounter declaration in a rule file")
		}
	}
	if header == nil {
		c.errorf(diag.CodeMissingHeader, syntax.RangeOf(lexer.Position{Filename: c.f.Name, Line: 1, Column: 1}, lexer.Position{}),
			`start the file with ruleset "Name" { source "..." covers "..." }`, "missing ruleset header")
		return
	}
	c.m.Name = string(header.Name)
	c.buildTypes()
	defaultAction := c.checkHeader(header)
	c.buildGlobals()
	c.declareRefFuncs()  // v2: refs.go
	c.declareJoinFuncs() // entity_lists.go
	c.declareOptFuncs()  // v2: optional.go
	c.declareOrFuncs()   // v2: optional.go
	// The library before the constants: a constant's a / b, int(x), s + t
	// or l == m becomes a call of one of its internal functions (__div,
	// __int, __str, __eq), which a constant may use though it calls
	// nothing (rollOrCall refuses the library's own names first).
	c.registerStdlib()
	c.checkConsts()
	c.atConsts = c.constScope()
	c.declareTables()
	c.declareModifiers()
	c.declareFuncs()
	c.declareEvents()
	c.declarePoints() // v2 item 3: point.go
	c.declareActions()
	c.checkSlots()        // slots.go
	c.checkOrders()       // v2 (part B): before the bodies that use them
	c.declareConditions() // conditions.go
	c.checkTables()
	c.checkModifiers()
	c.checkFuncs()
	c.checkEventTemplates()
	c.checkPointTemplates() // v2 item 3
	c.checkActions()
	c.checkHandlers()
	c.checkReactions() // v2 item 3
	c.checkPhases()
	c.checkEnd()
	c.checkAttrDefaults()
	c.checkHasNames() // conditions.go
	c.checkUnusedConditions()
	if defaultAction != nil {
		if a, ok := c.m.Actions[defaultAction.Text]; ok {
			c.m.Default = a
			a.Used = true
		} else {
			c.errorf(diag.CodeUnknownAction, syntax.RangeAt(defaultAction.Pos, defaultAction.Text), c.didYouMean(defaultAction.Text, keys(c.m.Actions), "declare it with `action "+defaultAction.Text+" { ... }`"),
				"default action %q is not defined", defaultAction.Text)
		}
	}
	c.checkUnused()
	c.checkUnusedPoints() // v2 item 3
	c.lintRuleset()
	c.lintRanges() // v2 (part B)
	c.lintOrders()
	c.checkDiceClaims()
	c.m.funcOpts, c.m.funcs, c.m.sig, c.m.memo = c.funcOpts, c.funcs, c.sig, c.memo
}

// CompileQuestion compiles an expression given outside any file (on the
// command line, say) against the ruleset's globals: sides, combatants,
// round, constants and every function. name labels its diagnostics.
func (m *Model) CompileQuestion(name, text string, want *Type) (*CExpr, diag.Diagnostics) {
	f := &syntax.File{Name: name, Src: text, Sources: map[string]string{name: text}}
	c := &checker{f: f, m: m, u: m.U, funcOpts: m.funcOpts, funcs: m.funcs, emitted: map[string]bool{}, memo: m.memo, sig: m.sig, sugg: newSuggester()}
	e, err := exprAt(lexer.Position{Filename: name, Line: 1, Column: 1}, text)
	if err != nil {
		return nil, diag.Diagnostics{syntax.SyntaxDiag(name, text, err)}
	}
	if e == nil {
		return nil, diag.Diagnostics{{Severity: diag.Error, Code: diag.CodeSyntax, Summary: "empty expression", Subject: syntax.RangeAt(lexer.Position{Filename: name, Line: 1, Column: 1}, " ")}}
	}
	ce := c.compile(e, m.Globals, nil, want)
	c.tidy()
	return ce, c.diags.Sort()
}

func firstWord(d *syntax.Decl) string {
	switch {
	case d.Encounter != nil:
		return "encounter"
	case d.Side != nil:
		return "side"
	case d.Script != nil:
		if d.Script.Surprise {
			return "surprise"
		}
		return "round"
	case d.Ruling != nil:
		return "ruling"
	case d.Map != nil:
		return "map"
	}
	return "x"
}

var mechanicID = regexp.MustCompile(`^[0-9]{3}-[0-9]{2}$`)

func (c *checker) checkHeader(h *syntax.RulesetDecl) *syntax.Name {
	var def *syntax.Name
	seen := map[string]*syntax.HeaderField{}
	for _, fld := range h.Fields {
		r := syntax.RangeAt(fld.Pos, fld.Key)
		if prev, ok := seen[fld.Key]; ok {
			d := c.errorf(diag.CodeDuplicate, r, "give each header field once", "header field %q given twice", fld.Key)
			d.Related = &diag.Related{Message: "first given here", Range: syntax.RangeAt(prev.Pos, prev.Key)}
			continue
		}
		seen[fld.Key] = fld
		switch fld.Key {
		case "source":
			if s, ok := c.oneString(fld); ok {
				c.m.Source = s
			}
		case "covers":
			for _, v := range fld.Values {
				if v.String == nil || !mechanicID.MatchString(string(*v.String)) {
					c.errorf(diag.CodeMechanicUnknown, syntax.RangeOf(v.Pos, v.EndPos), `mechanic ids look like "002-07"`, "malformed mechanic id %s", valueText(v))
					continue
				}
				c.m.Covers = append(c.m.Covers, string(*v.String))
			}
		case "segments":
			if n, ok := c.oneInt(fld); ok {
				if n < 1 || n > 1000 {
					c.errorf(diag.CodeBadHeader, syntax.RangeOf(fld.Values[0].Pos, fld.Values[0].EndPos), "a round has 1 to 1000 segments", "segments must be 1 to 1000, not %d", n)
				} else {
					c.m.Segments = n
				}
			}
		case "tracker":
			c.checkTracker(fld) // tracker.go
		case "referee":
			if s, ok := c.oneString(fld); ok {
				if strings.TrimSpace(s) == "" {
					c.errorf(diag.CodeBadHeader, syntax.RangeOf(fld.Values[0].Pos, fld.Values[0].EndPos), `name who rolls for the table: referee "the DM"`, "referee is empty")
				} else {
					c.m.Referee = s
				}
			}
		case "extends":
			// Resolved by the loader before checking.
		case "default":
			if len(fld.Values) != 1 || fld.Values[0].Ident == nil {
				c.errorf(diag.CodeBadHeader, r, "write `default attack`, naming an action", "default takes one action name")
				continue
			}
			v := fld.Values[0]
			def = &syntax.Name{Pos: v.Pos, EndPos: v.EndPos, Text: *v.Ident}
		default:
			c.errorf(diag.CodeBadHeader, r, c.didYouMean(fld.Key, []string{"source", "covers", "segments", "default", "extends", "tracker", "referee"}, "the ruleset header knows source, covers, segments, default, tracker, referee and extends"),
				"unknown header field %q", fld.Key)
		}
	}
	return def
}

func (c *checker) oneString(fld *syntax.HeaderField) (string, bool) {
	if len(fld.Values) != 1 || fld.Values[0].String == nil {
		c.errorf(diag.CodeBadHeader, syntax.RangeAt(fld.Pos, fld.Key), fmt.Sprintf(`write %s "text"`, fld.Key), "%s takes one string", fld.Key)
		return "", false
	}
	return string(*fld.Values[0].String), true
}

func (c *checker) oneInt(fld *syntax.HeaderField) (int, bool) {
	if len(fld.Values) != 1 || fld.Values[0].Number == nil {
		c.errorf(diag.CodeBadHeader, syntax.RangeAt(fld.Pos, fld.Key), fmt.Sprintf("write %s 10", fld.Key), "%s takes one whole number", fld.Key)
		return 0, false
	}
	n, err := fld.Values[0].Number.Int()
	if err != nil {
		c.errorf(diag.CodeBadHeader, syntax.RangeOf(fld.Values[0].Pos, fld.Values[0].EndPos), "use a whole number", "%s", err)
		return 0, false
	}
	return n, true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := keys(m)
	sort.Strings(out)
	return out
}
