package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// Nothing of expr-lang's environment or builtins outside fray's standard
// library is reachable from a rule: each is an error at its place.
func TestExprInternalsAreUnreachable(t *testing.T) {
	t.Parallel()
	for _, e := range []string{"ctx", "ctx.Value(1)", "$env", `get($env, "c")`, "toJSON(c)", `fromJSON("1")`,
		`repeat("a", 100000000)`, "now()", `date("2020")`, `duration("1h")`, `env("HOME")`, `sprintf("%999999999d", 1)`, `toBase64("a")`,
		"__add(1, 2)", "__dice(1, 6)"} {
		t.Run(e, func(t *testing.T) {
			t.Parallel()
			src := "ruleset \"names\" { source \"x\" }\n\ncombatant {\n  note: string = \"\"\n}\n\nphase p each round {\n  for c in combatants {\n    c.note = string(" + e + ")\n  }\n}\n\nend when round > 1\n"
			path := filepath.Join(t.TempDir(), "names.fray")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			diags, _ := lintWithin(t, Options{}, path)
			var found bool
			for _, d := range diags {
				if d.Severity == diag.Error && (d.Code == diag.CodeUnknownName || d.Code == diag.CodeSyntax) {
					found = d.Subject.Start.Line == 9 && d.Subject.Start.Column >= 21
					if !found {
						t.Errorf("misplaced: %v", d)
					}
				}
			}
			if !found {
				t.Errorf("%s is not refused: %v", e, diags)
			}
		})
	}
}
