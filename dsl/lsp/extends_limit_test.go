package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A chain of open variants longer than --max-extends shows the refusal
// in each variant past it, at its own extends, and each edit of the
// deepest is checked against at most the limit's files. Without it, a
// full lint of 2000 open documents forming one chain merged and checked
// the whole chain for each (63 s to open, 12 s an edit).
func TestChainPastTheLimitOpenInTheEditor(t *testing.T) {
	root := t.TempDir()
	limit := check.DefaultLimits().Extends
	n := limit + 6
	text := func(i, base int) string {
		if i == 0 {
			return "ruleset \"v0\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  for c in living(combatants) {\n    c.hp -= 1\n  }\n}\n\nend when len(standing(sides)) <= 1\n"
		}
		return fmt.Sprintf("ruleset \"v%d\" {\n  extends \"v%d.fray\"\n}\n\nconst x%d = %d\n", i, base, i, i)
	}
	uris := make([]string, n+1)
	for i := range n + 1 {
		path := filepath.Join(root, fmt.Sprintf("v%d.fray", i))
		if err := os.WriteFile(path, []byte(text(i, i-1)), 0o666); err != nil {
			t.Fatal(err)
		}
		uris[i] = uriOf(path)
	}
	c := startServerAt(t, root)
	c.initialize()
	for i := range n + 1 {
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uris[i], "version": 1, "text": text(i, i-1)}})
	}
	refused := func(ds []Diagnostic) bool {
		return len(ds) == 1 && hasCode(ds, diag.CodeLimit, fmt.Sprintf("over the limit of %d", limit)) && ds[0].Range.Start.Line == 1
	}
	for _, i := range []int{limit, limit + 1, n} {
		ds := c.diagnostics(uris[i], 1)
		if i > limit && !refused(ds) {
			t.Errorf("v%d.fray, %d deep: want F501 at its own extends, got %+v", i, i, ds)
		}
		if i <= limit && errorCount(ds) > 0 {
			t.Errorf("v%d.fray, %d deep: %+v", i, i, ds)
		}
	}
	edit := func(version int, text string) []Diagnostic {
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uris[n], "version": version}, "contentChanges": []map[string]any{{"text": text}}})
		return c.diagnostics(uris[n], version)
	}
	if ds := edit(2, text(n, 10)); errorCount(ds) > 0 {
		t.Errorf("v%d.fray edited to extend v10.fray: %+v", n, ds)
	}
	if ds := edit(3, text(n, n-1)); !refused(ds) {
		t.Errorf("v%d.fray edited back: want F501 at its own extends, got %+v", n, ds)
	}
}
