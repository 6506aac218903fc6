package lsp

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

func hoverText(t *testing.T, c *client, uri string, pos map[string]any) string {
	t.Helper()
	var h *Hover
	c.result("textDocument/hover", docPos(uri, pos), &h)
	if h == nil {
		t.Fatalf("no hover at %v", pos)
	}
	return h.Contents.Value
}

func TestHover(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	tests := []struct {
		name, marker string
		nth, delta   int
		want         []string
	}{
		{"attribute with a dice default", "self.damage", 0, 5, []string{"damage: dice = d6", "attribute of every combatant", "average 3.5, range 1–6"}},
		{"attribute with its comment", "c.surprise_bonus", 0, 2, []string{"surprise_bonus: int = 0", "002-04: dexterity; negative is a penalty"}},
		{"side attribute", "c.side.surprised", 0, 7, []string{"surprised: int = 0", "attribute of every side", "segments of surprise the side rolled"}},
		{"dice expression", "d20 + self.to_hit", 0, 1, []string{"**d20**: average 10.5, range 1–20"}},
		{"builtin function", "living(enemies", 0, 1, []string{"living(list[combatant]) list[combatant]", stdlib.Lookup("living").Doc}},
		{"expr-lang builtin", "first(living", 0, 1, []string{"first(list)"}},
		{"dice constant", "const initiative_die", 0, 7, []string{"const initiative_die: dice = d6", "average 3.5"}},
		{"modifiers", "surprise_adjustment(c))", 0, 3, []string{"modifiers surprise_adjustment(c: combatant) aggregate sum", "dexterity surprise bonus (segments)"}},
		{"parameter", "target != nil", 0, 1, []string{"(parameter) target: combatant = first(living(enemies(self)))"}},
		{"a local and its type", "foe == nil", 0, 1, []string{"let foe = target != nil && target.alive ? target : first(living(enemies(self)))", "local, a combatant"}},
		{"a loop variable over sides", "for s in sides", 0, 4, []string{"s in sides", "loop variable, a side"}},
		{"event", "emit hit", 0, 6, []string{"event hit(attacker: combatant, target: combatant, amount: int, total: int)"}},
		{"built-in attribute", "target.alive", 0, 8, []string{"alive: bool", "built-in attribute of every combatant"}},
		{"global", "living(combatants)", 0, 9, []string{"combatants: list[combatant]"}},
		{"a parameter in an event's template", "{attacker.name} hits", 0, 2, []string{"(parameter) attacker: combatant"}},
		{"an attribute in a template", "against AC {target.ac}", 0, 19, []string{"ac: int = 10", "attribute of every combatant"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := hoverText(t, c, uri, at(t, text, tc.marker, tc.nth, tc.delta))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestHoverTable(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/stress_and_wound_points.fray")
	// From a use: "apply blunt_injury to ...".
	got := hoverText(t, c, uri, at(t, text, "apply blunt_injury", 0, len("apply ")+1))
	for _, w := range []string{"table blunt_injury d20", "d20: average 10.5, range 1–20", "| key | label | value | chance |",
		"| 1 | Crushed Foot | effect | 5% |", "| 2 | Broken Shin | effect | 5% |"} {
		if !strings.Contains(got, w) {
			t.Errorf("hover on table blunt_injury lacks %q:\n%s", w, got)
		}
	}
	got = hoverText(t, c, uri, at(t, text, "table piercing_injury", 0, len("table ")+1))
	if !strings.Contains(got, "table piercing_injury d20 tba") {
		t.Errorf("hover on a tba table: %s", got)
	}
}

func TestHoverDiceTableChances(t *testing.T) {
	c := startServer(t)
	c.initialize()
	src := "ruleset \"t\" {\n}\n\ntable wound d6 {\n  1:   \"graze\"     0\n  2-5: \"wound\"     1\n  6+:  \"bad wound\" 2\n}\n"
	uri, text := c.open("testdata/lsp_hover_table.fray", src)
	got := hoverText(t, c, uri, at(t, text, "wound d6", 0, 1))
	for _, w := range []string{"table wound d6", "d6: average 3.5, range 1–6", "| 1 | graze | `0` | 16.67% |", "| 2-5 | wound | `1` | 66.67% |", "| 6+ | bad wound | `2` | 16.67% |"} {
		if !strings.Contains(got, w) {
			t.Errorf("hover lacks %q:\n%s", w, got)
		}
	}
	got = hoverText(t, c, uri, at(t, text, "d6", 0, 1))
	if !strings.Contains(got, "average 3.5") {
		t.Errorf("hover on a table's dice: %s", got)
	}
}

// TestHoverChancesOfRowsOfManyKeys: a row's chance is that of the union
// of its keys (overlapping ones once, those the dice cannot roll none).
// Asked key by key for each total, the 40 rows of 2 500 keys (a file of
// 800 KB) fed by d100000 were 10^10 questions a hover: past a minute
// (the test's bound is the client's hang guard).
func TestHoverChancesOfRowsOfManyKeys(t *testing.T) {
	c := startServer(t)
	c.initialize()
	var src strings.Builder
	src.WriteString("ruleset \"t\" {\n}\n\ntable many d100000 {\n  1-50000, 25001-75000, 100001+, 0: \"three quarters\"\n  99999, 7, 7, 100000, 6: \"four\"\n")
	far := make([]string, 2_500)
	for i := range far {
		far[i] = strconv.Itoa(200_000 + i)
	}
	for r := range 40 {
		fmt.Fprintf(&src, "  %s: \"r%d\"\n", strings.Join(far, ", "), r)
	}
	src.WriteString("}\n")
	uri, text := c.open("testdata/lsp_hover_many_keys.fray", src.String())
	got := hoverText(t, c, uri, at(t, text, "many d100000", 0, 1))
	for _, w := range []string{"| three quarters |  | 75% |", "| four |  | 0% |", "| r0 |  | 0% |", "and 2 more rows"} {
		if !strings.Contains(got, w) {
			t.Errorf("hover lacks %q:\n%.2000s", w, got)
		}
	}
}
