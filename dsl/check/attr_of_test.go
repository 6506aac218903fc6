package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// An encounter of 40 000 settings of a combatant, one for each attribute
// of its ruleset: each setting (and each rule assigning an attribute)
// found its attribute by reading the list of them from the start, 8*10^8
// names for 40 000 (lint 2.6 s of CPU, 0.33 s for 10 000; 40 000
// assignments c.aN = 1 5.1 s). The checker answers from an index of the
// names (Universe.AttrOf): here the look-ups are made with the lists
// emptied after the check, which a scan of them cannot answer, for
// every attribute of both kinds, the first of a name as the scan gave.
// The check has no counter of its work to bound; the index is what
// makes it linear (0.64 s for 40 000 settings, 0.79 s for the
// assignments).
func TestAttrOfAnswersFromItsIndex(t *testing.T) {
	const n = 5_000
	var rules, enc strings.Builder
	rules.WriteString("ruleset \"wide\" {\n  source \"hostile\"\n}\nside {\n  morale: int = 0\n}\ncombatant {\n  hp: int = 1\n")
	enc.WriteString("encounter \"e\" {\n  rules \"rules.fray\"\n}\nside a {\n  morale = 2\n  combatant x {\n")
	for i := range n {
		fmt.Fprintf(&rules, "  a%d: int = 0\n", i)
		fmt.Fprintf(&enc, "    a%d = %d\n", n-1-i, i)
	}
	rules.WriteString("}\nphase p each round {\n  for c in combatants {\n    c.a0 = c.hp\n  }\n}\nend when round > 1\n")
	enc.WriteString("  }\n}\nside b {\n  combatant y\n}\n")
	dir := t.TempDir()
	for name, text := range map[string]string{"rules.fray": rules.String(), "enc.fray": enc.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e, diags := UnderRoot(dir).LoadEncounter(filepath.Join(dir, "enc.fray"), "", diag.Sources{})
	if diags.HasErrors() || e == nil {
		t.Fatalf("errors in a legal encounter: %v", diags)
	}
	u := e.Rules.U
	combatants, sides := u.CombatantAttrs, u.SideAttrs
	u.CombatantAttrs, u.SideAttrs = nil, nil
	defer func() { u.CombatantAttrs, u.SideAttrs = combatants, sides }()
	for _, c := range []struct {
		side  bool
		attrs []*Attr
	}{{false, combatants}, {true, sides}} {
		for i, a := range c.attrs {
			if got := u.AttrOf(c.side, a.Name); got != a {
				t.Fatalf("AttrOf(%v, %q) = %v, want the attribute at %d", c.side, a.Name, got, i)
			}
		}
	}
	for _, name := range []string{"a" + fmt.Sprint(n), "morale"} {
		if got := u.AttrOf(false, name); got != nil {
			t.Errorf("AttrOf(false, %q) = %v, want none", name, got)
		}
	}
	if got := u.AttrOf(true, "hp"); got != nil {
		t.Errorf("AttrOf(true, \"hp\") = %v, want none (a combatant's)", got)
	}
	if len(combatants) != n+9 || len(e.Sides[0].Combatants[0].Sets) != n {
		t.Errorf("%d combatant attributes and %d settings, want %d and %d", len(combatants), len(e.Sides[0].Combatants[0].Sets), n+9, n)
	}
}
