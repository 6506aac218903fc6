package interp_test

import (
	"bytes"
	"flag"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The mechanics and worked examples of the shipped rulesets are fray
// tests (testdata/tests/*_test.fray, run by interp/fraytest's
// TestFrayTests); the Go tests of this package are the engine's own.

var update = flag.Bool("update", false, "rewrite the golden files")

// play runs an encounter with its own dice and returns the events and
// the text log.
func play(t *testing.T, path string, opt interp.Options) ([]*interp.Event, string) {
	t.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatalf("%s does not check: %v", path, diags)
	}
	if opt.Dice == nil && enc.Dice != nil {
		opt.Dice = enc.Dice
	}
	if enc.HasSeed && opt.Seed == 0 {
		opt.Seed = enc.Seed
	}
	var events []*interp.Event
	var buf bytes.Buffer
	text := interp.NewTextLog(&buf)
	opt.Sink = func(e *interp.Event) {
		events = append(events, e)
		text.Write(e)
	}
	if _, err := interp.New(interp.Lower(enc.Rules), enc, opt).Play(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return events, buf.String()
}

// eventsNamed finds the rule events of a name.
func eventsNamed(events []*interp.Event, name string) []*interp.Event {
	var out []*interp.Event
	for _, e := range events {
		if e.Kind == interp.KEvent && e.Name == name {
			out = append(out, e)
		}
	}
	return out
}
