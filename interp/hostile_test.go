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
// ("# want: ..."). The files are played under a tenth of the default
// --max-steps and --max-log (hostileOptions): most of the test's CPU was
// the ten million steps each file spends before it is stopped, and the
// limit, its message and its flag are the same at any value.
// TestHostileDefaultsAreTheDocumented pins what users have, the defaults.
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
			opt := hostileOptions(filepath.Base(f))
			opt.Sink = func(e *Event) { logged += len(e.Text) }
			_, err = New(Lower(enc.Rules), enc, opt).Play()
			if err == nil || !strings.Contains(err.Error(), string(m[1])) {
				t.Fatalf("want an error naming %q, got %v", m[1], err)
			}
			if !strings.Contains(err.Error(), ".fray:") {
				t.Errorf("the error is not placed in the rule file: %v", err)
			}
			if n := len(err.Error()); n > 1000 {
				t.Errorf("the error is %d bytes long (quoted at every level of nesting?): %.300s", n, err)
			}
			if logged > opt.MaxLog+opt.MaxLog/16 { // a line past it: 1 MiB at the default
				t.Errorf("the run logged %d bytes, over --max-log", logged)
			}
		})
	}
}

// hostileOptions are the limits TestHostileFilesAreStopped plays a file
// under: a tenth of the default --max-steps and --max-log (a tenth of the
// default --max-steps is what cmd/fray's TestNoInputPanics gives them
// too), except where a tenth of --max-steps would be met before the limit
// the file is about.
func hostileOptions(file string) Options {
	opt := Options{Seed: 1, MaxSteps: DefaultMaxSteps / 10, MaxLog: DefaultMaxLog / 10}
	switch file {
	case "order_of_a_million_encounter.fray":
		// Each pass of its while loop is about a million steps, and
		// its first order line passes --max-log: under the default
		// --max-steps it stops there sooner (2 s against 4 s).
		opt.MaxSteps = DefaultMaxSteps
	case "string_list_doubling_encounter.fray":
		// Its doubled list of strings passes --max-expr-memory at the
		// 19th doubling, past a million steps of the while loop.
		opt.MaxSteps = DefaultMaxSteps
	}
	return opt
}

// The limits TestHostileFilesAreStopped lowers are, by default, what
// the README's table of limits says, and what a run takes when its
// options leave them zero (cmd/fray's flags default to these constants).
func TestHostileDefaultsAreTheDocumented(t *testing.T) {
	t.Parallel()
	if DefaultMaxSteps != 10_000_000 || DefaultMaxLog != 16<<20 {
		t.Errorf("--max-steps %d, --max-log %d: the README says 10 000 000 and 16 MiB", DefaultMaxSteps, DefaultMaxLog)
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{"| `--max-steps` | 10 000 000 |", "| `--max-log` | 16 MiB |"} {
		if !strings.Contains(string(readme), row) {
			t.Errorf("the README's table of limits has no row %q", row)
		}
	}
	l := loadedRuleset(repoRuleFiles(t)[0])
	r := New(l.plan, probeEncounter(l.m), Options{Seed: 1})
	if r.opt.MaxSteps != DefaultMaxSteps || r.opt.MaxLog != DefaultMaxLog {
		t.Errorf("a run with no limits given has --max-steps %d and --max-log %d, not the defaults", r.opt.MaxSteps, r.opt.MaxLog)
	}
}
