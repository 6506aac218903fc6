package syntax

import (
	"fmt"
	"github.com/frayrules/fray/dsl/diag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// parseWith parses src with the statement dispatch on or off and
// describes the outcome: the declarations and whether it parsed, or
// the diagnostics.
func parseWith(dispatch bool, src string) (decls []*Decl, ok bool, diags string) {
	defer func(old bool) { stmtDispatch = old }(stmtDispatch)
	stmtDispatch = dispatch
	f, ds := Parse("p.fray", src)
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s %v-%v %s | %s\n", d.Code, d.Subject.Start, d.Subject.End, d.Summary, d.Detail)
	}
	if f == nil {
		return nil, false, b.String()
	}
	return f.Decls, true, b.String()
}

// sameParse fails the test unless both parses of src accept it with
// the same tree, or both refuse it with one syntax error.
func sameParse(t *testing.T, what, src string) {
	t.Helper()
	d1, ok1, e1 := parseWith(true, src)
	d0, ok0, e0 := parseWith(false, src)
	if ok1 != ok0 {
		t.Fatalf("%s: the dispatch reports\n%s\nthe disjunction reports\n%s\nsource:\n%s", what, e1, e0, src)
	}
	if !ok1 {
		for _, e := range []string{e1, e0} {
			if strings.Count(e, "\n") != 1 || !strings.HasPrefix(e, diag.CodeSyntax+" ") {
				t.Fatalf("%s: not one syntax error:\n%s\nsource:\n%s", what, e, src)
			}
		}
		return
	}
	if !reflect.DeepEqual(d1, d0) {
		t.Fatalf("%s: the syntax trees differ\nsource:\n%s", what, src)
	}
}

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

// TestStmtDispatchIsTheDisjunction parses every .fray file of the
// repository, and damaged copies of every declaration of the rule files
// (a word dropped, or a stray word or = put in, at many places), with
// Stmt.Parse's dispatch and with participle's disjunction: both accept
// the same files with the same trees.
func TestStmtDispatchIsTheDisjunction(t *testing.T) {
	eachDamaged(t, []string{"zap", "="}, func(what, src string) { sameParse(t, what, src) })
}

// FuzzStmtDispatch compares the two parses on any text.
func FuzzStmtDispatch(f *testing.F) {
	for _, pat := range []string{"../../rules/*.fray", "../../testdata/bad/*.fray"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			data, _ := os.ReadFile(name)
			f.Add(string(data))
		}
	}
	f.Add("phase p each round { log = 1\n if = 2\n let let = 3\n return }")
	f.Fuzz(func(t *testing.T, src string) {
		sameParse(t, "fuzz", src)
	})
}
