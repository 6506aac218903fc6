package interp_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

var update = flag.Bool("update", false, "rewrite the golden logs")

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

// actsBySegment lists who acted in each segment of a round.
func actsBySegment(events []*interp.Event, round int) map[int][]string {
	out := map[int][]string{}
	for _, e := range events {
		if e.Kind == interp.KAct && e.Round == round {
			out[e.Segment] = append(out[e.Segment], e.Who)
		}
	}
	return out
}

// eventsNamed finds the rule events of a name as "round.segment who".
func eventsNamed(events []*interp.Event, name string) []*interp.Event {
	var out []*interp.Event
	for _, e := range events {
		if e.Kind == interp.KEvent && e.Name == name {
			out = append(out, e)
		}
	}
	return out
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden := strings.TrimSuffix(path, ".fray") + ".golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("missing golden log (run go test ./interp -update): %v", err)
	}
	if string(want) != got {
		t.Errorf("log differs from %s (run go test ./interp -update to accept):\n--- got ---\n%s", golden, got)
	}
}

func TestWorkedExamples(t *testing.T) {
	for _, tc := range workedCases {
		t.Run(tc.id, func(t *testing.T) { tc.run(t) })
	}
}

type acts = map[int][]string

// procCase is an encounter with fixed dice that proves mechanics: who acts
// in which segment of a round, plus any further check of the log.
type procCase struct {
	id, file string
	ids      []string // mechanic ids this case proves
	round    int
	want     acts
	check    func(t *testing.T, ev []*interp.Event)
}

func (tc procCase) run(t *testing.T) {
	path := filepath.Join("..", "testdata", tc.file)
	ev, text := play(t, path, interp.Options{})
	if tc.want != nil {
		if got := actsBySegment(ev, tc.round); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("round %d: who acts in which segment: got %v, want %v", tc.round, got, tc.want)
		}
	}
	if tc.check != nil {
		tc.check(t, ev)
	}
	checkGolden(t, path, text)
}

var workedCases = []procCase{
	{id: "W5", ids: []string{"002-02", "002-03"}, file: "worked/w05_party_acts_alone_in_segment_2.fray", round: 0, want: acts{2: {"brom"}}},
	{id: "W6", ids: []string{"002-02", "002-03"}, file: "worked/w06_monsters_act_in_segments_1_and_2.fray", round: 0, want: acts{1: {"goblin"}, 2: {"goblin"}}},
	{id: "W7", ids: []string{"002-03", "002-04"}, file: "worked/w07_one_member_negates_surprise.fray", round: 0, want: acts{1: {"nimble"}, 2: {"nimble", "goblin"}},
		check: func(t *testing.T, ev []*interp.Event) {
			if got := actsBySegment(ev, 1); !reflect.DeepEqual(got, acts{1: {"nimble", "oaf"}}) {
				t.Errorf("round 1: the whole party acts in segment 1, got %v", got)
			}
		}},
	{id: "W8", ids: []string{"002-02"}, file: "worked/w08_stealthy_monster_three_segments.fray", round: 0, want: acts{1: {"lurker"}, 2: {"lurker"}, 3: {"lurker"}}},
	{id: "W9", ids: []string{"002-06"}, file: "worked/w09_initiative_read_as_other_segment.fray", round: 1, want: acts{1: {"brom"}, 6: {"goblin"}}},
	{id: "W10 miss", ids: []string{"002-05", "002-10"}, file: "worked/w10a_halvaine_spell_goes_off.fray", round: 1, want: acts{4: {"halvaine"}, 5: {"orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Round != 1 || off[0].Segment != 6 {
				t.Errorf("the spell goes off in round 1, segment 6; got %v", off)
			}
			if s := eventsNamed(ev, "spell_spoiled"); len(s) != 0 {
				t.Errorf("no spell is spoiled when the orc misses, got %v", s)
			}
		}},
	{id: "W10 hit", ids: []string{"002-10"}, file: "worked/w10b_halvaine_spell_spoiled.fray", round: 1, want: acts{4: {"halvaine"}, 5: {"orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			sp := eventsNamed(ev, "spell_spoiled")
			if len(sp) != 1 || sp[0].Round != 1 || sp[0].Segment != 5 {
				t.Errorf("the spell is spoiled by the hit in segment 5; got %v", sp)
			}
			if off := eventsNamed(ev, "spell_goes_off"); len(off) != 0 {
				t.Errorf("a spoiled spell never goes off, got %v", off)
			}
		}},
}

func TestJSONLogCarriesTheSameEvents(t *testing.T) {
	path := filepath.Join("..", "testdata", "worked", "w10b_halvaine_spell_spoiled.fray")
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var buf bytes.Buffer
	j := interp.NewJSONLog(&buf)
	n := 0
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Dice: enc.Dice, Sink: func(e *interp.Event) { n++; j.Write(e) }}).Play()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != n {
		t.Fatalf("%d JSON lines for %d events", len(lines), n)
	}
	rolls := 0
	for i, l := range lines {
		var e interp.Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i+1, err, l)
		}
		if e.Seq != i+1 || e.Text == "" || e.Kind == "" {
			t.Errorf("line %d lacks seq, kind or text: %s", i+1, l)
		}
		if e.Kind == interp.KRoll {
			rolls++
			if len(e.Faces) == 0 || e.Total == nil || e.Who == "" || e.Why == "" {
				t.Errorf("roll without faces, total, who or why: %s", l)
			}
		}
	}
	if rolls != len(enc.Dice) {
		t.Errorf("%d roll events for %d fixed dice", rolls, len(enc.Dice))
	}
}
