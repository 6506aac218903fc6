package interp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// The end condition's answer is kept while nothing it reads changes
// (checkEnd); an assignment to an attribute it reads, directly or
// through a fn it calls, must still end the fight in the middle of a
// loop, as evaluating it every time does.
func TestEndConditionSeesAssignments(t *testing.T) {
	for _, f := range []string{"end_reads_encounter.fray", "end_reads_fn_encounter.fray"} {
		t.Run(f, func(t *testing.T) { endConditionSeesAssignments(t, "../testdata/runtime/"+f) })
	}
}

func endConditionSeesAssignments(t *testing.T, path string) {
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p := Lower(enc.Rules)
	if !p.endKeep {
		t.Fatal("the end condition's answer is not kept: the test would prove nothing")
	}
	play := func() (Result, string) {
		var buf bytes.Buffer
		res, err := New(p, enc, Options{Seed: 1, Sink: NewTextLog(&buf).Write}).Play()
		if err != nil {
			t.Fatal(err)
		}
		return res, buf.String()
	}
	res, log := play()
	if res.Rounds != 3 || !strings.Contains(log, "x has 3, had 2") || strings.Contains(log, "y has 3") ||
		!strings.Contains(log, "combat ends in round 3") {
		t.Errorf("the loop did not stop when x reached 3 (rounds %d):\n%s", res.Rounds, log)
	}
	p = lower(enc.Rules, false, false) // the end condition in the VM, never kept
	_, slow := play()
	if slow != log {
		t.Errorf("the log differs from a run that evaluates the end condition every time:\n%s", firstDiff(slow, log))
	}
}
