package interp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// nearby(c, feet) agrees with the walk it replaces, filter(living(
// combatants), # != c && distance(#, c) <= feet), after every move,
// death, departure and flight of a seeded random fight: the index the
// run keeps (space.go) follows each change. Each case is a map size, a
// number of combatants and the feet asked; both plans (native and
// expr-lang's VM) play it.
func TestNearbyAgreesWithDistance(t *testing.T) {
	cases := []struct {
		name    string
		w, h, n int
		feet    int
		rounds  int
	}{
		{"crowded, next to", 6, 5, 12, 5, 12},
		{"crowded, two squares", 6, 5, 12, 10, 12},
		{"sparse, next to", 20, 12, 16, 5, 20},
		{"sparse, far (walks everyone)", 20, 12, 16, 40, 8},
		{"zero feet", 8, 6, 10, 0, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rules, enc := nearbyFight(tc.w, tc.h, tc.n, tc.feet, tc.rounds)
			for _, lower := range []struct {
				name string
				fn   func(*check.Model) *interp.Plan
			}{{"native", interp.Lower}, {"vm", interp.LowerVM}} {
				for seed := uint64(1); seed <= 5; seed++ {
					out := playSpec(rules, enc, interp.Options{Seed: seed}, lower.fn)
					if strings.Contains(out, "error") || strings.Contains(out, "DIFFERS") {
						t.Fatalf("%s, seed %d:\n%s", lower.name, seed, out)
					}
					if got := strings.Count(out, "agree"); got < tc.rounds {
						t.Fatalf("%s, seed %d: %d checks, want at least %d:\n%s", lower.name, seed, got, tc.rounds, out)
					}
				}
			}
		})
	}
}

// nearbyFight is a rule file and an encounter: n combatants on a w x h
// room, two sides, each round each living one compares nearby with the
// walk, then steps at random (or not, into a wall or onto someone:
// squares may hold several), and one in six falls, leaves or flees.
func nearbyFight(w, h, n, feet, rounds int) (rules, enc string) {
	rules = fmt.Sprintf(`ruleset "nearby property" {
  default wait
}

combatant {
  hp: int = 1
}

action wait {
}

fn names(l: list[combatant]): string = join(map(l, .name), " ")

phase wander each round {
  for c in living(combatants) {
    let fast = names(nearby(c, %[1]d))
    let slow = names(filter(living(combatants), # != c && distance(#, c) <= %[1]d))
    if fast == slow {
      log "agree: {c.name} near {fast}"
    } else {
      log "DIFFERS: {c.name}: nearby {fast}, walk {slow}"
    }
    let nx = c.x + d3 - 2
    let ny = c.y + d3 - 2
    if nx >= 1 && nx <= %[2]d && ny >= 1 && ny <= %[3]d && free_square(nx, ny) {
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

end when round >= %[4]d
`, feet, w-2, h-2, rounds)
	var b strings.Builder
	b.WriteString("encounter \"nearby property\" {\n  rules \"rules.fray\"\n}\n\nmap {\n")
	grid := make([][]byte, h)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", w))
		for x := range grid[y] {
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				grid[y][x] = '#'
			}
		}
	}
	letters := "abcdefghijklmnopqrstuvwxyz"
	for i := 0; i < n; i++ {
		x, y := 1+(i*3)%(w-2), 1+(i*7/3)%(h-2)
		for grid[y][x] != '.' {
			x = 1 + (x % (w - 2))
		}
		grid[y][x] = letters[i]
	}
	for _, row := range grid {
		fmt.Fprintf(&b, "  %q\n", row)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  %c: c%d\n", letters[i], i)
	}
	b.WriteString("}\n")
	for s := 0; s < 2; s++ {
		fmt.Fprintf(&b, "\nside s%d {\n", s)
		for i := s; i < n; i += 2 {
			fmt.Fprintf(&b, "  combatant c%d\n", i)
		}
		b.WriteString("}\n")
	}
	return rules, b.String()
}
