package fraytest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp/fraytest"
)

// An expectation's loops were bounded with the log taken as 1000 events
// (--max-iterations at check time), but a fight's log may hold hundreds
// of thousands: a count of the log inside a count of it, a find in a
// loop of a million, a join of the log in a loop (gigabytes) ran for
// minutes over 40 000 events, and expr-lang cannot be stopped. Before it
// runs, an expectation's work is estimated over the fight's own log and
// refused past --max-iterations, at its line; expectations that read the
// log once still run.
func TestExpectationWorkIsBoundedByTheLog(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"r.fray": `ruleset "many events" {
  source "hostile"
}

combatant {
  hp: int = 3
}

event tick(n: int) "tick {n}"

phase p each round {
  if round == 1 {
    for i in 1..4000 {
      emit tick(i)
    }
  }
}

end when round > 1
`,
		"log_test.fray": `encounter "e" {
  rules "r.fray"
  rounds 3
}

side a {
  combatant x
}

side b {
  combatant y
}

test "a count of the log inside a count of it" {
  expect count(events, let s = .seq; count(events, .seq <= s) >= 0) == 1
}

test "a find in a long loop" {
  expect all(1..5000, find("no such line") < 0)
}

test "a join of the log in a loop" {
  expect len(map(1..2000, join(log, ""))) == 2000
}

property "a rate of a count inside a count" {
  fights 2
  expect rate(count(events, let s = .seq; count(events, .seq <= s) >= 0) == 1) == 0
}

test "the log read once" {
  expect count(events, .kind == "event") == 4000 && find("tick 4000") >= 0 && len(join(log, "")) > 0
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, diags := check.UnderRoot(dir).NewLinter().LoadTests(filepath.Join(dir, "log_test.fray"), diag.Sources{})
	if diags.HasErrors() || tf == nil {
		t.Fatalf("the test file does not check: %v", diags)
	}
	outcomes := fraytest.NewRunner(fraytest.Options{}).RunFile(tf)
	if len(outcomes) != 5 {
		t.Fatalf("%d outcomes, want 5", len(outcomes))
	}
	for _, o := range outcomes {
		var b strings.Builder
		fraytest.WriteOutcome(&b, o, false)
		if o.Name == "the log read once" {
			if o.Result != fraytest.Pass {
				t.Errorf("%s: %s", o.Name, b.String())
			}
			continue
		}
		if o.Result != fraytest.Error || !strings.Contains(b.String(), "log of 4002 events") || !strings.Contains(b.String(), "raise it with --max-iterations") {
			t.Errorf("%q: %s, want an error at its expect naming --max-iterations:\n%s", o.Name, o.Result, b.String())
		}
	}
}
