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

// epDeclareOrder lists who declared in a round's declarations phase, in order.
func epDeclareOrder(ev []*interp.Event, round int) []string {
	var out []string
	for _, e := range ev {
		if e.Kind == interp.KDeclare && e.Round == round && e.Phase == "declarations" {
			out = append(out, e.Who)
		}
	}
	return out
}

// elevenQACases are the divergences from source 004 that adversarial
// encounters found in rules/eleven_phases.fray, each fixed there.
var elevenQACases = []procCase{
	{id: "bleeding in the round the combat is resolved", file: "mechanics/ep_last_round_bleeding.fray", ids: []string{"004-01", "004-12", "004-14"},
		check: func(t *testing.T, ev []*interp.Event) {
			d := eventsNamed(ev, "dies")
			if len(d) != 1 || d[0].Text != "wil dies at -10 hp" || d[0].Phase != "bleeding" || d[0].Round != 1 {
				t.Errorf("wil, at -9 when round 1 starts, dies in its bleeding phase although the combat is resolved: %v", d)
			}
			if got, want := phaseOrder(ev), []string{"reaction", "surprise", "distance", "declarations", "initiative", "resolution", "bleeding", "recap", "recovery"}; !reflect.DeepEqual(got, want) {
				t.Errorf("phases of the last round: got %v, want %v", got, want)
			}
			for _, e := range ev {
				if e.Phase == "recovery" && e.Who == "wil" {
					t.Errorf("the dead are not staunched: %s", e.Text)
				}
			}
		}},
	{id: "surprise segments among three parties", file: "mechanics/ep_surprise_three_parties.fray", ids: []string{"004-05", "004-13"},
		round: 0, want: acts{1: {"brom"}, 2: {"brom", "orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			for _, e := range ev {
				if e.Kind == interp.KDeclare && e.Round == 0 && e.Who == "kob" {
					t.Errorf("the kobolds, surprised for both segments, do not declare in them: %s", e.Text)
				}
				if e.Kind == interp.KDeclare && e.Round == 0 && e.Who == "orc" && e.Segment != 2 {
					t.Errorf("the orcs, surprised for 1 segment, declare only in segment 2: %s (segment %d)", e.Text, e.Segment)
				}
			}
			logHas(t, ev, "brom is still 18 ft away at the end of the surprise segment: no attack")
			logHas(t, ev, "brom is still 6 ft away at the end of the surprise segment: no attack")
			if n := attackRolls(ev, 0)["brom"]; n != 0 {
				t.Errorf("a charge covers one tenth of its move per surprise segment and does not reach: %d attack rolls", n)
			}
		}},
	{id: "charges meet", file: "mechanics/ep_charges_meet.fray", ids: []string{"004-13"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "ogre is still 30 ft away at the end of the round: no attack")
			logHas(t, ev, "aldous charges ogre: move 90 ft raised to 120 ft (outdoors, +33⅓%), 12 ft a segment; 26 ft to close to 4 ft")
			logHas(t, ev, "aldous is within weapon length in segment 3 and attacks once")
		}},
	{id: "declarations in roster order", file: "mechanics/ep_declarations.fray", ids: []string{"004-06"},
		check: func(t *testing.T, ev []*interp.Event) {
			// The DM notes the goblin's first (privately), then the roster
			// roll of 2 puts wren first, then ysolde, then aldous.
			if got, want := epDeclareOrder(ev, 1), []string{"gob", "wren", "ysolde", "aldous"}; !reflect.DeepEqual(got, want) {
				t.Errorf("declaration order: got %v, want %v", got, want)
			}
		}},
	{id: "prepared against missile fire", file: "mechanics/ep_prepared_on_missiles.fray", ids: []string{"004-10"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "brom's prepared attack goes off: archer fires missiles")
			if n := attackRolls(ev, 1)["archer"]; n != 0 {
				t.Errorf("the archer is felled by the prepared attack before his shot: %d attack rolls", n)
			}
		}},
}

// TestElevenPreparedTriggerTypo: a prepared action's condition must be a
// row of prepared_trigger; a misspelled one stops the run with an error
// that names it, instead of never going off.
func TestElevenPreparedTriggerTypo(t *testing.T) {
	path := filepath.Join("..", "testdata", "mechanics", "ep_prepared_typo.fray")
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatalf("%s does not check: %v", path, diags)
	}
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Dice: enc.Dice}).Play()
	if err == nil || !strings.Contains(err.Error(), `table prepared_trigger has no row for "move"`) ||
		!strings.Contains(err.Error(), "eleven_phases.fray:") {
		t.Fatalf("want a positioned runtime error naming the condition, got %v", err)
	}
}

func init() {
	mechanicCases = append(mechanicCases, elevenQACases...)
}
