package fraytest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/interp/fraytest"
)

// FuzzTestFile checks arbitrary test files, named as if they stood in
// testdata/tests (so that the encounters the seeds name are found), and
// runs the tests of those that check: every diagnostic has a place and a
// code, and nothing panics. Properties are not played: their fights are
// the runner's of fray sim, fuzzed with FuzzRun.
//
//	go test ./interp/fraytest -run '^$' -fuzz '^FuzzTestFile$' -fuzztime 60s -fuzzminimizetime 5s
func FuzzTestFile(f *testing.F) {
	// Two small seeds: every test of the repository already runs in
	// TestFrayTests, and each seed runs in go test.
	seeds := []string{filepath.Join(repo, "testdata", "tests", "features_test.fray"), filepath.Join(repo, "testdata", "bad", "test_file_errors.fray")}
	for _, p := range seeds {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	name := filepath.Join(repo, "testdata", "tests", "fuzz_test.fray")
	linter := check.UnderRoot(repo).NewLinter()
	runner := fraytest.NewRunner(fraytest.Options{Fight: interp.Options{MaxSteps: 200_000}})
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := syntax.Parse(name, src)
		if file == nil {
			return
		}
		tf, diags := linter.CheckTests(file, diag.Sources{})
		for _, d := range diags {
			if s := d.Subject; s.Filename == "" || s.Start.Line < 1 || s.Start.Column < 1 || d.Code == "" || d.Summary == "" {
				t.Fatalf("diagnostic without place, code or summary: %+v\nsource:\n%s", d, src)
			}
		}
		if tf == nil || diags.HasErrors() {
			return
		}
		kept := tf.Tests[:0]
		for _, tc := range tf.Tests {
			if !tc.Property {
				kept = append(kept, tc)
			}
		}
		tf.Tests = kept
		for _, o := range runner.RunFile(tf) {
			for _, fl := range o.Failures {
				if fl.At.Filename == "" || fl.Message == "" {
					t.Fatalf("failure without a place or message: %+v", fl)
				}
			}
		}
	})
}
