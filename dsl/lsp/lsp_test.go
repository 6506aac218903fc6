package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/dsl/syntax"
)

// utf16Position is the LSP position of a byte offset, computed apart
// from the server's own conversion.
func utf16Position(text string, off int) Position {
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	return Position{Line: strings.Count(text[:off], "\n"), Character: len(utf16.Encode([]rune(text[lineStart:off])))}
}

func TestLifecycle(t *testing.T) {
	c := startServer(t)
	if m := c.call("textDocument/hover", docPos("file:///x.fray", map[string]any{"line": 0, "character": 0})); m.Error == nil || m.Error.Code != codeServerNotInitialized {
		t.Fatalf("a request before initialize: got %+v, want error %d", m, codeServerNotInitialized)
	}
	var init struct {
		Capabilities map[string]any        `json:"capabilities"`
		ServerInfo   struct{ Name string } `json:"serverInfo"`
	}
	c.result("initialize", map[string]any{"rootUri": uriOf(repoRoot(t)), "capabilities": map[string]any{}}, &init)
	for _, cap := range []string{"hoverProvider", "definitionProvider", "referencesProvider", "completionProvider", "documentFormattingProvider", "documentSymbolProvider", "textDocumentSync"} {
		if init.Capabilities[cap] == nil {
			t.Errorf("initialize: capability %s missing", cap)
		}
	}
	if init.ServerInfo.Name != "fray" {
		t.Errorf("serverInfo.name = %q", init.ServerInfo.Name)
	}
	if m := c.call("initialize", map[string]any{}); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("a second initialize: got %+v", m)
	}
	if m := c.call("workspace/symbolz", map[string]any{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("an unknown method: got %+v, want MethodNotFound", m)
	}
	if m := c.call("textDocument/hover", json.RawMessage(`[1,2]`)); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("bad params: got %+v, want InvalidParams", m)
	}
	c.result("shutdown", nil, nil)
	if m := c.call("textDocument/hover", docPos("file:///x.fray", map[string]any{"line": 0, "character": 0})); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("a request after shutdown: got %+v", m)
	}
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
	c.done <- 0 // for the cleanup
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t)
	c.initialize()
	c.notify("exit", nil)
	if code := <-c.done; code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
	c.done <- 1
}

// TestDiagnosticsAreLints opens a shipped rule file (no diagnostics),
// changes it to introduce errors on a line with non-ASCII text, and
// checks that the server publishes exactly what fray lint reports for
// the same text: codes, messages and ranges in UTF-16 columns.
func TestDiagnosticsAreLints(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Fatalf("a shipped rule file has diagnostics: %+v", ds)
	}
	// An attribute misspelled after an emoji and an accented letter (the
	// emoji is two UTF-16 units, one character, four bytes), and an
	// unknown event.
	broken := strings.Replace(text, "  let foe = target != nil", "  log \"🎲 é {self.to_hitt}\"\n  emit slian(self)\n  let foe = target != nil", 1)
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"text": broken}},
	})
	got := c.diagnostics(uri, 2)

	// What lint says of the same text, as a file.
	dir := t.TempDir()
	path := filepath.Join(dir, "ten_segment_rounds.fray")
	if err := os.WriteFile(path, []byte(broken), 0o666); err != nil {
		t.Fatal(err)
	}
	want := check.Options{Root: dir}.Lint(path, diag.Sources{})
	if len(want) < 2 {
		t.Fatalf("lint found %d problems, the test wants at least 2", len(want))
	}
	if len(got) != len(want) {
		t.Fatalf("the server published %d diagnostics, lint reports %d:\n%+v\n%+v", len(got), len(want), got, want)
	}
	for i, w := range want {
		g := got[i]
		wantRange := Range{Start: utf16Position(broken, w.Subject.Start.Byte), End: utf16Position(broken, w.Subject.End.Byte)}
		if g.Code != w.Code || !strings.HasPrefix(g.Message, w.Summary) || g.Range != wantRange || g.Source != "fray" {
			t.Errorf("diagnostic %d: got %s %q %+v, want %s %q %+v", i, g.Code, g.Message, g.Range, w.Code, w.Summary, wantRange)
		}
	}
	// The misspelled attribute: F102 on "to_hitt", after "🎲 é {self." on
	// its line: 2 spaces, 'log', a space, a quote, the emoji (2 units),
	// a space, é, a space, '{self.' = 18 units.
	line := strings.Count(broken[:strings.Index(broken, "🎲")], "\n")
	found := false
	for _, g := range got {
		if g.Code == diag.CodeUnknownField && g.Range.Start == (Position{Line: line, Character: 18}) && g.Range.End == (Position{Line: line, Character: 25}) {
			found = true
		}
	}
	if !found {
		t.Errorf("no F102 at %d:18-25 (UTF-16) in %+v", line, got)
	}

	// An incremental change that fixes both lines restores a clean file.
	start := strings.Index(broken, "  log \"🎲")
	end := strings.Index(broken, "  let foe = target != nil")
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 3},
		"contentChanges": []map[string]any{{"range": map[string]any{
			"start": utf16Position(broken, start), "end": utf16Position(broken, end)}, "text": ""}},
	})
	if ds := c.diagnostics(uri, 3); len(ds) != 0 {
		t.Errorf("after the fix: %+v", ds)
	}
}

