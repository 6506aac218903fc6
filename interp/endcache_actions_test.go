package interp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A declaration, a schedule, a cancel or a block coming due bumps the
// world (and so asks the kept end condition again) only when the
// condition may read what they change (endFacts.readsActions).
func TestEndFactsReadActions(t *testing.T) {
	for _, tc := range []struct {
		file    string
		actions bool
	}{
		{"end_reads_encounter.fray", false},    // an attribute only
		{"end_reads_fn_encounter.fray", false}, // an attribute, through a fn
		{"end_reads_pending_encounter.fray", true},
	} {
		p := Lower(loadRuntimeEncounter(t, tc.file).Rules)
		if p.endActions != tc.actions {
			t.Errorf("%s: endActions %v, want %v", tc.file, p.endActions, tc.actions)
		}
	}
}

// A schedule in the middle of a loop ends the fight there when the end
// condition reads pending, as evaluating it every time does.
func TestEndConditionSeesSchedules(t *testing.T) {
	enc := loadRuntimeEncounter(t, "end_reads_pending_encounter.fray")
	p := Lower(enc.Rules)
	if !p.endKeep {
		t.Fatal("the end condition's answer is not kept: the test would prove nothing")
	}
	play := func() string {
		var buf bytes.Buffer
		if _, err := New(p, enc, Options{Seed: 1, Sink: NewTextLog(&buf).Write}).Play(); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	log := play()
	if !strings.Contains(log, "y has 3, had 2") || strings.Contains(log, "z has 3") ||
		!strings.Contains(log, "combat ends in round 3") {
		t.Errorf("the loop did not stop when y's block was scheduled:\n%s", log)
	}
	p = lower(enc.Rules, false, false) // the end condition in the VM, never kept
	if slow := play(); slow != log {
		t.Errorf("the log differs from a run that evaluates the end condition every time:\n%s", firstDiff(slow, log))
	}
}

func loadRuntimeEncounter(t *testing.T, file string) *check.Encounter {
	t.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter("../testdata/runtime/"+file, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return enc
}
