package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

func labels(items []CompletionItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

func complete(t *testing.T, c *client, uri string, pos map[string]any) []CompletionItem {
	t.Helper()
	var list CompletionList
	c.result("textDocument/completion", docPos(uri, pos), &list)
	return list.Items
}

func TestCompletion(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	// Type "c." and "  " at the start of a line in the initiative phase,
	// where c is a loop variable over living(combatants).
	anchor := "    c.initiative = c.side.init + adjustment\n"
	i := strings.Index(text, anchor)
	if i < 0 {
		t.Fatal("anchor not found")
	}
	edited := text[:i] + "    c.\n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []map[string]any{{"text": edited}}})
	got := labels(complete(t, c, uri, at(t, edited, "    c.\n", 0, 6)))
	for _, w := range []string{"hp", "to_hit", "damage", "initiative", "name", "alive", "side"} {
		if !slices.Contains(got, w) {
			t.Errorf("after c.: %q missing from %v", w, got)
		}
	}
	for _, w := range []string{"alerted", "can_be_surprised", "living", "let"} {
		if slices.Contains(got, w) {
			t.Errorf("after c. (a combatant): %q offered: %v", w, got)
		}
	}
	// A side's attributes after c.side.
	edited2 := text[:i] + "    c.side.\n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []map[string]any{{"text": edited2}}})
	got = labels(complete(t, c, uri, at(t, edited2, "    c.side.\n", 0, 11)))
	if !slices.Contains(got, "alerted") || slices.Contains(got, "hp") {
		t.Errorf("after c.side.: %v", got)
	}
	// At the start of a statement: statements, locals, names.
	edited3 := text[:i] + "    \n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 4}, "contentChanges": []map[string]any{{"text": edited3}}})
	items := complete(t, c, uri, at(t, edited3, "    \n", 0, 4))
	got = labels(items)
	for _, w := range []string{"let", "if", "for", "emit", "apply", "c", "adjustment", "living", "initiative_die", "round"} {
		if !slices.Contains(got, w) {
			t.Errorf("at a statement's start: %q missing from %v", w, got)
		}
	}
	// There too, every function of the one table of the standard library
	// a rule may call (not the internal __ ones), with its signature and
	// doc: a new builtin (free_square, the eleventh homebrew round's)
	// needs no list here or in the server kept by hand.
	offered := map[string]CompletionItem{}
	for _, it := range items {
		offered[it.Label] = it
	}
	if it := offered["free_square"]; it.Detail != "free_square(int, int) bool" {
		t.Errorf("free_square offered as %q, want its signature free_square(int, int) bool", it.Detail)
	}
	for _, f := range stdlib.Funcs {
		if strings.HasPrefix(f.Name, "__") {
			continue
		}
		it, ok := offered[f.Name]
		switch {
		case !ok:
			t.Errorf("%s is not offered", f.Name)
		case it.Detail != f.Signature() || it.Documentation == nil || it.Documentation.Value != f.Doc:
			t.Errorf("%s offered as %q (%v), want %q and its doc", f.Name, it.Detail, it.Documentation, f.Signature())
		}
	}
	// Nothing in a comment or in a string's text; a template's part is
	// an expression.
	edited5 := text[:i] + "    # c.\n    log \"c. {c.\n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 6}, "contentChanges": []map[string]any{{"text": edited5}}})
	if got := complete(t, c, uri, at(t, edited5, "# c.\n", 0, 4)); len(got) != 0 {
		t.Errorf("in a comment: %v", labels(got))
	}
	if got := complete(t, c, uri, at(t, edited5, "log \"c. {", 0, 7)); len(got) != 0 {
		t.Errorf("in a string's text: %v", labels(got))
	}
	if got := labels(complete(t, c, uri, at(t, edited5, "{c.\n", 0, 3))); !slices.Contains(got, "to_hit") || slices.Contains(got, "alerted") {
		t.Errorf("in a template's part, after c.: %v", got)
	}
	// After emit: the events, with their parameters as a snippet.
	edited4 := text[:i] + "    emit \n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 7}, "contentChanges": []map[string]any{{"text": edited4}}})
	items = complete(t, c, uri, at(t, edited4, "    emit \n", 0, 9))
	var hit *CompletionItem
	for i := range items {
		if items[i].Label == "hit" {
			hit = &items[i]
		}
	}
	if hit == nil || hit.InsertText != "hit(${1:attacker}, ${2:target}, ${3:amount}, ${4:total})" || hit.InsertTextFormat != 2 {
		t.Errorf("after emit: %+v", items)
	}
}

func TestCompletionEncounter(t *testing.T) {
	c := startServer(t)
	c.initialize()
	rel := "testdata/encounters/halvaine_and_the_orcs.fray"
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "  brom: attack(target = grishak)\n", "  brom: attack(target = grishak)\n  wren: \n", 1)
	uri, _ := c.open(rel, text)
	items := complete(t, c, uri, at(t, text, "  wren: \n", 0, 8))
	var attack *CompletionItem
	for i := range items {
		if items[i].Label == "attack" {
			attack = &items[i]
		}
	}
	if attack == nil || !strings.Contains(attack.Detail, "target: combatant") {
		t.Fatalf("a script line's actions: %+v", items)
	}
	if got := labels(items); !slices.Contains(got, "cast") {
		t.Errorf("cast missing: %v", got)
	}
}