// TestDiagnosticsUseBuffers: a variant is checked against its base's
// unsaved buffer, not the base on disk.
func TestDiagnosticsUseBuffers(t *testing.T) {
	c := startServer(t)
	c.initialize()
	baseURI, base := c.open("rules/ten_segment_rounds.fray")
	c.diagnostics(baseURI, 1)
	// The base, unsaved, loses the constant the variant overrides.
	edited := strings.Replace(base, "const initiative_die: dice = d6", "const initiative_dice: dice = d6", 1)
	edited = strings.ReplaceAll(edited, "roll(initiative_die)", "roll(initiative_dice)")
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": baseURI, "version": 2}, "contentChanges": []map[string]any{{"text": edited}}})
	varURI, _ := c.open("rules/variants/ten_segment_d10_initiative.fray")
	ds := c.diagnostics(varURI, 1)
	if len(ds) == 0 {
		t.Fatalf("the variant overrides a constant its base's buffer no longer has, and no diagnostic says so")
	}
}

func definition(t *testing.T, c *client, uri string, pos map[string]any) []Location {
	t.Helper()
	var locs []Location
	c.result("textDocument/definition", docPos(uri, pos), &locs)
	return locs
}

// wantAt is the location of the nth marker in a repository file.
func wantAt(t *testing.T, rel, marker string, nth, delta, length int) Location {
	t.Helper()
	path := filepath.Join(repoRoot(t), filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := at(t, string(data), marker, nth, delta)
	start := Position{Line: p["line"].(int), Character: p["character"].(int)}
	end := start
	end.Character += length
	return Location{URI: uriOf(path), Range: Range{Start: start, End: end}}
}

func TestDefinition(t *testing.T) {
	c := startServer(t)
	c.initialize()
	varURI, variant := c.open("rules/variants/crucible_individual_initiative.fray")
	encURI, enc := c.open("testdata/encounters/halvaine_and_the_orcs.fray")
	tests := []struct {
		name      string
		uri, text string
		marker    string
		delta     int
		want      Location
	}{
		{"a base's table from a variant", varURI, variant, "attacks_per_round(", 1,
			wantAt(t, "rules/crucible_of_souls.fray", "table attacks_per_round", 0, len("table "), len("attacks_per_round"))},
		{"a base's attribute from a variant", varURI, variant, "c.class", 3,
			wantAt(t, "rules/crucible_of_souls.fray", "  class:", 0, 2, len("class"))},
		{"the variant's own attribute", varURI, variant, "own_roll =", 1,
			wantAt(t, "rules/variants/crucible_individual_initiative.fray", "own_roll: int", 0, 0, len("own_roll"))},
		{"the base a variant extends", varURI, variant, "../crucible_of_souls.fray", 2,
			Location{URI: uriOf(filepath.Join(repoRoot(t), "rules", "crucible_of_souls.fray"))}},
		{"an action of the encounter's rules", encURI, enc, "brom: attack", 7,
			wantAt(t, "rules/ten_segment_rounds.fray", "action attack", 0, len("action "), len("attack"))},
		{"an action's parameter named in a script", encURI, enc, "attack(target = grishak", 8,
			wantAt(t, "rules/ten_segment_rounds.fray", "action attack(target", 0, len("action attack("), len("target"))},
		{"a combatant named in a script", encURI, enc, "target = grishak", 10,
			wantAt(t, "testdata/encounters/halvaine_and_the_orcs.fray", "combatant grishak", 0, len("combatant "), len("grishak"))},
		{"an attribute set in an encounter", encURI, enc, "hp = ", 0,
			wantAt(t, "rules/ten_segment_rounds.fray", "  hp: int", 0, 2, len("hp"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := definition(t, c, tc.uri, at(t, tc.text, tc.marker, 0, tc.delta))
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("definition: got %+v, want %+v", got, tc.want)
			}
		})
	}
	// Several declarations a line and a choice answered (slots): each
	// action after then, its arguments, and the choice point.
	aeURI, ae := c.open("testdata/features/action_economy_fight.fray")
	for _, tc := range []struct {
		name, marker string
		delta        int
		want         Location
	}{
		{"an action after then", "then attack(target = grishak)", len("then "),
			wantAt(t, "testdata/features/action_economy.fray", "action attack(", 0, len("action "), len("attack"))},
		{"its argument's parameter", "then attack(target = grishak)", len("then attack("),
			wantAt(t, "testdata/features/action_economy.fray", "action attack(target", 0, len("action attack("), len("target"))},
		{"a held action", "hold snap_attack", len("hold "),
			wantAt(t, "testdata/features/action_economy.fray", "action snap_attack", 0, len("action "), len("snap_attack"))},
		{"a choice answered", "chooses abort_spell = false", len("chooses "),
			wantAt(t, "testdata/features/action_economy.fray", "choice abort_spell", 0, len("choice "), len("abort_spell"))},
	} {
		got := definition(t, c, aeURI, at(t, ae, tc.marker, 0, tc.delta))
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
	// A local's definition is its let.
	tenURI, ten := c.open("rules/ten_segment_rounds.fray")
	got := definition(t, c, tenURI, at(t, ten, "foe == nil", 0, 1))
	want := wantAt(t, "rules/ten_segment_rounds.fray", "let foe", 0, len("let "), len("foe"))
	if len(got) != 1 || got[0] != want {
		t.Errorf("a local: got %+v, want %+v", got, want)
	}
}

func TestReferences(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/variants/crucible_individual_initiative.fray")
	var locs []Location
	c.result("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at(t, text, "attacks_per_round(", 0, 1),
		"context": map[string]any{"includeDeclaration": true}}, &locs)
	base := uriOf(filepath.Join(repoRoot(t), "rules", "crucible_of_souls.fray"))
	decl := wantAt(t, "rules/crucible_of_souls.fray", "table attacks_per_round", 0, len("table "), len("attacks_per_round"))
	if !slices.Contains(locs, decl) {
		t.Errorf("references lack the declaration %+v: %+v", decl, locs)
	}
	inBase, inVariant := 0, 0
	for _, l := range locs {
		switch l.URI {
		case base:
			inBase++
		case uri:
			inVariant++
		default:
			// Other variants of the base may use it too; they must
			// extend it.
			if !strings.Contains(l.URI, "/rules/variants/") && !strings.Contains(l.URI, "/testdata/") {
				t.Errorf("a reference in an unrelated file: %+v", l)
			}
		}
	}
	if inBase < 2 || inVariant < 1 {
		t.Errorf("references: %d in the base (want the declaration and a use), %d in the variant: %+v", inBase, inVariant, locs)
	}
	// Without the declaration.
	var without []Location
	c.result("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at(t, text, "attacks_per_round(", 0, 1),
		"context": map[string]any{"includeDeclaration": false}}, &without)
	if len(without) != len(locs)-1 || slices.Contains(without, decl) {
		t.Errorf("includeDeclaration false: %+v", without)
	}
}

// TestFormattingIsFmt: the edit formatting returns makes the buffer what
// fray fmt prints.
func TestFormattingIsFmt(t *testing.T) {
	c := startServer(t)
	c.initialize()
	src := "ruleset \"t\" {\n  segments 1\n}\ncombatant {\n    hp : int=1   # comment é🎲\n  ac: int = 10\n}\nphase go each round {\n  for c in living(combatants) { c.hp-=1 }\n}\n"
	uri, _ := c.open("testdata/lsp_format.fray", src)
	var edits []TextEdit
	c.result("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits)
	f, diags := syntax.Parse(pathOf(uri, ""), src)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	want, err := format.Format(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != 1 {
		t.Fatalf("edits: %+v", edits)
	}
	ix := newLineIndex(src)
	got := src[:ix.offset(edits[0].Range.Start)] + edits[0].NewText + src[ix.offset(edits[0].Range.End):]
	if got != string(want) {
		t.Errorf("formatted:\n%s\nfray fmt:\n%s", got, want)
	}
	// A formatted buffer needs no edit; one that does not parse gets none.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []map[string]any{{"text": string(want)}}})
	c.result("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{}}, &edits)
	if len(edits) != 0 {
		t.Errorf("a formatted buffer: %+v", edits)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []map[string]any{{"text": "phase {"}}})
	c.result("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{}}, &edits)
	if len(edits) != 0 {
		t.Errorf("a buffer that does not parse: %+v", edits)
	}
}

func TestDocumentSymbols(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, _ := c.open("rules/ten_segment_rounds.fray")
	var syms []DocumentSymbol
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	byName := map[string]DocumentSymbol{}
	for _, s := range syms {
		byName[s.Name] = s
	}
	for name, kind := range map[string]int{"Ten-segment rounds": symModule, "surprise_die": symConstant, "hit": symEvent, "attack": symMethod,
		"surprise_adjustment": symOperator, "initiative": symNamespace, "combatant": symStruct, "side": symStruct, "end when": symObject} {
		s, ok := byName[name]
		if !ok {
			t.Errorf("no symbol %s", name)
			continue
		}
		if s.Kind != kind {
			t.Errorf("symbol %s: kind %d, want %d", name, s.Kind, kind)
		}
		if s.SelectionRange.Start.Line < s.Range.Start.Line || s.SelectionRange.End.Line > s.Range.End.Line {
			t.Errorf("symbol %s: selection %+v outside %+v", name, s.SelectionRange, s.Range)
		}
	}
	var hp bool
	for _, ch := range byName["combatant"].Children {
		if ch.Name == "hp" && ch.Detail == "int" && ch.Kind == symField {
			hp = true
		}
	}
	if !hp {
		t.Errorf("the combatant schema lacks its attribute hp: %+v", byName["combatant"].Children)
	}
	crucibleURI, _ := c.open("rules/crucible_of_souls.fray")
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": crucibleURI}}, &syms)
	tables := 0
	for _, s := range syms {
		if s.Kind == symEnum {
			tables++
		}
	}
	if tables != 2 {
		t.Errorf("crucible_of_souls.fray has 2 tables, the outline %d: %+v", tables, syms)
	}
	encURI, _ := c.open("testdata/encounters/halvaine_and_the_orcs.fray")
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": encURI}}, &syms)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
		for _, ch := range s.Children {
			names = append(names, s.Name+"/"+ch.Name)
		}
	}
	for _, w := range []string{"party", "party/halvaine", "orcs/grishak", "round 1", "round 1/brom: attack"} {
		if !slices.Contains(names, w) {
			t.Errorf("encounter outline lacks %q: %v", w, names)
		}
	}
}

// TestMalformedInput: framing errors, invalid JSON, an oversized message
// and a handler that panics never stop the server.
func TestMalformedInput(t *testing.T) {
	handlers["test/panic"] = func(*Server, json.RawMessage) (any, *rpcError) { panic("boom") }
	defer delete(handlers, "test/panic")
	lim := check.DefaultLimits()
	lim.FileSize = 1000
	c := startServer(t, lim)
	c.initialize()
	c.raw("Content-Length: 5\r\n\r\n{oops")
	c.raw("X-Nothing: 1\r\n\r\n")
	c.raw("Content-Length: nope\r\n\r\n")
	// Over the limit the size limit gives (6 × 1000 + 64 KiB): skipped.
	big := strings.Repeat(" ", 100_000)
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(big), big))
	c.raw(strings.Repeat("x", 5000) + "\r\n\r\n")
	c.raw("Content-Length: 2\r\n\r\n[]")
	c.raw("Content-Length: 2\r\n\r\n{}")
	c.write(map[string]any{"jsonrpc": "2.0", "id": map[string]any{"a": 1}, "method": "shutdown"})
	// The JSON that is not JSON, the array, the object without a method
	// and the id that is an object are answered with a null id.
	for _, want := range []int{codeParseError, codeInvalidRequest, codeInvalidRequest, codeInvalidRequest} {
		select {
		case m := <-c.nulls:
			if m.Error == nil || m.Error.Code != want {
				t.Errorf("got %+v, want error %d", m, want)
			}
		case <-time.After(hangGuard):
			t.Fatalf("no error response %d", want)
		}
	}
	if m := c.call("test/panic", map[string]any{}); m.Error == nil || m.Error.Code != codeInternalError || !strings.Contains(m.Error.Message, "boom") {
		t.Errorf("a panicking handler: %+v", m)
	}
	var syms []DocumentSymbol
	uri, _ := c.open("testdata/lsp_small.fray", "ruleset \"small\" {\n}\nconst a = 1\n")
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	if len(syms) != 2 {
		t.Error("the server does not answer after malformed input")
	}
}

// TestDocumentLimits: the buffers together hold at most 64 times the
// file size limit; past it, an open is refused and named, and nothing
// changes.
func TestDocumentLimits(t *testing.T) {
	lim := check.DefaultLimits()
	lim.FileSize = 1000
	c := startServer(t, lim)
	c.initialize()
	text := strings.Repeat("# a comment to fill the buffer\n", 1000) // 31 000 bytes
	for i := range 2 {
		c.open(fmt.Sprintf("testdata/lsp_big_%d.fray", i), text)
	}
	c.open("testdata/lsp_big_2.fray", text) // 93 000 > 64 000: refused
	m := <-c.notes
	for m.Method != "window/logMessage" {
		m = <-c.notes
	}
	if !strings.Contains(string(m.Params), "64 times --max-file-size") {
		t.Errorf("the refusal: %s", m.Params)
	}
	// The refused buffer is not open: a request on it reads the disk,
	// where it is not.
	if r := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uriOf(filepath.Join(repoRoot(t), "testdata", "lsp_big_2.fray"))}}); r.Error == nil {
		t.Errorf("a refused buffer was opened: %s", r.Result)
	}
}

