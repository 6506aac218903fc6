package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2"
)

// stmtDisjunction is a Stmt parsed with participle's own disjunction
// of its forms (the statements inside its blocks are Stmts again, parsed
// by the dispatch): the reference each statement's dispatch is compared
// with, one statement at a time, so that no switch in the parser picks
// between the two.
type stmtDisjunction Stmt

type (
	oneStmt struct {
		S *Stmt `parser:"@@"`
	}
	oneStmtDisj struct {
		S *stmtDisjunction `parser:"@@"`
	}
)

var (
	dispatchStmtParser    = sync.OnceValue(func() *participle.Parser[oneStmt] { return participle.MustBuild[oneStmt](parserOptions()...) })
	disjunctionStmtParser = sync.OnceValue(func() *participle.Parser[oneStmtDisj] { return participle.MustBuild[oneStmtDisj](parserOptions()...) })
)

// parseStmtBoth parses src as one statement with the dispatch and with the disjunction.
func parseStmtBoth(src string) (fast *Stmt, ferr error, ref *Stmt, rerr error) {
	if f, err := dispatchStmtParser().ParseString("p.fray", src); err == nil {
		fast = f.S
	} else {
		ferr = err
	}
	if d, err := disjunctionStmtParser().ParseString("p.fray", src); err == nil && d.S != nil {
		ref = (*Stmt)(d.S)
		// The wrapper, not the choice of form, sets the statement's
		// own span: take the dispatch's.
		if fast != nil {
			ref.Pos, ref.EndPos = fast.Pos, fast.EndPos
		}
	} else {
		rerr = err
	}
	return
}

// sameStmt fails the test unless both parses of src accept it with the
// same tree, or both refuse it.
func sameStmt(t *testing.T, what, src string) {
	t.Helper()
	if _, err := Tokenize("p.fray", src); err != nil {
		return // not a question for the parser
	}
	fast, ferr, ref, rerr := parseStmtBoth(src)
	if (ferr == nil) != (rerr == nil) {
		t.Fatalf("%s: the dispatch says %v, the disjunction %v\nsource:\n%s", what, ferr, rerr, src)
	}
	if ferr != nil {
		return // both refuse it (where is the file parser's business: syntax_test.go)
	}
	if !reflect.DeepEqual(fast, ref) {
		t.Fatalf("%s: the syntax trees differ\nsource:\n%s", what, src)
	}
}

// statementsOf lists every statement of a parsed file, nested ones too.
func statementsOf(v reflect.Value, out *[]*Stmt) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if s, ok := v.Interface().(*Stmt); ok {
			*out = append(*out, s)
		}
		statementsOf(v.Elem(), out)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				statementsOf(v.Field(i), out)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			statementsOf(v.Index(i), out)
		}
	}
}

// alone is the text at [from, to) of src: a statement, which both
// parsers then read with the same positions.
func alone(src string, from, to int) string { return src[from:to] }

// repoFray is every .fray file of the repository's tests and rules.
func repoFray(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, pat := range []string{"../../rules/*.fray", "../../rules/*/*.fray", "../../testdata/*/*.fray", "../../testdata/*/*/*.fray", "../testdata/*/*.fray", "../../interp/testdata/*/*.fray"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = string(data)
		}
	}
	if len(out) < 20 {
		t.Fatalf("found only %d .fray files", len(out))
	}
	return out
}

