package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

const shutRules = `ruleset "Duel" {
  source "test"
  default attack
}

combatant {
  hp: int = 1
}

action attack(target: combatant = first(living(enemies(self)))) {
  if target != nil {
    target.hp -= 1
    target.alive = target.hp > 0
  }
}

phase fight each round {
  declare
  for c in living(combatants) {
    act c
  }
}

end when len(standing(sides)) <= 1
`

// Who can reach a foe (F410), as step_toward walks: a door lets the
// hero out; a window does not; a square across a fence from a foe is
// next to it (step_toward stops there), so ann, who can walk to the
// fence beside the orc, is not cut off, while the orc, from whom no walk
// leads next to ann, is; foes off the map come on where the rules say,
// so no one is judged against them.
func TestShutInDoorsWindowsFences(t *testing.T) {
	cases := []struct {
		name, orc, rows string
		want            int
	}{
		{"no door", "", `"#####..."  "#a..#..o"  "#####..."`, 2},
		{"a door", "", `"#####..."  "#a.....o"  "#####..."`, 0},
		{"a door below", "", `"#####..."  "#a..#..o"  "###.#..."  "#......."`, 0},
		{"a window", "", `"#####..."  "#a..=..o"  "#####..."`, 2},
		{"across a fence", "", `"....|o.."  "a...|..."`, 1},
		{"across a fence, away from it", "", `"...|.o.."  "a..|...."`, 2},
		{"the foes off the map", "", `"#####..."  "#a..#..."  "#####..."`, 0},
		{"a foe placed by x and y", "{ x = 7; y = 1 }", `"#####..."  "#a..#..."  "#####..."`, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			legend := "a: ann"
			if strings.ContainsRune(tc.rows, 'o') {
				legend += "\n  o: orc"
			}
			enc := "encounter \"Shut\" {\n  rules \"rules.fray\"\n}\n\nside heroes {\n  combatant ann\n}\n\nside orcs {\n  combatant orc " + tc.orc +
				"\n}\n\nmap {\n  " + tc.rows + "\n  " + legend + "\n}\n"
			for name, text := range map[string]string{"rules.fray": shutRules, "enc.fray": enc} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			src := diag.Sources{}
			got := 0
			for _, d := range (Options{Root: dir}).Lint(filepath.Join(dir, "enc.fray"), src) {
				if d.Code != diag.CodeShutIn {
					t.Fatalf("unexpected diagnostic: %s", d)
				}
				got++
			}
			if got != tc.want {
				t.Errorf("%d warnings F410, want %d", got, tc.want)
			}
		})
	}
}

// The check is linear in the map's area and the combatants: one flood
// fill of the map, nine squares a combatant. A 1000 by 1000 map of
// rooms of two by two squares with 1000 combatants, each alone in a
// room, the sides taking turns: each is one warning.
func TestShutInWorkIsLinear(t *testing.T) {
	const n, people = 1000, 1000
	g := stdlib.NewGrid(n, n)
	for y := range n {
		for x := range n {
			if x%3 == 2 || y%3 == 2 {
				g.SetSolid(x, y, true)
			}
		}
	}
	enc := &Encounter{Sides: []*SideSpec{{Name: "heroes"}, {Name: "orcs"}}}
	spec := &MapSpec{Grid: g, Places: map[string]stdlib.Point{}}
	at := map[string]diag.Range{}
	for i := range people {
		name := "c" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))
		s := enc.Sides[i%2]
		s.Combatants = append(s.Combatants, &CombatantSpec{Name: name})
		spec.Places[name] = stdlib.Point{X: 3 * (i % 300), Y: 3 * (i / 300)}
		at[name] = diag.Range{Filename: "enc.fray", Start: diag.Pos{Line: i + 1, Column: 1}, End: diag.Pos{Line: i + 1, Column: 2}}
	}
	c := &checker{}
	work := c.checkShutIn(enc, spec, at)
	if max := 8*n*n + 10*people; work > max {
		t.Errorf("work %d, want at most %d", work, max)
	}
	if len(c.diags) != people {
		t.Errorf("%d warnings, want %d", len(c.diags), people)
	}
}
