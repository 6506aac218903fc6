package interp

import (
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// An end condition made only of who stands, the round and operators
// keeps its answer across falls that leave every side standing or not
// as it was (Plan.endStands, rosterStands); one that reads an attribute,
// calls anything else or walks a predicate does not. The spec cases
// end_standing_falls and end_standing_changes play the fights; this
// holds that they are planned the way they test.
func TestEndOnStanding(t *testing.T) {
	for _, tc := range []struct {
		end    string
		stands bool
	}{
		{"len(standing(sides)) <= 1", true},
		{"len(standing(sides)) <= 1 || round >= 8", true},
		{"round > 1", true}, // reads no combatant: a fall cannot change it
		{"count(standing(sides), !.fixture) <= 1", false},
		{"len(filter(sides, .fighting)) <= 1", false},
		{"len(living(combatants)) <= 1", false},
		{"any(combatants, #.hp <= 0)", false},
		{"len(standing(sides)) <= 1 || any(sides, .fighting == false)", false},
	} {
		src := "ruleset \"t\" {\n  default wait\n}\n\nside {\n  fixture: bool = false\n  fighting: bool = true\n}\n\ncombatant {\n  hp: int = 1\n}\n\naction wait {\n}\n\nphase turns each round {\n  for c in living(combatants) {\n    act c\n  }\n}\n\nend when " + tc.end + "\n"
		rf, diags := syntax.Parse("rules.fray", src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tc.end, diags)
		}
		m, diags := check.UnderRoot("..").Check(rf)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tc.end, diags)
		}
		p := Lower(m)
		if p.endStands != tc.stands {
			t.Errorf("end when %s: endStands %v, want %v", tc.end, p.endStands, tc.stands)
		}
		alive := p.rosterEffect(targetPath{ok: true, holder: m.U.Combatant.R, field: check.FieldAlive})
		if want := map[bool]int{true: rosterStands, false: rosterUpdate}[tc.stands]; alive != want {
			t.Errorf("end when %s: an assignment to alive has roster effect %d, want %d", tc.end, alive, want)
		}
		if side := p.rosterEffect(targetPath{ok: true, holder: m.U.Combatant.R, field: check.FieldSide}); side != rosterUpdate {
			t.Errorf("end when %s: an assignment to side has roster effect %d, want rosterUpdate: it may move two sides", tc.end, side)
		}
		if p := LowerVM(m); p.endStands {
			t.Errorf("end when %s: a plan that never keeps the end's answer has endStands", tc.end)
		}
	}
}
