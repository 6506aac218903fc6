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
// minutes over 40 000 events, as did string, toJSON, flatten or in of a
// list that holds another twice, sixty deep (2^60 items in a few hundred
// bytes: past 20 s and 1 GB); expr-lang cannot be stopped. Before it
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

test "a list doubled sixty times, printed" {
  expect string(first(map([1], let a0 = [1, 1]; let a1 = [a0, a0]; let a2 = [a1, a1]; let a3 = [a2, a2]; let a4 = [a3, a3]; let a5 = [a4, a4]; let a6 = [a5, a5]; let a7 = [a6, a6]; let a8 = [a7, a7]; let a9 = [a8, a8]; let a10 = [a9, a9]; let a11 = [a10, a10]; let a12 = [a11, a11]; let a13 = [a12, a12]; let a14 = [a13, a13]; let a15 = [a14, a14]; let a16 = [a15, a15]; let a17 = [a16, a16]; let a18 = [a17, a17]; let a19 = [a18, a18]; let a20 = [a19, a19]; let a21 = [a20, a20]; let a22 = [a21, a21]; let a23 = [a22, a22]; let a24 = [a23, a23]; let a25 = [a24, a24]; let a26 = [a25, a25]; let a27 = [a26, a26]; let a28 = [a27, a27]; let a29 = [a28, a28]; let a30 = [a29, a29]; let a31 = [a30, a30]; let a32 = [a31, a31]; let a33 = [a32, a32]; let a34 = [a33, a33]; let a35 = [a34, a34]; let a36 = [a35, a35]; let a37 = [a36, a36]; let a38 = [a37, a37]; let a39 = [a38, a38]; let a40 = [a39, a39]; let a41 = [a40, a40]; let a42 = [a41, a41]; let a43 = [a42, a42]; let a44 = [a43, a43]; let a45 = [a44, a44]; let a46 = [a45, a45]; let a47 = [a46, a46]; let a48 = [a47, a47]; let a49 = [a48, a48]; let a50 = [a49, a49]; let a51 = [a50, a50]; let a52 = [a51, a51]; let a53 = [a52, a52]; let a54 = [a53, a53]; let a55 = [a54, a54]; let a56 = [a55, a55]; let a57 = [a56, a56]; let a58 = [a57, a57]; let a59 = [a58, a58]; let a60 = [a59, a59]; a60))) == ""
}

test "a list doubled sixty times, as JSON" {
  expect toJSON(first(map([1], let a0 = [1, 1]; let a1 = [a0, a0]; let a2 = [a1, a1]; let a3 = [a2, a2]; let a4 = [a3, a3]; let a5 = [a4, a4]; let a6 = [a5, a5]; let a7 = [a6, a6]; let a8 = [a7, a7]; let a9 = [a8, a8]; let a10 = [a9, a9]; let a11 = [a10, a10]; let a12 = [a11, a11]; let a13 = [a12, a12]; let a14 = [a13, a13]; let a15 = [a14, a14]; let a16 = [a15, a15]; let a17 = [a16, a16]; let a18 = [a17, a17]; let a19 = [a18, a18]; let a20 = [a19, a19]; let a21 = [a20, a20]; let a22 = [a21, a21]; let a23 = [a22, a22]; let a24 = [a23, a23]; let a25 = [a24, a24]; let a26 = [a25, a25]; let a27 = [a26, a26]; let a28 = [a27, a27]; let a29 = [a28, a28]; let a30 = [a29, a29]; let a31 = [a30, a30]; let a32 = [a31, a31]; let a33 = [a32, a32]; let a34 = [a33, a33]; let a35 = [a34, a34]; let a36 = [a35, a35]; let a37 = [a36, a36]; let a38 = [a37, a37]; let a39 = [a38, a38]; let a40 = [a39, a39]; let a41 = [a40, a40]; let a42 = [a41, a41]; let a43 = [a42, a42]; let a44 = [a43, a43]; let a45 = [a44, a44]; let a46 = [a45, a45]; let a47 = [a46, a46]; let a48 = [a47, a47]; let a49 = [a48, a48]; let a50 = [a49, a49]; let a51 = [a50, a50]; let a52 = [a51, a51]; let a53 = [a52, a52]; let a54 = [a53, a53]; let a55 = [a54, a54]; let a56 = [a55, a55]; let a57 = [a56, a56]; let a58 = [a57, a57]; let a59 = [a58, a58]; let a60 = [a59, a59]; a60))) == ""
}

