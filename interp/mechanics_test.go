package interp_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// mechanicCases prove the mechanics the worked examples leave out.
var mechanicCases = []procCase{
	{id: "alerted and unsurprisable sides", file: "mechanics/ts_alerted_and_unsurprisable.fray", ids: []string{"002-02"},
		round: 0, want: acts{1: {"orc", "golem"}, 2: {"orc", "golem"}},
		check: func(t *testing.T, ev []*interp.Event) {
			for _, e := range ev {
				if e.Kind == interp.KRoll && e.Why == "surprise_roll" && e.Who != "party" {
					t.Errorf("%s rolled for surprise, but only the party should", e.Who)
				}
			}
		}},
	{id: "surprise penalty", file: "mechanics/ts_surprise_penalty.fray", ids: []string{"002-04"},
		round: 0, want: acts{1: {"goblin"}, 2: {"brom", "goblin"}}},
	{id: "abort a spell", file: "mechanics/ts_abort_spell.fray", ids: []string{"002-05"},
		round: 1, want: acts{4: {"halvaine"}, 5: {"orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			for _, e := range ev {
				if e.Kind == interp.KSchedule || (e.Kind == interp.KEvent && strings.HasPrefix(e.Name, "spell")) {
					t.Errorf("an aborted spell is neither begun nor completed: %s", e.Text)
				}
				if e.Round == 1 && e.Who == "halvaine" && e.Kind == interp.KRoll {
					t.Errorf("Halvaine may not switch to another action after aborting: %s", e.Text)
				}
			}
		}},
	{id: "missile in hand", file: "mechanics/ts_missile_in_hand.fray", ids: []string{"002-07"},
		round: 1, want: acts{2: {"wren", "goblin"}, 4: {"brom"}}},
	{id: "simultaneous kill", file: "mechanics/ts_simultaneous_kill.fray", ids: []string{"002-08"},
		round: 1, want: acts{4: {"brom", "orc"}},
		check: func(t *testing.T, ev []*interp.Event) {
			falls := eventsNamed(ev, "slain")
			if len(falls) != 2 || falls[0].Segment != 4 || falls[1].Segment != 4 {
				t.Errorf("both combatants fall in segment 4, got %v", falls)
			}
		}},
	{id: "second routine", file: "mechanics/ts_second_routine.fray", ids: []string{"002-09"},
		round: 1, want: acts{2: {"brom"}, 5: {"ogre"}, 6: {"brom"}}},
	{id: "ten segments", file: "mechanics/ts_ten_segments.fray", ids: []string{"002-01", "002-06", "002-10"},
		round: 1, want: acts{1: {"orc"}, 5: {"halvaine"}},
		check: func(t *testing.T, ev []*interp.Event) {
			off := eventsNamed(ev, "spell_goes_off")
			if len(off) != 1 || off[0].Segment != 10 {
				t.Errorf("the spell goes off in segment 10, got %v", off)
			}
		}},
}

func TestMechanics(t *testing.T) {
	for _, tc := range mechanicCases {
		t.Run(tc.id, func(t *testing.T) { tc.run(t) })
	}
}

// projectIDs reads the project's list of mechanic ids.
func projectIDs(t *testing.T) map[string]bool {
	f, err := os.Open(filepath.Join("..", "testdata", "mechanics", "ids.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ids := map[string]bool{}
	re := regexp.MustCompile(`^(\d{3}-\d{2})\s`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			ids[m[1]] = true
		}
	}
	return ids
}

// TestEveryCoveredMechanicIsProved fails when a rule file claims an id
// that no test exercises, or claims an id the project does not know, or
// when an id of the project's list (testdata/mechanics/ids.txt) is covered
// by no rule file.
func TestEveryCoveredMechanicIsProved(t *testing.T) {
	known := projectIDs(t)
	if len(known) != 70 {
		t.Fatalf("ids.txt lists %d ids, want 70", len(known))
	}
	proved := map[string]bool{}
	for _, c := range append(append([]procCase{}, workedCases...), mechanicCases...) {
		for _, id := range c.ids {
			proved[id] = true
		}
	}
	files, _ := filepath.Glob(filepath.Join("..", "rules", "*.fray"))
	if len(files) == 0 {
		t.Fatal("no rule files found")
	}
	variants, _ := filepath.Glob(filepath.Join("..", "rules", "variants", "*.fray"))
	covered := map[string]bool{}
	for _, path := range append(files, variants...) {
		m, diags := check.UnderRoot("..").LoadRuleset(path, diag.Sources{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", path, diags)
		}
		var missing []string
		for _, id := range m.Covers {
			covered[id] = true
			if !known[id] {
				t.Errorf("%s covers %s, which is not a mechanic id of the project", path, id)
			}
			if !proved[id] {
				missing = append(missing, id)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s covers %v, but no test proves them", path, missing)
		}
	}
	// And the other way round: every mechanic of the project is some rule
	// file's (a variant's counts: 000-05 is an option of its document).
	var uncovered []string
	for id := range known {
		if !covered[id] {
			uncovered = append(uncovered, id)
		}
	}
	sort.Strings(uncovered)
	if len(uncovered) > 0 {
		t.Errorf("no rule file covers %v", uncovered)
	}
}
