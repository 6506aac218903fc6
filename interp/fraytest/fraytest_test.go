package fraytest_test

import (
	"flag"
	"io/fs"

	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp/fraytest"
)

var update = flag.Bool("update", false, "rewrite the golden logs the fray tests name")

// repo is the repository root, seen from this package.
const repo = "../.."

// repoTestFiles are every *_test.fray file of the repository.
func repoTestFiles(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "script") {
			return filepath.SkipDir // txtar scripts hold their own
		}
		if !d.IsDir() && strings.HasSuffix(p, "_test.fray") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no *_test.fray files found")
	}
	return files
}

// TestFrayTests runs every test and property of the repository's
// *_test.fray files, as fray test does: the mechanics and worked
// examples of the shipped rulesets are stated there, not here.
// go test ./interp/fraytest -update rewrites the golden logs they name.
func TestFrayTests(t *testing.T) {
	linter := check.UnderRoot(repo).NewLinter()
	runner := fraytest.NewRunner(fraytest.Options{Update: *update})
	for _, path := range repoTestFiles(t) {
		tf, diags := linter.LoadTests(path, diag.Sources{})
		if diags.HasErrors() || tf == nil {
			t.Errorf("%s does not check: %v", path, diags)
			continue
		}
		for _, o := range runner.RunFile(tf) {
			t.Run(filepath.Base(path)+"/"+o.Name, func(t *testing.T) {
				if o.Result != fraytest.Pass {
					var b strings.Builder
					fraytest.WriteOutcome(&b, o, false)
					t.Error("\n" + b.String())
				}
			})
		}
	}
}

// The repository's test files are clean: no warning either (the notes
// of the rulesets they play, such as a tba table, are not theirs).
func TestFrayTestFilesLintClean(t *testing.T) {
	linter := check.UnderRoot(repo).NewLinter()
	for _, path := range repoTestFiles(t) {
		for _, d := range linter.Lint(path, diag.Sources{}) {
			if d.Severity != diag.Note {
				t.Errorf("%s: %v", path, d)
			}
		}
	}
}
