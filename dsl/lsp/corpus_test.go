package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// TestDiagnosticsEqualLintOnTheBadCorpus opens every file of the bad
// corpus (testdata/bad: one or more mistakes each, every code) and the
// hostile one (testdata/hostile: files written to crash or hang fray), and
// checks that what the server publishes for it is what fray lint
// reports of the file's own lines: the same codes, summaries, hints,
// severities and ranges, the ranges converted to UTF-16 here on their
// own from lint's byte offsets.
func TestDiagnosticsEqualLintOnTheBadCorpus(t *testing.T) {
	root := repoRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "testdata", "bad", "*.fray"))
	if err != nil || len(files) < 50 {
		t.Fatalf("the bad corpus: %d files, %v", len(files), err)
	}
	// And the files written to crash or hang fray.
	hostile, err := filepath.Glob(filepath.Join(root, "testdata", "hostile", "*.fray"))
	if err != nil || len(hostile) < 10 {
		t.Fatalf("the hostile corpus: %d files, %v", len(hostile), err)
	}
	files = append(files, hostile...)
	c := startServer(t)
	c.initialize()
	opts := check.Options{Root: root}
	codes := map[string]bool{}
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		uri, _ := c.open(filepath.ToSlash(rel))
		got := c.diagnostics(uri, 1)
		var want []*diag.Diagnostic
		for _, d := range opts.Lint(path, diag.Sources{}) {
			if d.Subject.Filename == path {
				want = append(want, d)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d diagnostics published, lint reports %d", rel, len(got), len(want))
			continue
		}
		for i, w := range want {
			g := got[i]
			msg := w.Summary
			if w.Detail != "" {
				msg += "\nhint: " + w.Detail
			}
			wantRange := Range{Start: utf16Position(text, w.Subject.Start.Byte), End: utf16Position(text, min(w.Subject.End.Byte, len(text)))}
			if g.Code != w.Code || g.Message != msg || g.Severity != severity(w.Severity) || g.Range != wantRange {
				t.Errorf("%s: diagnostic %d:\n got %s %q %d %+v\nwant %s %q %d %+v", rel, i, g.Code, g.Message, g.Severity, g.Range, w.Code, msg, severity(w.Severity), wantRange)
			}
			codes[w.Code] = true
		}
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
	t.Logf("%d files, %d codes", len(files), len(codes))
	if len(codes) < 20 {
		t.Errorf("the corpus exercised only %d codes", len(codes))
	}
}
