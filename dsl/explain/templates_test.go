package explain_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// A template with an escaped apostrophe is shown as written, in the text
// and the Markdown, in the list of events and in the steps that emit
// one: the checklist quoted the unquoted text again and lost the
// backslash ("{by.name + ”s '}", which reads as two strings; the tenth
// homebrew round's brawl and the eleventh's dohyo write it so). Every
// other template is shown as Go quotes it, as before (TestGolden).
func TestTemplateApostrophes(t *testing.T) {
	const want = `"{c.name} {how}{by == none ? '' : ' (' + by.name + '\'s ' + ordinal(by.wins + 1) + ')'}"`
	for name, out := range bothRenderings(t, filepath.Join("..", "..", "testdata", "bench", "homebrew", "dohyo.fray")) {
		flat := strings.Join(strings.Fields(out), " ")
		if n := strings.Count(flat, want); n < 4 { // the event, the_straw's emit, two rows' effects
			t.Errorf("%s: the template shown as written %d times, want 4 or more", name, n)
		}
		if strings.Contains(flat, `''s`) {
			t.Errorf("%s: an escaped apostrophe lost its backslash", name)
		}
	}
}
