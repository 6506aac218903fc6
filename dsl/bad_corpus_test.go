package dsl_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/bad")

// badDir holds broken rule and encounter files, one or a few problems
// each, with the text diagnostics fray lint should print in X.golden.
// Helper rulesets that encounters name live in testdata/bad/lib and are
// not part of the corpus.
const badDir = "../testdata/bad"

func TestBadCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(badDir, "*.fray"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("the corpus has %d files, want at least 40", len(files))
	}
	for _, path := range files {
		path := filepath.ToSlash(path)
		t.Run(strings.TrimSuffix(filepath.Base(path), ".fray"), func(t *testing.T) {
			src := diag.Sources{}
			diags := check.UnderRoot("..").Lint(path, src)
			if len(diags) == 0 {
				t.Fatalf("%s: no diagnostics; a broken file must never pass", path)
			}
			for _, d := range diags {
				s := d.Subject
				if s.Filename == "" || s.Start.Line < 1 || s.Start.Column < 1 || d.Code == "" {
					t.Errorf("diagnostic without a place or code: %+v", d)
				}
				if s.End.Line < s.Start.Line || (s.End.Line == s.Start.Line && s.End.Column < s.Start.Column) {
					t.Errorf("diagnostic span runs backwards: %+v", d)
				}
				if filepath.IsAbs(s.Filename) {
					t.Errorf("absolute filename %q makes goldens unstable", s.Filename)
				}
				if d.Related != nil && (d.Related.Range.Filename == "" || d.Related.Range.Start.Line < 1 || d.Related.Range.Start.Column < 1) {
					t.Errorf("related place without a position: %+v", d.Related)
				}
			}
			var buf bytes.Buffer
			diag.WriteText(&buf, diags, src)
			got := buf.String()
			golden := strings.TrimSuffix(path, ".fray") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden (run go test ./dsl -run TestBadCorpus -update): %v", err)
			}
			if got != string(want) {
				t.Errorf("diagnostics of %s differ from %s\n--- got ---\n%s--- want ---\n%s", path, golden, got, want)
			}
		})
	}
}

// Every golden belongs to a corpus file, so that a renamed test case does
// not leave a stale golden behind.
func TestBadCorpusNoOrphanGoldens(t *testing.T) {
	goldens, err := filepath.Glob(filepath.Join(badDir, "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range goldens {
		if _, err := os.Stat(strings.TrimSuffix(g, ".golden") + ".fray"); err != nil {
			t.Errorf("%s has no .fray file", g)
		}
	}
}
