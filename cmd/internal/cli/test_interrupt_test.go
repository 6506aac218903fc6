package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTestInterruptedInsideAFight: Ctrl-C while fray test plays a long
// fight stops it there (the fight polls the context), reports the tests
// that ran in full (the quick one before it) and exits 130 saying so,
// rather than being abandoned after interruptGrace with nothing shown.
// Ctrl-C comes once the slow fight is inside its procedure (insideAProc:
// the quick rules have none).
func TestTestInterruptedInsideAFight(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"rules.fray": slowRules,
		"enc.fray":   slowEncounter,
		"quick.fray": strings.Replace(slowEncounter, `rules "rules.fray"`, `rules "quick_rules.fray"`, 1),
		"quick_rules.fray": `ruleset "quick" {
  source "x"
}

combatant {
  hp: int = 1
}

phase nothing each round {
  log "round {round}"
}

end when round >= 1
`,
		"slow_test.fray": `test "a fight that ends at once" {
  encounter "quick.fray"
  expect true
}

test "a fight that takes long" {
  encounter "enc.fray"
  expect true
}

test "a test after it" {
  encounter "quick.fray"
  expect true
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runInterrupted(t, insideAProc, "--root", dir, "test", "--max-steps", "1000000000000", filepath.Join(dir, "slow_test.fray"))
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s%s", code, exitInterrupted, out, errs)
	}
	if want := "fray: interrupted: the report above covers the 1 test that ran in full\n"; errs != want {
		t.Errorf("stderr %q, want %q (the abandoned command's message means the fight did not stop)", errs, want)
	}
	if !regexp.MustCompile(`(?m)^INTERRUPTED: 1 test passed in 1 file$`).MatchString(out) {
		t.Errorf("the report does not show the quick test:\n%s", out)
	}
	if strings.Contains(out, "a fight that takes long") || strings.Contains(out, "a test after it") {
		t.Errorf("the report shows a test that did not run in full:\n%s", out)
	}
}