// TestCompletionSeveralDeclarations: after "then" (and "hold") a script
// line offers the actions again, and their parameters inside the
// parentheses; after "who chooses", the choice points.
func TestCompletionSeveralDeclarations(t *testing.T) {
	c := startServer(t)
	c.initialize()
	rel := "testdata/features/action_economy_fight.fray"
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, marker string
		want         string
	}{
		{"an action after then", "  kel: stand_up then \n", "attack"},
		{"a held action's parameters", "  brom: go_prone then hold shoot(\n", "target"},
		{"a choice point", "  kel chooses \n", "abort_spell"},
	} {
		text := strings.Replace(string(data), "round 2 {\n", "round 2 {\n"+tc.marker, 1)
		uri, _ := c.open(rel, text)
		items := complete(t, c, uri, at(t, text, tc.marker, 0, len(tc.marker)-1))
		if got := labels(items); !slices.Contains(got, tc.want) {
			t.Errorf("%s: %s missing from %v", tc.name, tc.want, got)
		}
	}
	if got := currentStep("stand_up(x = \"a then b\") then hold attack(target = "); got != "attack(target =" {
		t.Errorf("currentStep: %q", got)
	}
}

func TestSignatureHelp(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	encURI, enc := c.open("testdata/encounters/halvaine_and_the_orcs.fray")
	tests := []struct {
		name, uri, text, marker string
		delta                   int
		label                   string
		active                  int
	}{
		{"a builtin's second argument", uri, text, "clamp(side_segment(c.side) - adjustment, 1, round_segments)", len("clamp(side_segment(c.side) - adjustment, "), "clamp(int, int, int) int", 1},
		{"a function", uri, text, "side_segment(c.side)", len("side_segment("), "fn side_segment(", 0},
		{"an event", uri, text, "emit hit(self, foe, damage, attack_roll)", len("emit hit(self, "), "event hit(attacker: combatant, target: combatant, amount: int, total: int)", 1},
		{"the call inside", uri, text, "first(living(enemies(self)))", len("first(living("), "living(list[combatant]) list[combatant]", 0},
		{"an action in a script, by name", encURI, enc, "brom: attack(target = grishak)", len("brom: attack(target = g"), "action attack(target: combatant", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h *SignatureHelp
			c.result("textDocument/signatureHelp", docPos(tc.uri, at(t, tc.text, tc.marker, 0, tc.delta)), &h)
			if h == nil || len(h.Signatures) != 1 || !strings.HasPrefix(h.Signatures[0].Label, tc.label) || h.ActiveParameter != tc.active {
				t.Fatalf("got %+v, want %q with parameter %d active", h, tc.label, tc.active)
			}
			if n := len(h.Signatures[0].Parameters); n <= tc.active {
				t.Errorf("%d parameters listed", n)
			}
		})
	}
	// Outside any call: none.
	var h *SignatureHelp
	c.result("textDocument/signatureHelp", docPos(uri, at(t, text, "const surprise_die", 0, 2)), &h)
	if h != nil {
		t.Errorf("outside a call: %+v", h)
	}
}
