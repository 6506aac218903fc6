package interp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// A handler that emits its own event must end in a positioned error, not
// in a stack overflow.
func TestRecursiveEventIsStopped(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "runtime", "ping_encounter.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1}).Play()
	src, _ := os.ReadFile(filepath.Join("..", "testdata", "runtime", "ping.fray"))
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "emit ping(n + 1)") {
			line = i + 1
		}
	}
	re, ok := err.(*interp.RunError)
	if !ok || !strings.Contains(re.Msg, "nested more than") || re.At.Start.Line != line {
		t.Fatalf("want a nesting error at the emit in the handler, line %d, got %v", line, err)
	}
}

// A function that calls itself without end stops with a positioned error.
func TestRecursiveFunctionIsStopped(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "runtime", "endless_fn_encounter.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1}).Play()
	re, ok := err.(*interp.RunError)
	if !ok || !strings.Contains(re.Msg, "nested more than") || re.At.Start.Line != 11 || re.At.Start.Column != 29 {
		t.Fatalf("want a nesting error at the recursive call, line 11 column 29, got %v", err)
	}
}

// A function taking a list of combatants accepts the untyped list that
// filter(...) gives: x strikes the weakest foe first.
func TestFunctionTakesFilteredList(t *testing.T) {
	ev, _ := play(t, filepath.Join("..", "testdata", "runtime", "fn_lists_encounter.fray"), interp.Options{Seed: 1})
	struck := eventsNamed(ev, "struck")
	if len(struck) == 0 || struck[0].Text != "weak is struck" {
		t.Fatalf("the first blow goes to the weakest foe, got %v", struck)
	}
}