// TestOlderClients: a client without hierarchical symbols gets the flat
// outline, one that shows plain text only gets hover as plain text.
func TestOlderClients(t *testing.T) {
	c := startServer(t)
	c.result("initialize", map[string]any{"rootUri": uriOf(repoRoot(t)), "capabilities": map[string]any{
		"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"plaintext"}}}}}, nil)
	uri, text := c.open("rules/ten_segment_rounds.fray")
	var flat []symbolInformation
	c.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &flat)
	var hp *symbolInformation
	for i := range flat {
		if flat[i].Name == "hp" {
			hp = &flat[i]
		}
	}
	if hp == nil || hp.ContainerName != "combatant" || hp.Location.URI != uri {
		t.Errorf("the flat outline: %+v", flat)
	}
	var h Hover
	c.result("textDocument/hover", docPos(uri, at(t, text, "self.damage", 0, 5)), &h)
	if h.Contents.Kind != "plaintext" {
		t.Errorf("hover for a plain-text client: %+v", h.Contents)
	}
}

// TestQuickFix: a diagnostic that suggests a name offers to write it.
func TestQuickFix(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	c.diagnostics(uri, 1)
	broken := strings.Replace(text, "if attack_roll >= foe.ac {", "if attack_roll >= foe.acc {", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []map[string]any{{"text": broken}}})
	ds := c.diagnostics(uri, 2)
	if len(ds) != 1 {
		t.Fatalf("diagnostics: %+v", ds)
	}
	var actions []CodeAction
	c.result("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": ds[0].Range, "context": map[string]any{"diagnostics": ds}}, &actions)
	if len(actions) != 1 || actions[0].Title != "Change acc to ac" || actions[0].Kind != "quickfix" {
		t.Fatalf("actions: %+v", actions)
	}
	edits := actions[0].Edit.Changes[uri]
	ix := newLineIndex(broken)
	if len(edits) != 1 {
		t.Fatalf("edits: %+v", edits)
	}
	fixed := broken[:ix.offset(edits[0].Range.Start)] + edits[0].NewText + broken[ix.offset(edits[0].Range.End):]
	if fixed != text {
		t.Errorf("the fix does not restore the file")
	}
}

