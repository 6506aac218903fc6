package interp_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl"
	"github.com/frayrules/fray/interp"
)

// A handler that emits its own event must end in a positioned error, not
// in a stack overflow.
func TestRecursiveEventIsStopped(t *testing.T) {
	enc, diags := dsl.LoadEncounter(filepath.Join("..", "testdata", "runtime", "ping_encounter.fray"), "", dsl.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1}).Play()
	re, ok := err.(*interp.RunError)
	if !ok || !strings.Contains(re.Msg, "nested more than") || re.At.Start.Line != 4 {
		t.Fatalf("want a nesting error at the emit on line 4, got %v", err)
	}
}
