package interp

import (
	"os"
	"path/filepath"
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
