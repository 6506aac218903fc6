package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Every expression of the spec case fn_list_entity_args is native: a
// call of a fn whose parameter is a list of combatants or sides, with
// any native list of them (the spec runs the case both ways and holds
// the native plan to the VM's output). Such a call went to the VM, with
// everything around it (the ninth homebrew round's chariot: 15 of its
// 171 expressions).
func TestFnListArgsNative(t *testing.T) {
	t.Parallel()
	allNative(t, "fn_list_entity_args")
}

// allNative fails the test for every expression of the rule file of the
// spec case NAME that runs in expr-lang's VM (a range a loop counts
// apart).
func allNative(t *testing.T, name string) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("..", "testdata", "spec", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "rules.fray" {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	m, diags := check.UnderRoot(dir).LoadRuleset(filepath.Join(dir, "rules.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := Lower(m)
	for _, ce := range m.Exprs {
		if ce.Node == nil || ce.Expr == nil || plan.fast[ce.ID] != nil {
			continue
		}
		if lo, _ := plan.rangeBounds(ce); lo != nil {
			continue
		}
		text, _ := ce.Expr.Text()
		t.Errorf("%d:%d %s runs in expr-lang's VM", ce.Expr.Pos.Line, ce.Expr.Pos.Column, text)
	}
}