// eachDamaged calls check with the repository's .fray files, then with
// damaged copies of every declaration of the rule files: at every
// eleventh token, the token dropped, or each of strays put before it.
func eachDamaged(t *testing.T, strays []string, check func(what, src string)) {
	t.Helper()
	files := repoFray(t)
	for name, src := range files {
		check(name, src)
	}
	rules, _ := filepath.Glob("../../rules/*.fray")
	damaged := 0
	for _, name := range rules {
		// Declarations are separated by blank lines; each parses alone.
		for _, decl := range strings.Split(files[name], "\n\n") {
			toks, err := Tokenize(name, decl)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(toks)-1; i += 11 {
				tk := toks[i]
				at, end := tk.Pos.Offset, tk.Pos.Offset+len(tk.Value)
				check(fmt.Sprintf("%s without %q", name, tk.Value), decl[:at]+decl[end:])
				for _, stray := range strays {
					check(fmt.Sprintf("%s with %q before %q", name, stray, tk.Value), decl[:at]+stray+" "+decl[at:])
				}
				damaged += 1 + len(strays)
			}
		}
	}
	if damaged < 1000 {
		t.Fatalf("only %d damaged declarations", damaged)
	}
}

// eachStatement calls check with every statement of the repository's
// .fray files, alone, then with damaged copies of the statements of the
// rule files: at every seventh token, the token dropped, or each of
// strays put before it.
func eachStatement(t *testing.T, strays []string, check func(what, src string)) {
	t.Helper()
	files := repoFray(t)
	checked, damaged := 0, 0
	for name, src := range files {
		f, diags := Parse(name, src)
		if f == nil || diags.HasErrors() {
			continue // wrong on purpose
		}
		var stmts []*Stmt
		statementsOf(reflect.ValueOf(f), &stmts)
		rule := strings.Contains(filepath.ToSlash(name), "/rules/")
		for _, st := range stmts {
			from, to := st.Pos.Offset, st.EndPos.Offset
			check(fmt.Sprintf("%s:%d", name, st.Pos.Line), alone(src, from, to))
			checked++
			if !rule {
				continue
			}
			toks, err := Tokenize(name, src[from:to])
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(toks)-1; i += 7 {
				tk := toks[i]
				at, end := from+tk.Pos.Offset, from+tk.Pos.Offset+len(tk.Value)
				check(fmt.Sprintf("%s:%d without %q", name, st.Pos.Line, tk.Value), alone(src[:at]+src[end:to], from, to-(end-at)))
				for _, stray := range strays {
					dam := src[:at] + stray + " " + src[at:to]
					check(fmt.Sprintf("%s:%d with %q before %q", name, st.Pos.Line, stray, tk.Value), alone(dam, from, len(dam)))
				}
				damaged += 1 + len(strays)
			}
		}
	}
	if checked < 1000 || damaged < 1000 {
		t.Fatalf("only %d statements and %d damaged statements", checked, damaged)
	}
}

// TestStmtDispatchIsTheDisjunction parses every statement of the
// repository's .fray files, and damaged copies of the rule files'
// statements (a word dropped, or a stray word or = put in, at many
// places), with Stmt.Parse's dispatch and with participle's disjunction:
// both accept the same statements with the same trees, and refuse the
// same others.
func TestStmtDispatchIsTheDisjunction(t *testing.T) {
	t.Parallel()
	eachStatement(t, []string{"zap", "="}, func(what, src string) { sameStmt(t, what, src) })
}

// FuzzStmtDispatch compares the two parses on any text of a statement.
func FuzzStmtDispatch(f *testing.F) {
	for _, s := range []string{"log = 1", "if = 2", "let let = 3", "return", "for c in combatants by c.hp desc { act c }",
		"if a { b = 1 } else if c { d = 2 } else { return }", "emit hit(self, foe, 3)", "schedule \"x\" for c after 2 { log \"y\" }",
		"while n > 0 { n -= 1 }", "while = 1", "for group g of c in l by c.hp desc { log \"x\" }", "for group in l { }", "for group of c in l { }",
		"apply condition x to c for 2 rounds", "apply condition to c", "remove condition x from c",
		"interrupt hits(self, foe, 3) { x = 1 } else { log \"no\" }", "interrupt hits(self)", "interrupt = 1", "cancel", "cancel \"x\" for c", "cancel = 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameStmt(t, "fuzz", src)
	})
}
