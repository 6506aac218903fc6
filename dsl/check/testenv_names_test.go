package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// A combatant or side named as one of expr-lang's built-ins (len, count,
// filter, ...) took the built-in's name in its test file's expectations:
// `len(combatants)` was "combatant is not callable" (F110) in a file
// whose encounter merely had a fighter called len. Such a name is left
// out, as the environment's own names are, and reached through
// combatants or sides.
func TestTestNamesLeaveBuiltins(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"r.fray": "ruleset \"names\" {\n  source \"x\"\n}\n\ncombatant {\n  hp: int = 3\n}\n\nphase p each round {\n  for c in combatants {\n    c.hp -= 1\n  }\n}\n\nend when round > 1\n",
		"names_test.fray": `encounter "builtins by name" {
  rules "r.fray"
}

side all {
  combatant len
  combatant count
}

side filter {
  combatant upper
  combatant bob
}

test "the built-ins are the built-ins" {
  expect len(combatants) == 4 && count(combatants, .hp == 2) == 4 && all(sides, len(#.name) > 2)
  expect len(filter(combatants, .name == "len")) == 1 && upper("a") == "A" && bob.hp == 2
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	diags, _ := lintWithin(t, Options{Root: dir}, filepath.Join(dir, "names_test.fray"))
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Errorf("%v", d)
		}
	}
}

// A field an event of the log lacks (events[0].args, .txt): the summary
// named fray's Go type ("check.TestEvent has no attribute args") and the
// hint offered the combatant block. It names an event, and a misspelling
// is matched against an event's fields.
func TestTestEventFieldUnknown(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"r.fray": "ruleset \"names\" {\n  source \"x\"\n}\n\ncombatant {\n  hp: int = 3\n}\n\nphase p each round {\n  for c in combatants {\n    c.hp -= 1\n  }\n}\n\nend when round > 1\n",
		"ev_test.fray": "encounter \"e\" {\n  rules \"r.fray\"\n}\n\nside a {\n  combatant x\n}\n\nside b {\n  combatant y\n}\n\n" +
			"test \"fields\" {\n  expect events[0].args == 2\n  expect events[0].txt == \"a\"\n}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	diags, _ := lintWithin(t, Options{Root: dir}, filepath.Join(dir, "ev_test.fray"))
	var got []string
	for _, d := range diags {
		if d.Severity == diag.Error {
			got = append(got, d.Summary+" | "+d.Detail)
		}
	}
	want := []string{
		"an event has no field args | an event of the log has the fields of docs/testing.md",
		"an event has no field txt | did you mean text? an event of the log has the fields of docs/testing.md",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