func TestDocumentHighlight(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	var hs []documentHighlight
	c.result("textDocument/documentHighlight", docPos(uri, at(t, text, "foe == nil", 0, 1)), &hs)
	// let foe = ...; if foe == nil; foe.ac; hit(self, foe, ...); missed(self, foe, ...)
	if len(hs) < 4 || hs[0].Kind != highlightWrite {
		t.Fatalf("highlights of foe: %+v", hs)
	}
	for _, h := range hs[1:] {
		if h.Kind != highlightRead {
			t.Errorf("a use of foe marked %d: %+v", h.Kind, h)
		}
	}
	// An attribute assigned is a write.
	c.result("textDocument/documentHighlight", docPos(uri, at(t, text, "c.act_segment = ", 0, 3)), &hs)
	writes := 0
	for _, h := range hs {
		if h.Kind == highlightWrite {
			writes++
		}
	}
	if writes < 2 { // the declaration and the assignment
		t.Errorf("highlights of act_segment: %+v", hs)
	}
}

func TestWorkspaceSymbol(t *testing.T) {
	c := startServer(t)
	c.initialize()
	var syms []symbolInformation
	c.result("workspace/symbol", map[string]any{"query": "attacksperround"}, &syms)
	want := wantAt(t, "rules/crucible_of_souls.fray", "table attacks_per_round", 0, len("table "), len("attacks_per_round"))
	found := false
	for _, s := range syms {
		if s.Name == "attacks_per_round" && s.Location.URI == want.URI && s.Kind == symEnum {
			found = true
		}
		if !matches(s.Name, "attacksperround") {
			t.Errorf("%q does not match the query", s.Name)
		}
	}
	if !found {
		t.Errorf("workspace/symbol attacksperround: %+v", syms)
	}
}

