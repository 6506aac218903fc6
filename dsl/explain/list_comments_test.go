package explain_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/explain"
)

// TestListCommentsKeepTheirItems: a comment that lists house rules
// ("- Initiative is a d8 ...", "- Morale is ...") is explained item by
// item, not run together into one paragraph ("... over 7. - Morale is
// ..."), in text and in Markdown. The homebrew warband's header is such
// a list.
func TestListCommentsKeepTheirItems(t *testing.T) {
	doc := load(t, filepath.Join("..", "..", "testdata", "bench", "homebrew", "warband.fray"))
	var text, md bytes.Buffer
	if err := explain.Text(&text, doc); err != nil {
		t.Fatal(err)
	}
	if err := explain.Markdown(&md, doc); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "markdown": md.String()} {
		for _, item := range []string{"- Initiative is a d8", "- Morale is the \"brave roll\"", "- A unit that outnumbers", "- A routed unit"} {
			if !strings.Contains(out, "\n"+item) {
				t.Errorf("%s: no line starts with %q:\n%s", name, item, out[:min(len(out), 800)])
			}
		}
	}
}