test "a list doubled sixty times, flattened" {
  expect len(flatten(first(map([1], let a0 = [1, 1]; let a1 = [a0, a0]; let a2 = [a1, a1]; let a3 = [a2, a2]; let a4 = [a3, a3]; let a5 = [a4, a4]; let a6 = [a5, a5]; let a7 = [a6, a6]; let a8 = [a7, a7]; let a9 = [a8, a8]; let a10 = [a9, a9]; let a11 = [a10, a10]; let a12 = [a11, a11]; let a13 = [a12, a12]; let a14 = [a13, a13]; let a15 = [a14, a14]; let a16 = [a15, a15]; let a17 = [a16, a16]; let a18 = [a17, a17]; let a19 = [a18, a18]; let a20 = [a19, a19]; let a21 = [a20, a20]; let a22 = [a21, a21]; let a23 = [a22, a22]; let a24 = [a23, a23]; let a25 = [a24, a24]; let a26 = [a25, a25]; let a27 = [a26, a26]; let a28 = [a27, a27]; let a29 = [a28, a28]; let a30 = [a29, a29]; let a31 = [a30, a30]; let a32 = [a31, a31]; let a33 = [a32, a32]; let a34 = [a33, a33]; let a35 = [a34, a34]; let a36 = [a35, a35]; let a37 = [a36, a36]; let a38 = [a37, a37]; let a39 = [a38, a38]; let a40 = [a39, a39]; let a41 = [a40, a40]; let a42 = [a41, a41]; let a43 = [a42, a42]; let a44 = [a43, a43]; let a45 = [a44, a44]; let a46 = [a45, a45]; let a47 = [a46, a46]; let a48 = [a47, a47]; let a49 = [a48, a48]; let a50 = [a49, a49]; let a51 = [a50, a50]; let a52 = [a51, a51]; let a53 = [a52, a52]; let a54 = [a53, a53]; let a55 = [a54, a54]; let a56 = [a55, a55]; let a57 = [a56, a56]; let a58 = [a57, a57]; let a59 = [a58, a58]; let a60 = [a59, a59]; a60)))) == 0
}

test "a list doubled sixty times, looked for" {
  expect first(map([1], let a0 = [1, 1]; let a1 = [a0, a0]; let a2 = [a1, a1]; let a3 = [a2, a2]; let a4 = [a3, a3]; let a5 = [a4, a4]; let a6 = [a5, a5]; let a7 = [a6, a6]; let a8 = [a7, a7]; let a9 = [a8, a8]; let a10 = [a9, a9]; let a11 = [a10, a10]; let a12 = [a11, a11]; let a13 = [a12, a12]; let a14 = [a13, a13]; let a15 = [a14, a14]; let a16 = [a15, a15]; let a17 = [a16, a16]; let a18 = [a17, a17]; let a19 = [a18, a18]; let a20 = [a19, a19]; let a21 = [a20, a20]; let a22 = [a21, a21]; let a23 = [a22, a22]; let a24 = [a23, a23]; let a25 = [a24, a24]; let a26 = [a25, a25]; let a27 = [a26, a26]; let a28 = [a27, a27]; let a29 = [a28, a28]; let a30 = [a29, a29]; let a31 = [a30, a30]; let a32 = [a31, a31]; let a33 = [a32, a32]; let a34 = [a33, a33]; let a35 = [a34, a34]; let a36 = [a35, a35]; let a37 = [a36, a36]; let a38 = [a37, a37]; let a39 = [a38, a38]; let a40 = [a39, a39]; let a41 = [a40, a40]; let a42 = [a41, a41]; let a43 = [a42, a42]; let a44 = [a43, a43]; let a45 = [a44, a44]; let a46 = [a45, a45]; let a47 = [a46, a46]; let a48 = [a47, a47]; let a49 = [a48, a48]; let a50 = [a49, a49]; let a51 = [a50, a50]; let a52 = [a51, a51]; let a53 = [a52, a52]; let a54 = [a53, a53]; let a55 = [a54, a54]; let a56 = [a55, a55]; let a57 = [a56, a56]; let a58 = [a57, a57]; let a59 = [a58, a58]; let a60 = [a59, a59]; a60)) in [[1]]
}

property "a rate of a count inside a count" {
  fights 2
  expect rate(count(events, let s = .seq; count(events, .seq <= s) >= 0) == 1) == 0
}

test "the log read once" {
  expect count(events, .kind == "event") == 4000 && find("tick 4000") >= 0 && len(join(log, "")) > 0
  expect !any(events, .faces == [6, 6]) && len(string(map(events, .seq))) > 0
}
`,
	}
	outcomes := runLogTest(t, dir, files)
	if len(outcomes) != 9 {
		t.Fatalf("%d outcomes, want 9", len(outcomes))
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

// runLogTest writes files into dir and runs the tests of its
// log_test.fray, which must check.
func runLogTest(t *testing.T, dir string, files map[string]string) []*fraytest.Outcome {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, diags := check.UnderRoot(dir).NewLinter().LoadTests(filepath.Join(dir, "log_test.fray"), diag.Sources{})
	if diags.HasErrors() || tf == nil {
		t.Fatalf("the test file does not check: %v", diags)
	}
	return fraytest.NewRunner(fraytest.Options{}).RunFile(tf)
}
