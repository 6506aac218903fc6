package interp_test

import (
	"testing"

	"github.com/frayrules/fray/interp"
)

// tsLogHas fails unless some event of the log has exactly this text.
func tsLogHas(t *testing.T, ev []*interp.Event, text string) {
	t.Helper()
	for _, e := range ev {
		if e.Text == text {
			return
		}
	}
	t.Errorf("the log has no line %q", text)
}

// tsActed counts who acted in a round.
func tsActed(ev []*interp.Event, round int, who string) int {
	n := 0
	for _, e := range ev {
		if e.Kind == interp.KAct && e.Round == round && e.Who == who {
			n++
		}
	}
	return n
}

// tenSegmentQACases are the divergences from source 002 that adversarial
// encounters found in rules/ten_segment_rounds.fray, each fixed there.
var tenSegmentQACases = []procCase{
	{id: "second routine in the own segment after the other side's", file: "mechanics/ts_qa_second_routine_same_segment.fray", ids: []string{"002-09"},
		round: 1, want: acts{2: {"ogre"}, 5: {"brom", "brom"}}},
	{id: "spell begun in a surprise segment", file: "mechanics/ts_qa_spell_in_surprise.fray", ids: []string{"002-03", "002-05", "002-10"},
		round: 0, want: acts{1: {"halvaine"}},
		check: func(t *testing.T, ev []*interp.Event) {
			if n := tsActed(ev, 1, "halvaine"); n != 0 {
				t.Errorf("halvaine is casting in round 1, segment 1 and does nothing else, but acted %d time(s)", n)
			}
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Round != 1 || off[0].Segment != 2 {
				t.Errorf("one Sleep goes off, in round 1, segment 2 (its third segment after two surprise segments); got %v", off)
			}
			tsLogHas(t, ev, `halvaine: "spell" is due in round 1, segment 2`)
		}},
	{id: "a declared spell is one casting", file: "mechanics/ts_qa_spell_once.fray", ids: []string{"002-02", "002-05"},
		round: 0, want: acts{1: {"shaman", "lurker"}, 2: {"shaman", "lurker"}, 3: {"shaman", "lurker"}},
		check: func(t *testing.T, ev []*interp.Event) {
			if n := len(eventsNamed(ev, "spell_goes_off")); n != 1 {
				t.Errorf("the shaman's one declared spell goes off once, got %d", n)
			}
			for _, e := range ev {
				if e.Kind == interp.KSchedule && e.Segment != 1 {
					t.Errorf("the spell is begun only in surprise segment 1: %s (segment %d)", e.Text, e.Segment)
				}
			}
		}},
	{id: "missile bonus to initiative and to the attack roll", file: "mechanics/ts_qa_missile_first.fray", ids: []string{"002-07", "002-08"},
		round: 1, want: acts{1: {"wren"}},
		check: func(t *testing.T, ev []*interp.Event) {
			falls := eventsNamed(ev, "slain")
			if len(falls) != 1 || falls[0].Text != "goblin falls" || falls[0].Segment != 1 {
				t.Errorf("Wren's 8 + 3 hits AC 11 and the goblin falls in segment 1 before it acts; got %v", falls)
			}
		}},
	{id: "three sides: who did not tie does not act simultaneously", file: "mechanics/ts_qa_three_sides.fray", ids: []string{"002-06", "002-08"},
		round: 1, want: acts{3: {"brom"}, 6: {"orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			tsLogHas(t, ev, "order by initiative, highest first: orc (3), then kobold (1)")
		}},
	{id: "held actions and segments 7-10", file: "mechanics/ts_qa_hold.fray", ids: []string{"002-06", "002-10"},
		round: 1, want: acts{4: {"wren"}, 5: {"orc"}, 7: {"halvaine"}, 8: {"brom"}},
		check: func(t *testing.T, ev []*interp.Event) {
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Segment != 10 {
				t.Errorf("the spell held to segment 7 goes off in segment 10; got %v", off)
			}
			tsLogHas(t, ev, "wren cannot act before segment 4 by holding to segment 2")
		}},
	{id: "a caster does nothing else while casting", file: "mechanics/ts_qa_long_spell.fray", ids: []string{"002-05", "002-09", "002-10"},
		round: 2, want: acts{6: {"orc"}, 7: {"halvaine"}},
		check: func(t *testing.T, ev []*interp.Event) {
			if got := actsBySegment(ev, 1); len(got[5]) != 1 {
				t.Errorf("round 1: halvaine begins the spell once in segment 5 (no second routine for a spell), got %v", got)
			}
			tsLogHas(t, ev, "halvaine is casting Cloudkill and does nothing else")
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Round != 2 || off[0].Segment != 5 {
				t.Errorf("the 10-segment spell begun in round 1, segment 5 goes off in round 2, segment 5; got %v", off)
			}
		}},
	{id: "the d10 variant at the edge of the round", file: "mechanics/ts_qa_d10_edges.fray", ids: []string{"002-06", "002-07", "002-09"},
		round: 1, want: acts{9: {"brom"}, 10: {"orc", "wren"}},
		check: func(t *testing.T, ev []*interp.Event) {
			tsLogHas(t, ev, "brom has no segment left for a second routine this round")
			for _, e := range ev {
				if e.Kind == interp.KAct && e.Who == "brom" && e.Segment == 10 {
					t.Errorf("there is no segment 11 for Brom's second routine: %s", e.Text)
				}
			}
		}},
}

func init() { mechanicCases = append(mechanicCases, tenSegmentQACases...) }
