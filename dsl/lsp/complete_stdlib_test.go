package lsp

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

// TestCompletionOffersEveryLibraryFunction holds completion to the one
// table of the standard library: each function a rule may call (not the
// internal __ ones) is offered with its signature and doc, so a new
// builtin (free_square, the eleventh homebrew round's) needs no list
// here or in the server kept by hand.
func TestCompletionOffersEveryLibraryFunction(t *testing.T) {
	c := startServer(t)
	c.initialize()
	uri, text := c.open("rules/ten_segment_rounds.fray")
	anchor := "    c.initiative = c.side.init + adjustment\n"
	i := strings.Index(text, anchor)
	if i < 0 {
		t.Fatal("anchor not found")
	}
	edited := text[:i] + "    \n" + text[i:]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []map[string]any{{"text": edited}}})
	offered := map[string]CompletionItem{}
	for _, it := range complete(t, c, uri, at(t, edited, "    \n", 0, 4)) {
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
}
