package explain_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/explain"
	"github.com/frayrules/fray/dsl/syntax"
)

// FuzzExplain: any rule file that checks can be explained, as text and as
// Markdown, without a panic, and no line of the text is made by a string
// of the rule (a label with a line break stays on its line).
func FuzzExplain(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "rules", "*.fray"))
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(string(src))
		}
	}
	f.Add("ruleset \"r\" {\n  source \"x\"\n}\n# doc\ntable t d6 {\n  1-3: \"a\\nb\" 1\n  4+: \"c\" 2\n}\nphase p each round {\n  log \"{t()}\"\n}\nend when round > 1\n")
	f.Add("ruleset \"a\\nb\\r\\u2028c\" {\n  source \"s\\nfile: x\"\n}\ncombatant {\n  hp: int = 1\n}\nphase p each round {\n  for c in combatants {\n    c.hp = c.hp - 1\n  }\n}\nend when round > 1\n")
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := syntax.Parse("fuzz.fray", src)
		if file == nil || diags.HasErrors() || check.IsEncounter(file) {
			return
		}
		m, diags := check.UnderRoot(".").Check(file)
		if diags.HasErrors() || m == nil {
			return
		}
		doc := explain.Build(m, nil)
		var text, md bytes.Buffer
		if err := explain.Text(&text, doc); err != nil {
			t.Fatal(err)
		}
		if err := explain.Markdown(&md, doc); err != nil {
			t.Fatal(err)
		}
		// The header's strings stay on their lines: the title, its rule
		// of = as long; the Markdown heading, then a blank line; the
		// source on one line.
		lines := strings.Split(text.String(), "\n")
		if len(lines) < 3 || utf8.RuneCountInString(lines[0]) != len(lines[1]) || strings.Trim(lines[1], "=") != "" || !strings.HasPrefix(lines[2], "file: ") {
			t.Fatalf("the text's header is not its title, rule and file:\n%s", text.String())
		}
		mdLines := strings.Split(md.String(), "\n")
		if len(mdLines) < 3 || !strings.HasPrefix(mdLines[0], "# ") || mdLines[1] != "" || !strings.HasPrefix(mdLines[2], "file: ") {
			t.Fatalf("the Markdown's header is not its heading and facts:\n%s", md.String())
		}
		for _, tb := range doc.Tables {
			for _, r := range tb.Rows {
				if strings.ContainsAny(r.Label, "\r\n") {
					t.Fatalf("a row label with a line break: %q", r.Label)
				}
			}
		}
	})
}
