package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// Three open rulesets edited into a cycle of extends each show it (F404)
// at their own extends, and edited back each show it gone. Each file's
// lint placed the cycle in another file of the cycle, and the server,
// which shows an open file's problems from its own lint, showed none.
func TestImportCycleOpenInTheEditor(t *testing.T) {
	root := t.TempDir()
	texts := map[string]string{
		"c0.fray": "ruleset \"c0\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  for c in living(combatants) {\n    c.hp -= 1\n  }\n}\n\nend when len(standing(sides)) <= 1\n",
		"c1.fray": "ruleset \"c1\" {\n  extends \"c0.fray\"\n}\n",
		"c2.fray": "ruleset \"c2\" {\n  extends \"c1.fray\"\n}\n",
	}
	uris := map[string]string{}
	for name, text := range texts {
		path := filepath.Join(root, name)
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		uris[name] = uriOf(path)
	}
	c := startServerAt(t, root)
	c.initialize()
	for _, name := range []string{"c0.fray", "c1.fray", "c2.fray"} {
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uris[name], "version": 1, "text": texts[name]}})
		if ds := c.diagnostics(uris[name], 1); errorCount(ds) > 0 {
			t.Fatalf("%s before the cycle: %+v", name, ds)
		}
	}
	cycle := "ruleset \"c0\" {\n  extends \"c2.fray\"\n}\n"
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uris["c0.fray"], "version": 2}, "contentChanges": []map[string]any{{"text": cycle}}})
	for _, name := range []string{"c0.fray", "c1.fray", "c2.fray"} {
		ds := c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == uris[name] && errorCount(p.Diagnostics) > 0 })
		if !hasCode(ds, diag.CodeImportCycle, fmt.Sprintf("%s extends, in the end, itself", name)) || ds[0].Range.Start.Line != 1 {
			t.Errorf("%s in the cycle: %+v", name, ds)
		}
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uris["c0.fray"], "version": 3}, "contentChanges": []map[string]any{{"text": texts["c0.fray"]}}})
	for _, name := range []string{"c0.fray", "c1.fray", "c2.fray"} {
		c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == uris[name] && errorCount(p.Diagnostics) == 0 })
	}
}
