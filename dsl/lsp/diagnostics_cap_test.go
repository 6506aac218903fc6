package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// unknownNames is a ruleset with n unknown names (F101 each), n/2 of
// them before a warning's worth of unused attributes.
func unknownNames(n int) string {
	var b strings.Builder
	b.WriteString("ruleset \"h\" {\n}\n\ncombatant {\n  hp: int = 1\n  unread: int = 0\n}\n\nphase p each round {\n")
	for i := range n {
		fmt.Fprintf(&b, "  x%d = y%d\n", i, i)
	}
	b.WriteString("}\n\nend when true\n")
	return b.String()
}

// TestPublishedDiagnosticsAreCapped: a buffer of thousands of findings
// is published as at most maxPublished of them, errors first, and a
// note that says how many more fray lint lists, in the buffer and in a
// file it imports that is not open (whose positions were each worked
// out from a new index of its whole text: 400 000 findings of a base
// on disk hung the server).
func TestPublishedDiagnosticsAreCapped(t *testing.T) {
	const n = 1500 // 3000 errors
	root := t.TempDir()
	base := filepath.Join(root, "base.fray")
	if err := os.WriteFile(base, []byte(unknownNames(n)), 0o666); err != nil {
		t.Fatal(err)
	}
	c := startServerAt(t, root)
	c.initialize()
	check := func(what string, ds []Diagnostic) {
		t.Helper()
		if len(ds) != maxPublished+1 {
			t.Fatalf("%s: %d diagnostics published, want %d", what, len(ds), maxPublished+1)
		}
		notes := 0
		for _, d := range ds {
			switch {
			case d.Severity == severity(diag.Note):
				notes++
				// 2n errors and the warnings (unused, unread) are lint's.
				var more int
				fmt.Sscanf(d.Message, "%d more problems", &more)
				if more < 2*n-maxPublished || more > 2*n+5-maxPublished || !strings.Contains(d.Message, "fray lint") {
					t.Errorf("%s: the note: %q", what, d.Message)
				}
			case d.Severity != severity(diag.Error):
				t.Errorf("%s: a %d kept before errors: %q", what, d.Severity, d.Message)
			}
		}
		if notes != 1 {
			t.Errorf("%s: %d notes, want 1", what, notes)
		}
	}
	uri, _ := c.open("own.fray", unknownNames(n))
	check("the buffer", c.diagnostics(uri, 1))
	variant := "ruleset \"v\" {\n  extends \"base.fray\"\n}\n"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uriOf(filepath.Join(root, "variant.fray")), "version": 1, "text": variant}})
	check("the base on disk", c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == uriOf(base) }))
}
