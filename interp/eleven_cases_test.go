package interp_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// logHas fails unless some event's text contains want.
func logHas(t *testing.T, ev []*interp.Event, want string) {
	t.Helper()
	for _, e := range ev {
		if strings.Contains(e.Text, want) {
			return
		}
	}
	t.Errorf("no log line contains %q", want)
}

// phaseOrder lists the phases in the order they first appear in the log.
func phaseOrder(ev []*interp.Event) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range ev {
		if e.Phase != "" && !seen[e.Phase] {
			seen[e.Phase] = true
			out = append(out, e.Phase)
		}
	}
	return out
}

// actOrder lists who acted in segment 1 of a round, in order.
func actOrder(ev []*interp.Event, round int) []string {
	var out []string
	for _, e := range ev {
		if e.Kind == interp.KAct && e.Round == round && e.Segment == 1 && e.Phase == "resolution" {
			out = append(out, e.Who)
		}
	}
	return out
}

var elevenCases = []procCase{
	{id: "eleven phases in order", file: "mechanics/ep_eleven_phases.fray", ids: []string{"004-01", "004-14"},
		check: func(t *testing.T, ev []*interp.Event) {
			want := []string{"reaction", "surprise", "distance", "opening_morale", "surprise_resolution",
				"declarations", "initiative", "resolution", "bleeding", "recap", "reset", "recovery"}
			if got := phaseOrder(ev); !reflect.DeepEqual(got, want) {
				t.Errorf("phases: got %v, want %v", got, want)
			}
			// reset goes back to declarations: round 2 starts with them.
			for i, e := range ev {
				if e.Phase == "reset" && i+1 < len(ev) && ev[i+1].Phase != "declarations" {
					t.Errorf("after reset comes %s, want declarations", ev[i+1].Phase)
				}
			}
			logHas(t, ev, "one turn (10 rounds) passes")
			logHas(t, ev, "wil's bleeding is staunched")
		}},
	{id: "reaction and opening morale", file: "mechanics/ep_reaction_and_morale.fray", ids: []string{"004-02"},
		check: func(t *testing.T, ev []*interp.Event) {
			for _, e := range ev {
				if e.Kind == interp.KRoll && e.Why == "reaction_roll" && e.Who != "kobolds" {
					t.Errorf("only the kobolds roll reaction; the goblins have the DM's notes: %s", e.Text)
				}
			}
			logHas(t, ev, "goblins checks morale: its reaction")
			logHas(t, ev, "goblins holds (20 on d%, morale 40)")
			logHas(t, ev, "kobolds checks morale: an overwhelming mismatch")
			if f := eventsNamed(ev, "flees"); len(f) != 1 || f[0].Round != 0 {
				t.Errorf("the kobolds flee before the first round: %v", f)
			}
		}},
	{id: "surprise segments", file: "mechanics/ep_surprise_segments.fray", ids: []string{"004-03", "004-04", "004-05"},
		round: 0, want: acts{1: {"brom"}, 2: {"brom"}},
		check: func(t *testing.T, ev []*interp.Event) {
			rolls := 0
			for _, e := range ev {
				if e.Kind == interp.KRoll && e.Why == "surprise_roll" {
					rolls++
				}
			}
			if rolls != 2 {
				t.Errorf("one surprise roll per party: %d", rolls)
			}
			declares := 0
			for _, e := range ev {
				if e.Kind == interp.KDeclare && e.Who == "brom" && e.Round == 0 {
					declares++
				}
			}
			if declares != 2 {
				t.Errorf("the surprising party declares in each of its 2 segments: %d", declares)
			}
			logHas(t, ev, "indoor distance with surprise: 20 ft")
		}},
	{id: "prior detection and outdoor charge", file: "mechanics/ep_outdoor_charge.fray", ids: []string{"004-04", "004-13"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "outdoor distance: 60 ft")
			logHas(t, ev, "move 90 ft raised to 120 ft (outdoors, +33⅓%), 12 ft a segment; 56 ft to close")
			logHas(t, ev, "within weapon length in segment 5 and attacks once")
		}},
	{id: "indoor charge", file: "mechanics/ep_indoor_charge.fray", ids: []string{"004-03", "004-13"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "party detected the enemy beforehand: it cannot be surprised")
			logHas(t, ev, "move 60 ft raised to 120 ft (indoors, +100%), 12 ft a segment; 46 ft to close")
			logHas(t, ev, "within weapon length in segment 4 and attacks once")
			if n := attackRolls(ev, 1)["aldous"]; n != 1 {
				t.Errorf("the charger attacks once: %d attack rolls", n)
			}
		}},
	{id: "declarations", file: "mechanics/ep_declarations.fray", ids: []string{"004-06"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "the DM notes the declarations of goblins privately")
			logHas(t, ev, "order by roster order from the roll, lowest first: wren (0), then ysolde (1), then aldous (2)")
			logHas(t, ev, "ysolde cancels Sleep")
			logHas(t, ev, "then aldous (5) [tie on initiative broken by hesitation (segments): 0 vs 1]")
			for _, e := range ev {
				if e.Who == "ysolde" && e.Kind == interp.KRoll {
					t.Errorf("a cancelled declaration is not changed into another action: %s", e.Text)
				}
			}
			if got, want := actOrder(ev, 1), []string{"wren", "ysolde", "aldous", "gob"}; !reflect.DeepEqual(got, want) {
				t.Errorf("order: got %v, want %v", got, want)
			}
		}},
	{id: "initiative and psionics", file: "mechanics/ep_initiative.fray", ids: []string{"004-07", "004-08"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "party wins initiative with 4")
			logHas(t, ev, "initiative is tied at 3: no side wins")
			if got, want := actOrder(ev, 1), []string{"sage", "wren", "aldous", "gob1", "gob2"}; !reflect.DeepEqual(got, want) {
				t.Errorf("round 1: psionics, then the winner in letter order (D, G), then the loser: got %v, want %v", got, want)
			}
			for r := 1; r <= 2; r++ {
				segs := map[int]bool{}
				for _, e := range ev {
					if e.Kind == interp.KAct && e.Who == "sage" && e.Round == r {
						segs[e.Segment] = true
					}
				}
				if len(segs) != 10 {
					t.Errorf("round %d: psionics at the top of every segment: %v", r, segs)
				}
			}
		}},
	{id: "tie rules", file: "mechanics/ep_tie_rules.fray", ids: []string{"004-09"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "then ogre (5) [tie on initiative broken by charge: weapon length: 10 vs 8]")
			logHas(t, ev, "then orc (5) [tie on initiative broken by speed factor: 2 vs 7]")
			logHas(t, ev, "then ysolde (5) [tie on initiative broken by G vs D: spell not below the die: 0 vs 1]")
			logHas(t, ev, "troll's attack has no speed factor: on a tied round it resolves anyway")
			if got := attackRolls(ev, 1)["troll"]; got != 1 {
				t.Errorf("the felled troll still attacks: %d rolls", got)
			}
			if l := eventsNamed(ev, "spell_lost"); len(l) != 1 || l[0].Who != "ysolde" {
				t.Errorf("ysolde's 6-segment spell comes after the orc's blow and is lost: %v", l)
			}
		}},
	{id: "prepared actions", file: "mechanics/ep_prepared.fray", ids: []string{"004-10"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "wren's prepared shoot goes off: orc1 moves")
			logHas(t, ev, "ysolde's prepared cast goes off: orc2 attacks")
			logHas(t, ev, "ysolde's Sleep is lost: damaged while casting")
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Who != "mirabel" || off[0].Segment != 3 {
				t.Errorf("mirabel's Light, begun on the trigger in segment 1, goes off in segment 3: %v", off)
			}
		}},
	{id: "simultaneous blows", file: "mechanics/ep_simultaneous.fray", ids: []string{"004-11"},
		check: func(t *testing.T, ev []*interp.Event) {
			if d := eventsNamed(ev, "down"); len(d) != 2 {
				t.Errorf("both blows resolve and both fall: %v", d)
			}
		}},
	{id: "bleeding", file: "mechanics/ep_bleeding.fray", ids: []string{"004-12"},
		check: func(t *testing.T, ev []*interp.Event) {
			var got []string
			for _, e := range eventsNamed(ev, "bleeds") {
				got = append(got, e.Text)
			}
			want := []string{"wil bleeds to -4 hp", "brom bleeds to -3 hp", "wil bleeds to -5 hp"}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("bleeding: got %v, want %v", got, want)
			}
		}},
}

