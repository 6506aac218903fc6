package lsp

import (
	"strings"
	"testing"
)

// An outline symbol's range is its declaration's text: it ends at the
// declaration's last token, not at the next one (participle's end
// positions, after white space, comments and line breaks). An attribute
// "hp: int = 3" ends on its own line, after the 3.
func TestDocumentSymbolsEndAtTheirText(t *testing.T) {
	c := startServer(t)
	c.initialize()
	for _, file := range []string{"rules/shock_and_swarm.fray", "testdata/features/interrupts.fray", "testdata/encounters/ambush_at_the_ford.fray"} {
		uri, text := c.open(file)
		lines := strings.Split(text, "\n")
		var syms []DocumentSymbol
		c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
		checked := 0
		var walk func(ss []DocumentSymbol)
		walk = func(ss []DocumentSymbol) {
			for _, s := range ss {
				walk(s.Children)
				end := s.Range.End
				if end.Line >= len(lines) || end.Character > len(lines[end.Line]) {
					t.Errorf("%s: symbol %s ends at %d:%d, past the text", file, s.Name, end.Line, end.Character)
					continue
				}
				before := lines[end.Line][:end.Character]
				if strings.TrimSpace(before) == "" || strings.TrimRight(before, " \t\r") != before {
					t.Errorf("%s: symbol %s (%d:%d-%d:%d) does not end at its text: line %q", file, s.Name,
						s.Range.Start.Line, s.Range.Start.Character, end.Line, end.Character, lines[end.Line])
				}
				checked++
			}
		}
		walk(syms)
		if checked < 5 {
			t.Errorf("%s: only %d symbols", file, checked)
		}
	}
}
