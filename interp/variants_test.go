package interp_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The d10 variant differs from its base exactly in the initiative die: a
// 9 is a legal roll, and the side that rolled low acts in segment 9.
func TestD10InitiativeVariant(t *testing.T) {
	encPath := filepath.Join("..", "testdata", "worked", "w09_initiative_read_as_other_segment.fray")
	dice := []int{4, 4, 9, 1, 1, 1, 6, 1, 20, 2}
	variant := filepath.Join("..", "rules", "variants", "ten_segment_d10_initiative.fray")
	enc, diags := check.UnderRoot("..").LoadEncounter(encPath, variant, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var events []*interp.Event
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Dice: dice, Sink: func(e *interp.Event) { events = append(events, e) }}).Play()
	if err != nil {
		t.Fatal(err)
	}
	if got := actsBySegment(events, 1); !reflect.DeepEqual(got, acts{1: {"brom"}, 9: {"goblin"}}) {
		t.Errorf("round 1 under d10 initiative: %v", got)
	}
	for _, e := range events {
		if e.Kind == interp.KRoll && e.Why == "init" && e.Dice != "d10" {
			t.Errorf("initiative rolled with %s", e.Dice)
		}
		if e.Kind == interp.KRoll && e.Why == "surprise_roll" && e.Dice != "d6" {
			t.Errorf("surprise is the base's d6, rolled %s", e.Dice)
		}
	}
	// The base refuses the same dice: a d6 cannot show 9.
	base, _ := check.UnderRoot("..").LoadEncounter(encPath, "", diag.Sources{})
	_, err = interp.New(interp.Lower(base.Rules), base, interp.Options{Dice: dice}).Play()
	if err == nil || !strings.Contains(err.Error(), "a d6 cannot show") {
		t.Errorf("the base should reject a 9 for its d6 initiative, got %v", err)
	}
}
