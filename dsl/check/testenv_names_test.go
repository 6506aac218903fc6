package check

import (
	"os"
	"path/filepath"
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
