package interp_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl"
	"github.com/frayrules/fray/interp"
)

func TestDeclaredString(t *testing.T) {
	enc, diags := dsl.LoadEncounter(filepath.Join("testdata", "declared_string", "enc.fray"), "", dsl.Sources{})
	if diags.HasErrors() {
		t.Fatalf("does not check: %v", diags)
	}
	var buf bytes.Buffer
	text := interp.NewTextLog(&buf)
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1, Sink: text.Write}).Play()
	log := buf.String()
	for _, want := range []string{
		// Before anyone declares, the default action's default counts,
		// evaluated with self bound.
		"before ann: what=web",
		"before bob: what=light",
		// The declared value; the declared action's default when the
		// script leaves it out; the default action for whoever has no
		// script line; "" for a parameter the action does not have.
		"after ann: what=fireball missing=[]",
		"after bob: what=sleep missing=[]",
		"after cid: what=light missing=[]",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if err == nil || !strings.Contains(err.Error(), "parameter n of action wait is not text") ||
		!strings.Contains(err.Error(), "rules.fray:") {
		t.Errorf("want a positioned error for a whole-number parameter, got %v", err)
	}
}
