package interp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// A batch counts its rule events by who acted only while the ruleset's
// events times the combatants stay few: 60 events emitted by each of
// 1000 combatants are 60 000 rows a fight (4000 events, four million:
// fray sim -n 2 ran past 120 s and 1.5 GB). Past the bound the events
// are counted by event alone, and the report says so.
func TestSimCountsWhoActedWithinABound(t *testing.T) {
	for _, c := range []struct {
		events, perSide int
		byWho           bool
	}{
		{60, 500, false},
		{60, 2, true},
	} {
		var r, e strings.Builder
		r.WriteString("ruleset \"who\" {\n  default go\n}\n\ncombatant {\n  hp: int = 1\n}\n\n")
		for i := range c.events {
			fmt.Fprintf(&r, "event e%d(c: combatant) \"x\"\n", i)
		}
		r.WriteString("\naction go {\n")
		for i := range c.events {
			fmt.Fprintf(&r, "  emit e%d(self)\n", i)
		}
		r.WriteString("}\n\nphase p each round {\n  declare\n  for c in combatants {\n    act c\n  }\n}\n\nend when round >= 1\n")
		e.WriteString("encounter \"who\" {\n  rules \"rules.fray\"\n}\n")
		for _, side := range []string{"a", "b"} {
			fmt.Fprintf(&e, "\nside %s {\n", side)
			for i := range c.perSide {
				fmt.Fprintf(&e, "  combatant %s%d\n", side, i)
			}
			e.WriteString("}\n")
		}
		enc, why := checkGenerated(r.String(), e.String())
		if enc == nil {
			t.Fatal(why)
		}
		res := interp.Simulate(context.Background(), interp.Lower(enc.Rules), enc, interp.SimOptions{N: 2, Seed: 1, Workers: 2})
		if res.Errors != 0 || res.Halted {
			t.Fatalf("%d events, %d combatants a side: %v %v", c.events, c.perSide, res.FirstErr, res.HaltErr)
		}
		rows := 0
		for k := range res.EventRuns {
			if strings.Contains(k, " · ") {
				rows++
			}
		}
		want := 0
		if c.byWho {
			want = c.events * 2 * c.perSide
		}
		if rows != want || res.WhoLeftOut == c.byWho {
			t.Errorf("%d events, %d combatants a side: %d rows by who acted, want %d; left out %v", c.events, c.perSide, rows, want, res.WhoLeftOut)
		}
		if got := res.EventSum["e0"]; got != 2*2*c.perSide {
			t.Errorf("%d events, %d combatants a side: e0 happened %d times, want %d", c.events, c.perSide, got, 2*2*c.perSide)
		}
	}
}
