package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// TestDiagnosticsOfImports: a base on disk that a variant imports has
// its problems published under its own URI while it is not open; when
// the base's buffer changes, the open variant that imports it is linted
// again; when the base is fixed, its problems are cleared.
func TestDiagnosticsOfImports(t *testing.T) {
	root := t.TempDir()
	base := "ruleset \"base\" {\n}\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  for c in living(combatants) {\n    c.hp -= c.hpp\n  }\n}\n\nend when len(standing(sides)) <= 1\n"
	variant := "ruleset \"variant\" {\n  extends \"base.fray\"\n}\n\nphase q each round {\n  for c in living(combatants) {\n    c.hp -= c.ac\n  }\n}\n"
	write := func(name, text string) string {
		path := filepath.Join(root, name)
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	basePath := write("base.fray", base)
	varPath := write("variant.fray", variant)
	c := startServerAt(t, root)
	c.initialize()
	varURI := uriOf(varPath)
	baseURI := uriOf(basePath)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": varURI, "version": 1, "text": variant}})
	// The base's error is published under the base's URI.
	got := c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == baseURI })
	if !hasCode(got, diag.CodeUnknownField, "hpp") {
		t.Fatalf("the base's diagnostics: %+v", got)
	}
	// The base, opened and fixed with the attribute the variant reads:
	// the variant is linted again and is clean.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": baseURI, "version": 1, "text": base}})
	c.diagnostics(baseURI, 1)
	fixed := strings.Replace(strings.Replace(base, "c.hpp", "1", 1), "  hp: int = 1\n", "  hp: int = 1\n  ac: int = 10\n", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": baseURI, "version": 2}, "contentChanges": []map[string]any{{"text": fixed}}})
	if ds := c.diagnostics(baseURI, 2); errorCount(ds) > 0 {
		t.Errorf("the fixed base: %+v", ds)
	}
	c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == varURI && errorCount(p.Diagnostics) == 0 })
	// Closed again, the base is read from disk (still broken), and its
	// problems are published once more under its URI.
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": baseURI}})
	got = c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool { return p.URI == baseURI && len(p.Diagnostics) > 0 })
	if !hasCode(got, diag.CodeUnknownField, "hpp") {
		t.Errorf("the closed base: %+v", got)
	}
}

func hasCode(ds []Diagnostic, code, text string) bool {
	for _, d := range ds {
		if d.Code == code && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}

func errorCount(ds []Diagnostic) int {
	n := 0
	for _, d := range ds {
		if d.Severity == 1 {
			n++
		}
	}
	return n
}
