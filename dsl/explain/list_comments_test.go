package explain_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestListCommentsKeepTheirItems: a comment that lists house rules
// ("- Initiative is a d8 ...", "- Morale is ...") is explained item by
// item, not run together into one paragraph ("... over 7. - Morale is
// ..."), in text and in Markdown. The homebrew warband's header is such
// a list.
func TestListCommentsKeepTheirItems(t *testing.T) {
	for name, out := range bothRenderings(t, filepath.Join("..", "..", "testdata", "bench", "homebrew", "warband.fray")) {
		for _, item := range []string{"- Initiative is a d8", "- Morale is the \"brave roll\"", "- A unit that outnumbers", "- A routed unit"} {
			if !strings.Contains(out, "\n"+item) {
				t.Errorf("%s: no line starts with %q:\n%s", name, item, out[:min(len(out), 800)])
			}
		}
	}
}

// TestIndentedCommentLinesStandApart: a comment line indented past the
// space after "#" (the command every homebrew header ends with, "#   go
// run ./cmd/fray run ...") is a paragraph of its own, in text and in
// Markdown, not joined to the sentence before it ("... as well as
// striking. go run ./cmd/fray run"), found by the twelfth homebrew round.
func TestIndentedCommentLinesStandApart(t *testing.T) {
	for name, out := range bothRenderings(t, filepath.Join("..", "..", "testdata", "bench", "homebrew", "venom.fray")) {
		if !strings.Contains(out, "\n\ngo run ./cmd/fray run testdata/bench/homebrew/venom_encounter.fray\n") {
			t.Errorf("%s: the command is not a paragraph of its own:\n%s", name, out[:min(len(out), 1600)])
		}
		if !strings.Contains(out, "as well as striking.\n") && !strings.Contains(out, "as well as\nstriking.\n") {
			t.Errorf("%s: the paragraph before the command does not end at its sentence:\n%s", name, out[:min(len(out), 1600)])
		}
	}
}
