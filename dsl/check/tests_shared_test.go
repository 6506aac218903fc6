package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of a file that name one encounter load it once: 3000 tests
// of an encounter over a chain of 300 variants merged the chain for
// each test (30 s); and each test still reports its own mistakes.
func TestTestsShareTheirEncounter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("v0.fray", "ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  log \"p\"\n}\n\nend when round > 1\n")
	for i := 1; i <= 300; i++ {
		write(fmt.Sprintf("v%d.fray", i), fmt.Sprintf("ruleset \"v%d\" {\n  extends \"v%d.fray\"\n}\n", i, i-1))
	}
	write("enc.fray", "encounter \"E\" {\n  rules \"v300.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n")
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "test \"t%d\" {\n  encounter \"enc.fray\"\n  seed %d\n  expect len(events) >= 0\n}\n\n", i, i)
	}
	b.WriteString("test \"misspelled\" {\n  encounter \"enc.fray\"\n  expect x.hq == 1\n}\n")
	write("many_test.fray", b.String())
	diags, _ := lintWithin(t, deepOptions(dir, 300), filepath.Join(dir, "many_test.fray"))
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "did you mean hp?") || diags[0].Subject.Start.Line != 18003 {
		t.Errorf("want one finding, x.hq at line 18003 with a suggestion; got %v", diags)
	}
}
