package dsl_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A variant overrides procedures (fns with statement bodies, language
// v2) like any fn: a procedure by a procedure, a procedure by an
// expression fn; and lint refuses an override whose fn is misspelled.
func TestVariantProcedures(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	v, diags := check.UnderRoot("..").LoadRuleset(filepath.Join(dir, "proc_variant.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	strike := v.Funcs["strike"]
	if strike == nil || strike.Block == nil || len(strike.Block.Stmts) != 5 {
		t.Errorf("the variant's strike (5 statements) replaces the base's")
	}
	if wf := v.Funcs["weakest_foe"]; wf == nil || wf.Block != nil || wf.Body == nil || wf.Body.Expr.Raw() != "first(living(enemies(c)))" {
		t.Errorf("an expression fn replaces the base's procedure weakest_foe")
	}
	if r := v.Funcs["report"]; r == nil || r.Block == nil || len(r.Block.Stmts) != 0 || r.Result != nil {
		t.Errorf("the variant's empty report replaces the base's")
	}
	src := diag.Sources{}
	path := filepath.Join(dir, "proc_bad_variant.fray")
	var buf bytes.Buffer
	diag.WriteText(&buf, check.UnderRoot("..").Lint(path, src), src)
	for _, want := range []string{"override of fn strik, which the base ruleset does not have [F403]", "did you mean strike?"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("missing %q in:\n%s", want, buf.String())
		}
	}
}
