package lsp

import "testing"

// The outline lists points and reactions (language v2, item 3): a point
// as an event, a reaction by its point and label, its selection on the
// point's name.
func TestDocumentSymbolsPoints(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, _ := c.open("testdata/features/interrupts.fray")
	var syms []DocumentSymbol
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	byName := map[string]DocumentSymbol{}
	for _, s := range syms {
		byName[s.Name] = s
	}
	for name, want := range map[string]struct {
		kind   int
		detail string
	}{
		"hits":                                 {symEvent, "point(attacker: combatant, target: combatant, damage: int)"},
		`react hits "parry"`:                   {symMethod, "reaction"},
		`react looses "attack of opportunity"`: {symMethod, "reaction"},
	} {
		s, ok := byName[name]
		if !ok {
			t.Errorf("no symbol %s", name)
			continue
		}
		if s.Kind != want.kind || s.Detail != want.detail {
			t.Errorf("symbol %s: kind %d detail %q, want %d %q", name, s.Kind, s.Detail, want.kind, want.detail)
		}
		if s.SelectionRange.Start.Line != s.Range.Start.Line || s.SelectionRange.End.Character-s.SelectionRange.Start.Character == 0 {
			t.Errorf("symbol %s: selection %+v not on the name in %+v", name, s.SelectionRange, s.Range)
		}
	}
}
