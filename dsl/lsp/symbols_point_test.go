package lsp

import (
	"strings"
	"testing"
)

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

// Hover and go-to-definition know points (after interrupt, react and
// remove react, from a variant too) and a reaction's parameters and
// cancelled.
func TestHoverAndDefinitionPoints(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("testdata/features/interrupts.fray")
	for _, tt := range []struct {
		name, marker string
		delta        int
		want         string
	}{
		{"a point raised", "interrupt hits", len("interrupt "), `point hits(attacker: combatant, target: combatant, damage: int) "{attacker.name} hits {target.name}, {damage} to come"`},
		{"a point reacted to", `react casts`, len("react "), "point casts(caster: combatant, target: combatant, power: int)"},
		{"a reaction's parameter", "damage = max(damage", 0, "(parameter) damage: int"},
		{"cancelled", "!cancelled &&", 1, "cancelled"},
		{"a point's parameter in the pending block", "emit hit(caster, target, power)", len("emit hit(caster, target, "), "power: int"},
	} {
		if got := hoverText(t, c, uri, at(t, text, tt.marker, 0, tt.delta)); !strings.Contains(got, tt.want) {
			t.Errorf("%s: hover %q, want it to contain %q", tt.name, got, tt.want)
		}
	}
	want := wantAt(t, "testdata/features/interrupts.fray", "point hits(", 0, len("point "), len("hits"))
	if locs := definition(t, c, uri, at(t, text, "interrupt hits", 0, len("interrupt "))); len(locs) != 1 || locs[0] != want {
		t.Errorf("definition of hits: %+v, want %+v", locs, want)
	}
	varURI, variant := c.open("testdata/variants/interrupts_variant.fray")
	if locs := definition(t, c, varURI, at(t, variant, `remove react hits`, 0, len("remove react "))); len(locs) != 1 || locs[0] != want {
		t.Errorf("definition of hits from the variant: %+v, want %+v", locs, want)
	}
}
