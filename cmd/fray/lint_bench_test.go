package main

import (
	"testing"

	"github.com/frayrules/fray/dsl"
)

// BenchmarkLintCommand lints rules/ as fray lint rules does: every file,
// as many at once as there are processors, one dsl.Linter for the run.
// The process around it (start, first use of the grammars, a fresh
// heap) is not measured here; docs/performance.md times the command.
func BenchmarkLintCommand(b *testing.B) {
	old := dsl.Root
	dsl.Root = "../.."
	defer func() { dsl.Root = old }()
	files, err := collectFiles([]string{"../../rules"})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if d := lintAll(files, dsl.Sources{}); d.HasErrors() {
			b.Fatal(d)
		}
	}
}
