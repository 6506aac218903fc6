package interp_test

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// The feature tour exercises the building blocks no seed procedure of
// this version needs everywhere: dice-fed tables, modifiers aggregated
// over a side, tie-break chains and a side that wins ties, at-end phases.
func TestFeatureTour(t *testing.T) {
	procCase{id: "feature tour", file: "features/tour.fray", round: 1,
		want: acts{0: {"elara", "dunk", "snik"}},
		check: func(t *testing.T, ev []*interp.Event) {
			var order, modifier, tables []string
			for _, e := range ev {
				switch e.Kind {
				case interp.KOrder:
					order = append(order, e.Text)
				case interp.KModifier:
					modifier = append(modifier, e.Text)
				case interp.KTable:
					tables = append(tables, e.Text)
				}
			}
			if len(order) == 0 || !strings.Contains(order[0], "broken by weapon speed: 2 vs 5") ||
				!strings.Contains(order[0], "broken by the party wins ties: true vs false") {
				t.Errorf("the first order names both tie-breaks: %q", order)
			}
			if len(modifier) != 1 || !strings.HasSuffix(modifier[0], "(best) = +4") {
				t.Errorf("the best member benefit counts once for the side: %q", modifier)
			}
			want := []string{
				`table attack_rate, "fighter", 8: three every two (1.5)`, // a two-key row
				`table attack_rate, "ranger", 9: one a round (1)`,        // the "_" fallback
				`table attack_rate, "fighter", 1: one a round (1)`,
				`table attack_rate, "fighter", 1: one a round (1)`,
				"table reaction, 9: friendly (1)", // rolled on its own dice
				"table morale, 6: stands",
				"table morale, 1: flees",
			}
			if strings.Join(tables, "|") != strings.Join(want, "|") {
				t.Errorf("table look-ups: got %q, want %q", tables, want)
			}
		}}.run(t)
}