// TestQuickFixOfAHostileClientIsBounded: the diagnostics of a code
// action request are the client's, which may name any range. A fix
// whose word is over twice as long as the name suggested (no suggestion
// is that far) or whose range ends before it starts is not offered: 300
// diagnostics over a word of a megabyte were an answer of 300 MB (the
// word in each title), and the 160 000 a message may hold, terabytes.
func TestQuickFixOfAHostileClientIsBounded(t *testing.T) {
	c := startServer(t)
	c.initialize()
	long := strings.Repeat("a", 1<<20)
	uri, _ := c.open("long.fray", "ruleset \"x\" {\n}\n"+long+"\n")
	over := Diagnostic{Range: Range{Start: Position{Line: 2}, End: Position{Line: 2, Character: 1 << 20}}, Message: "unknown name; did you mean b?", Source: "fray"}
	reversed := Diagnostic{Range: Range{Start: Position{Line: 2, Character: 5}, End: Position{Line: 2, Character: 3}}, Message: "did you mean bb?", Source: "fray"}
	near := Diagnostic{Range: Range{Start: Position{Line: 2}, End: Position{Line: 2, Character: 4}}, Message: "did you mean abc?", Source: "fray"}
	ds := []Diagnostic{reversed, near}
	for range 300 {
		ds = append(ds, over)
	}
	var actions []CodeAction
	c.result("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": near.Range, "context": map[string]any{"diagnostics": ds}}, &actions)
	if len(actions) != 1 || actions[0].Title != "Change aaaa to abc" {
		t.Fatalf("want the one fix of a word near its suggestion, got %d actions (%.100v)", len(actions), actions)
	}
}
