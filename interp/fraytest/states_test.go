package fraytest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/interp/fraytest"
)

// A fight of many rounds and a crowd, read by after_round: its states
// copied every side and combatant at every round (100 000 rounds of a
// thousand combatants: past 30 s, held at the memory limit). The copies
// are bounded by --max-log; past it the test (or property) is an error
// that names the flag. A small --max-log keeps the case quick.
func TestStatesAreBoundedByMaxLog(t *testing.T) {
	dir := t.TempDir()
	rules := `ruleset "snapshots" {
  source "hostile"
}

combatant {
  hp: int = 3
}

phase p each round {
  log "r"
}

end when round > 1000
`
	var enc strings.Builder
	enc.WriteString("encounter \"crowd\" {\n  rules \"r.fray\"\n  rounds 1100\n}\n\n")
	for _, side := range []string{"a", "b"} {
		fmt.Fprintf(&enc, "side %s {\n", side)
		for i := range 100 {
			fmt.Fprintf(&enc, "  combatant %s%d\n", side, i)
		}
		enc.WriteString("}\n\n")
	}
	enc.WriteString(`test "reads a round" {
  expect after_round(1).a0.hp == 3
}

property "reads a round in each fight" {
  fights 2
  expect rate(after_round(1).a0.hp == 3) == 1
}
`)
	for name, text := range map[string]string{"r.fray": rules, "crowd_test.fray": enc.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, diags := check.UnderRoot(dir).NewLinter().LoadTests(filepath.Join(dir, "crowd_test.fray"), diag.Sources{})
	if diags.HasErrors() || tf == nil {
		t.Fatalf("the test file does not check: %v", diags)
	}
	// 1000 rounds of 200 combatants: far more than 4 * 64 KiB of copies.
	runner := fraytest.NewRunner(fraytest.Options{Fight: interp.Options{MaxLog: 64 << 10}})
	outcomes := runner.RunFile(tf)
	if len(outcomes) != 2 {
		t.Fatalf("%d outcomes, want 2", len(outcomes))
	}
	for _, o := range outcomes {
		var b strings.Builder
		fraytest.WriteOutcome(&b, o, false)
		if o.Result != fraytest.Error || !strings.Contains(b.String(), "after_round and after_segment keep a copy") || !strings.Contains(b.String(), "raise it with --max-log") {
			t.Errorf("%s %q: %s, want an error naming --max-log:\n%s", o.Kind, o.Name, o.Result, b.String())
		}
	}

	// The same file at the default --max-log passes: the bound is far
	// above what a test of a few rounds keeps.
	for _, o := range fraytest.NewRunner(fraytest.Options{}).RunFile(tf) {
		if o.Result != fraytest.Pass {
			var b strings.Builder
			fraytest.WriteOutcome(&b, o, false)
			t.Errorf("at the default --max-log: %s", b.String())
		}
	}
}
