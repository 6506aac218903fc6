package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// Test files of one run that name the same encounter share it, loaded
// once (and so one plan for fray test): 2000 test files naming one
// encounter over a chain of 250 variants loaded it 2000 times (20 s,
// 1.8 GB). Each file still reports its own mistakes, and an encounter
// that does not load is reported in each file that names it.
func TestTestFilesShareTheirEncounter(t *testing.T) {
	t.Parallel()
	dir := writeChain(t, 50)
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write("enc.fray", "encounter \"E\" {\n  rules \"v50.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n")
	write("broken.fray", "encounter \"B\" {\n  rules \"v50.fray\"\n}\nside a {\n  combatant x {\n    hq = 1\n  }\n}\nside b {\n  combatant y\n}\n")
	l := Options{Root: dir}.NewLinter()
	var first *Encounter
	for i := range 200 {
		text := fmt.Sprintf("test \"t%d\" {\n  encounter \"enc.fray\"\n  expect len(events) >= 0\n}\n", i)
		if i%50 == 7 {
			text += "test \"typo\" {\n  encounter \"enc.fray\"\n  expect x.hq == 1\n}\n"
		}
		if i%50 == 9 {
			text += "test \"broken\" {\n  encounter \"broken.fray\"\n  expect len(events) >= 0\n}\n"
		}
		path := write(fmt.Sprintf("t%d_test.fray", i), text)
		tf, diags := l.LoadTests(path, diag.Sources{})
		var errs []string
		for _, d := range diags {
			if d.Severity == diag.Error {
				errs = append(errs, fmt.Sprintf("%s:%d: %s", filepath.Base(d.Subject.Filename), d.Subject.Start.Line, d.Summary))
			}
		}
		switch i % 50 {
		case 7:
			if len(errs) != 1 || !strings.Contains(errs[0], fmt.Sprintf("t%d_test.fray:7: combatant has no attribute hq", i)) {
				t.Errorf("t%d_test.fray: %v", i, errs)
			}
		case 9:
			if len(errs) != 2 || !strings.Contains(strings.Join(errs, "\n"), fmt.Sprintf("t%d_test.fray:6: the test's encounter broken.fray does not load", i)) {
				t.Errorf("t%d_test.fray: %v", i, errs)
			}
		default:
			if len(errs) != 0 || tf == nil {
				t.Fatalf("t%d_test.fray: %v", i, errs)
			}
			if first == nil {
				first = tf.Tests[0].Enc
			} else if tf.Tests[0].Enc != first {
				t.Fatalf("t%d_test.fray loaded the encounter again", i)
			}
		}
	}
}
