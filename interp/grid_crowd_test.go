package interp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// TestCrowdAgreesWithOccupied holds the crowd step_toward and path_length
// read (Run.Crowd, from the space index) to the list Occupied walks every
// combatant for: with the check on, each Crowd compares itself with
// Occupied square by square and fails the run on a difference, through
// steps toward a foe, random steps onto others' squares, deaths,
// departures and flights.
func TestCrowdAgreesWithOccupied(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		w, h, n int
		rounds  int
	}{
		{"crowded", 6, 5, 12, 12},
		{"sparse", 20, 12, 16, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, enc := nearbyFight(tc.w, tc.h, tc.n, 5, tc.rounds)
			rules := crowdRules(tc.w, tc.h, tc.rounds)
			for _, lower := range []struct {
				name string
				fn   func(*check.Model) *interp.Plan
			}{{"native", interp.Lower}, {"vm", interp.LowerVM}} {
				for seed := uint64(1); seed <= 5; seed++ {
					out := playSpec(rules, enc, interp.WithCrowdCheck(interp.Options{Seed: seed}), lower.fn)
					if strings.Contains(out, "error") || strings.Contains(out, "differs") {
						t.Fatalf("%s, seed %d:\n%s", lower.name, seed, out)
					}
					if got := strings.Count(out, "steps to"); got < tc.rounds {
						t.Fatalf("%s, seed %d: %d steps, want at least %d:\n%s", lower.name, seed, got, tc.rounds, out)
					}
				}
			}
		})
	}
}

// crowdRules is nearbyFight's room with movers: each round each living
// combatant steps toward its first living foe and measures the way to a
// corner (both read the crowd) before it gets there, then steps at random (onto someone's
// square at times), and one in six falls, leaves or flees.
func crowdRules(w, h, rounds int) string {
	return fmt.Sprintf(`ruleset "crowd property" {
  default wait
}

combatant {
  hp: int = 1
}

action wait {
}

event steps(c: combatant, x: int, y: int, feet: int) "{c.name} steps to {x},{y}, {feet} feet from the corner"

# An event's whole-number arguments, stored by the typed path the space
# index follows (an assignment of a list's element would drop the index).
on steps {
  if free_square(x, y) {
    c.x = x
    c.y = y
  }
}

phase wander each round {
  for c in living(combatants) {
    let foe = first(living(enemies(c)))
    if foe != nil {
      let to = step_toward(c, foe, 10)
      emit steps(c, to[0], to[1], path_length(c, 1, 1))
    }
    let nx = c.x + d3 - 2
    let ny = c.y + d3 - 2
    if nx >= 1 && nx <= %[1]d && ny >= 1 && ny <= %[2]d && free_square(nx, ny) {
      c.x = nx
      c.y = ny
    }
    let fate = d6
    if fate == 1 {
      c.alive = false
    } else if fate == 2 && d4 == 1 {
      c.present = false
    } else if fate == 3 && d4 == 1 {
      c.state = "fled"
    }
  }
}

end when round >= %[3]d
`, w-2, h-2, rounds)
}
