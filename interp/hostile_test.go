package interp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Every file of testdata/hostile is a rule file written to crash, hang or
// exhaust a run (a function that calls itself twice, a string doubled in
// a loop, nested replace(), predicates inside functions inside
// predicates, a table whose effect applies it again, a block that
// reschedules itself, empty per-segment phases). With the default
// options each must stop with an error that names the limit it ran into
// and the flag that raises it, given in the rule file's first line
// ("# want: ..."); and the same file with the limit raised out of reach
// is not what this test runs: default flags are what users have.
func TestHostileFilesAreStopped(t *testing.T) {
	t.Parallel()
	encs, _ := filepath.Glob(filepath.Join("..", "testdata", "hostile", "*_encounter.fray"))
	if len(encs) == 0 {
		t.Fatal("no hostile files")
	}
	want := regexp.MustCompile(`^# want: (.+)`)
	for _, f := range encs {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			rules := strings.TrimSuffix(f, "_encounter.fray") + ".fray"
			src, err := os.ReadFile(rules)
			if err != nil {
				t.Fatal(err)
			}
			m := want.FindSubmatch(src)
			if m == nil {
				t.Fatalf("%s does not say what it wants (# want: ...)", rules)
			}
			enc, diags := check.UnderRoot("..").LoadEncounter(f, "", diag.Sources{})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			var logged int
			_, err = New(Lower(enc.Rules), enc, Options{Seed: 1, Sink: func(e *Event) { logged += len(e.Text) }}).Play()
			if err == nil || !strings.Contains(err.Error(), string(m[1])) {
				t.Fatalf("want an error naming %q, got %v", m[1], err)
			}
			if !strings.Contains(err.Error(), ".fray:") {
				t.Errorf("the error is not placed in the rule file: %v", err)
			}
			if n := len(err.Error()); n > 1000 {
				t.Errorf("the error is %d bytes long (quoted at every level of nesting?): %.300s", n, err)
			}
			if logged > DefaultMaxLog+1<<20 {
				t.Errorf("the run logged %d bytes, over --max-log", logged)
			}
		})
	}
}
