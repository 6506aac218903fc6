package explain

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// quoted is a log or event template as the checklist shows it: quoted
// as Go quotes the text, or, where the rule file escaped an apostrophe
// inside it ("{by.name + '\'s blade'}", README's form), the literal as
// written. The text is unquoted, and quoting it again loses the
// backslash: the tenth homebrew round's form read "{by.name + ”s
// blade'}" in the checklist (found by the eleventh). Only the
// apostrophes differ from Go's quoting where the literal is used, so
// the checklist of any other template is as it was.
func (b *builder) quoted(text string, from, to lexer.Position, last bool) string {
	q := fmt.Sprintf("%q", text)
	if !strings.Contains(text, "'") || b.m.File == nil {
		return q
	}
	tok, ok := b.m.File.StringIn(from, to, last)
	if ok && strings.Contains(tok.Value, `\'`) && strings.ReplaceAll(tok.Value, `\'`, "'") == q {
		return tok.Value
	}
	return q
}
