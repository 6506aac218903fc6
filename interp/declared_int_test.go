package interp_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl"
	"github.com/frayrules/fray/interp"
)

func TestDeclaredInt(t *testing.T) {
	// rules.fray reads declared_int before and after the declarations, and
	// in round 2 reads a parameter that is not a whole number.
	enc, diags := dsl.LoadEncounter(filepath.Join("testdata", "declared_int", "enc.fray"), "", dsl.Sources{})
	if diags.HasErrors() {
		t.Fatalf("does not check: %v", diags)
	}
	var buf bytes.Buffer
	text := interp.NewTextLog(&buf)
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1, Sink: text.Write}).Play()
	log := buf.String()
	for _, want := range []string{
		// Before anyone declares, the default action's default counts,
		// evaluated with self bound: base + 1.
		"before ann: n=5",
		"before bob: n=3",
		// The declared value; the declared action's default when the
		// script leaves it out; the ruleset's default action (wait) for
		// whoever has no script line.
		"after ann: n=7 missing=0",
		"after bob: n=5 missing=0",
		"after cid: n=3 missing=0",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// A parameter that is not a whole number is a positioned runtime error.
	if err == nil || !strings.Contains(err.Error(), "parameter word of action wait is not a whole number") ||
		!strings.Contains(err.Error(), "rules.fray:") {
		t.Errorf("want a positioned error for a string parameter, got %v", err)
	}
	if strings.Contains(log, "word=") {
		t.Errorf("no value is logged for the string parameter:\n%s", log)
	}
}
