package lsp

import (
	"strings"
	"testing"
)

// BenchmarkRequests times each request, through the client and the
// framing, on the largest shipped rule file (go test ./dsl/lsp -run '^$'
// -bench Requests). "change+diagnostics" is an edit and the lint that
// publishes its diagnostics (no debounce in tests).
func BenchmarkRequests(b *testing.B) {
	c := startServerForBench(b)
	t := b
	c.initialize()
	uri, text := c.open("rules/stress_and_wound_points.fray")
	c.diagnostics(uri, 1)
	pos := func(marker string, delta int) map[string]any { return at(t, text, marker, 0, delta) }
	apply := pos("apply blunt_injury", len("apply ")+1)
	for _, bc := range []struct {
		name, method string
		params       any
	}{
		{"hover", "textDocument/hover", docPos(uri, apply)},
		{"definition", "textDocument/definition", docPos(uri, apply)},
		{"references", "textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": apply, "context": map[string]any{"includeDeclaration": true}}},
		{"completion", "textDocument/completion", docPos(uri, pos("\n  for ", 3))},
		{"documentSymbol", "textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}},
		{"formatting", "textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for range b.N {
				if m := c.call(bc.method, bc.params); m.Error != nil {
					b.Fatal(m.Error)
				}
			}
		})
	}
	b.Run("change+diagnostics", func(b *testing.B) {
		version := 1
		for i := range b.N {
			version++
			edited := text + strings.Repeat("\n", i%2)
			c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []map[string]any{{"text": edited}}})
			c.diagnostics(uri, version)
		}
	})
}
