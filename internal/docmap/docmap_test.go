package docmap

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestProblems runs the check on a package made for it: a file without
// an entry (mentioned in passing only), a file with two, a name that is
// no file, and the names Problems must not take for the package's files:
// another package's path, a pattern, a test file that exists.
func TestProblems(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"doc.go": `// Package p is mapped.
//
// run.go runs; see also other/pkg.go and the p_*.go files, and
// p_test.go.
//
//   - plan.go: the plan.
//   - plan.go: the plan again.
//   - gone.go: a file renamed.
//   - mem_safe.go: a build-tagged twin.
package p
`,
		"plan.go":     "package p\n",
		"run.go":      "package p\n",
		"mem_safe.go": "//go:build fray_safe\n\npackage p\n",
		"p_test.go":   "package p\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Problems(dir)
	if err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(dir, "doc.go")
	want := []string{
		doc + ": the package doc has 2 entries for plan.go: keep one",
		doc + ": the package doc has no entry for run.go: add its line (- run.go: what it holds) to the map",
		doc + ": the package doc names gone.go, which is no file of the package",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Problems:\n got %q\nwant %q", got, want)
	}
}
