package cli

import (
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// BenchmarkLintCommand lints rules/ as fray lint rules does: every file,
// as many at once as there are processors, one check.Linter for the run.
// The process around it (start, first use of the grammars, a fresh
// heap) is not measured here: time the command itself for that (the
// last figures are in git show 59ce458~1:docs/performance.md).
func BenchmarkLintCommand(b *testing.B) {
	files := repoFiles(b, "rules")
	for b.Loop() {
		if d := lintAll(check.UnderRoot("../../.."), files, diag.Sources{}); d.HasErrors() {
			b.Fatal(d)
		}
	}
}

// repoFiles lists the .fray files of the repository's folders, with
// imports resolved from the repository's root for the test.
func repoFiles(tb testing.TB, dirs ...string) []string {
	var paths []string
	for _, d := range dirs {
		paths = append(paths, "../../../"+d)
	}
	files, refused, err := collectFiles("../../..", paths)
	if err != nil || len(refused) > 0 {
		tb.Fatal(err, refused)
	}
	return files
}