var elevenWorked = []procCase{
	{id: "W13 at -9 bleeding kills", file: "worked/w13_bleeds_to_death.fray", ids: []string{"004-12"},
		check: func(t *testing.T, ev []*interp.Event) {
			d := eventsNamed(ev, "dies")
			if len(d) != 1 || d[0].Text != "wil dies at -10 hp" || d[0].Phase != "bleeding" {
				t.Errorf("wil bleeds to -10 and dies: %v", d)
			}
		}},
	{id: "W14 a 4-segment spell beats the die of 5", file: "worked/w14_spell_before_the_attack.fray", ids: []string{"004-09"},
		check: func(t *testing.T, ev []*interp.Event) {
			logHas(t, ev, "G vs D: halvaine's spell takes 4 segment(s), below the die (5): it completes before the attack")
			off, hit := -1, -1
			for i, e := range ev {
				if e.Kind == interp.KEvent && e.Name == "spell_goes_off" && off < 0 {
					off = i
				}
				if e.Kind == interp.KEvent && e.Name == "hit" && e.Who == "orc" && hit < 0 {
					hit = i
				}
			}
			if off < 0 || hit < 0 || off > hit {
				t.Errorf("the spell (event %d) goes off before the orc's blow lands (event %d)", off, hit)
			}
			if l := eventsNamed(ev, "spell_lost"); len(l) != 0 {
				t.Errorf("the completed spell is not lost: %v", l)
			}
		}},
}

func init() {
	mechanicCases = append(mechanicCases, elevenCases...)
	workedCases = append(workedCases, elevenWorked...)
}
