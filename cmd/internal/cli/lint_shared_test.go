package cli

import (
	"fmt"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// TestLintAllIsEachFileAlone checks that the shared work of a lint run
// (one check.Linter, files linted at once) changes no diagnostic: lintAll
// over the rules, the bad corpus and the encounters reports exactly what
// linting every file on its own reports. Run with -race, it also checks
// the sharing between the workers.
func TestLintAllIsEachFileAlone(t *testing.T) {
	files := repoFiles(t, "rules", "testdata/bad", "testdata/encounters", "testdata/variants")
	if len(files) < 50 {
		t.Fatalf("only %d files", len(files))
	}
	describe := func(ds diag.Diagnostics) []string {
		var out []string
		for _, d := range ds {
			out = append(out, fmt.Sprintf("%s %s %v-%v %s | %s", d.Severity, d.Code, d.Subject.Start, d.Subject.End, d.Summary, d.Detail))
		}
		return out
	}
	shared := describe(lintAll(check.UnderRoot("../../.."), files, diag.Sources{}))
	var alone diag.Diagnostics
	for _, f := range files {
		alone = append(alone, check.UnderRoot("../../..").Lint(f, diag.Sources{})...)
	}
	each := describe(alone.Sort())
	if len(shared) != len(each) {
		t.Fatalf("shared lint: %d diagnostics, each file alone: %d", len(shared), len(each))
	}
	for i := range shared {
		if shared[i] != each[i] {
			t.Fatalf("diagnostic %d differs:\nshared: %s\nalone:  %s", i, shared[i], each[i])
		}
	}
	if len(shared) < 50 {
		t.Fatalf("only %d diagnostics: the bad corpus should give many", len(shared))
	}
}
