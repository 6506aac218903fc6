package lsp

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Conditions and pairwise orders (language v2) resolve from their uses:
// hover shows the declaration and what it does, definition jumps to it.
func TestHoverAndDefinitionV2(t *testing.T) {
	c := startServer(t)
	c.initialize()
	condURI, cond := c.open("testdata/features/conditions.fray")
	ordURI, ord := c.open("testdata/features/orders.fray")
	tests := []struct {
		name, uri, text, marker string
		delta                   int
		want                    []string
		def                     Location
	}{
		{"a condition applied", condURI, cond, "apply condition shaken", len("apply condition "), []string{"condition shaken {", "adjust to_hit by -2", "scale speed by 0.5",
			"multiplies by 0.5 the derived attribute speed", "`has(c, \"shaken\")`"},
			wantAt(t, "testdata/features/conditions.fray", "condition shaken", 0, len("condition "), len("shaken"))},
		{"a condition that stops acting", condURI, cond, "apply condition stunned", len("apply condition "), []string{"condition stunned {", "cannot act", "its holder does not act"},
			wantAt(t, "testdata/features/conditions.fray", "condition stunned", 0, len("condition "), len("stunned"))},
		{"a pairwise order in a loop", ordURI, ord, "by melee simultaneous", len("by "), []string{"order melee(a: combatant, b: combatant)", "pairwise order", "1. "},
			wantAt(t, "testdata/features/orders.fray", "order melee", 0, len("order "), len("melee"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := at(t, tc.text, tc.marker, 0, tc.delta)
			got := hoverText(t, c, tc.uri, pos)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
			if locs := definition(t, c, tc.uri, pos); len(locs) != 1 || !reflect.DeepEqual(locs[0], tc.def) {
				t.Errorf("definition: got %+v, want %+v", locs, tc.def)
			}
		})
	}
	// A key expression after by is not an order.
	got := hoverText(t, c, condURI, at(t, cond, `"agility" c.agility`, 0, len(`"agility" c.a`)))
	if !strings.Contains(got, "agility: int") {
		t.Errorf("hover on a key's attribute: %s", got)
	}
}

// The outline lists conditions, orders and procedures; completion after
// `apply condition` offers the conditions.
func TestOutlineAndCompletionV2(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, _ := c.open("testdata/features/conditions.fray")
	var syms []DocumentSymbol
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	found := map[string]string{}
	for _, s := range syms {
		found[s.Name] = s.Detail
	}
	if found["stunned"] != "condition" || found["shaken"] != "condition" {
		t.Errorf("outline lacks the conditions: %v", found)
	}
	ouri, _ := c.open("testdata/features/orders.fray")
	syms = nil
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": ouri}}, &syms)
	ok := false
	for _, s := range syms {
		ok = ok || s.Name == "melee" && s.Detail == "order(a: combatant, b: combatant)"
	}
	if !ok {
		t.Errorf("outline lacks the order melee: %+v", syms)
	}
	src := "ruleset \"t\" {\n}\n\ncondition dazed {\n  cannot act\n}\n\nphase p each round {\n  for c in combatants {\n    apply condition \n  }\n}\n"
	curi, ctext := c.open("testdata/lsp_complete_condition.fray", src)
	items := labels(complete(t, c, curi, at(t, ctext, "apply condition ", 0, len("apply condition "))))
	if !slices.Contains(items, "dazed") {
		t.Errorf("completion after apply condition: %v", items)
	}
}
