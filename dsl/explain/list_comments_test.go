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
