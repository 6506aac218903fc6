package interp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// loadWritten writes a generated rule file NAME.fray and its encounter
// NAME_encounter.fray to a fresh directory and loads the encounter,
// failing the test on any error: the set-up of the tests that build
// hostile rule files in Go.
func loadWritten(t *testing.T, name, rules, encounter string) *check.Encounter {
	t.Helper()
	dir := t.TempDir()
	for file, text := range map[string]string{name + ".fray": rules, name + "_encounter.fray": encounter} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e, diags := check.UnderRoot(dir).LoadEncounter(filepath.Join(dir, name+"_encounter.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return e
}

// conditionsRuleset starts a generated rule file NAME that declares n
// empty conditions c1 to cn, for the tests of many conditions on one
// combatant; the caller writes its phases and end.
func conditionsRuleset(name string, n int) *strings.Builder {
	var b strings.Builder
	fmt.Fprintf(&b, "ruleset %q {\n  source \"test\"\n  default rest\n}\ncombatant {\n  hp: int = 3\n}\naction rest {\n}\n", name)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "condition c%d {\n}\n", i)
	}
	return &b
}
