package interp_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The grid tour plays the grid functions on a small map: a pillar hides
// Cyr from Ana (no line of sight) and half hides him from Bo, who is seen
// whole; everyone steps around the pillar and strikes once adjacent.
func TestGridTour(t *testing.T) {
	procCase{id: "grid tour", file: "features/grid_tour.fray",
		check: func(t *testing.T, ev []*interp.Event) {
			var logs []string
			for _, e := range ev {
				if e.Kind == interp.KLog && e.Round == 1 {
					logs = append(logs, e.Text)
				}
			}
			all := strings.Join(logs, "\n")
			for _, want := range []string{
				"ana -> cyr: 20 ft, line of sight false, cover blocked",
				"bo -> cyr: 20 ft, line of sight true, cover half",
				"cyr -> bo: 20 ft, line of sight true, cover none",
				"bo moves from (1,4) to (2,4) toward cyr", // 5 feet: one square
				"cyr moves from (5,3) to (4,4) toward bo", // around the pillar, no corner cut
				"ana at (1,1) sees no foe",
			} {
				if !strings.Contains(all, want) {
					t.Errorf("round 1 does not log %q:\n%s", want, all)
				}
			}
		}}.run(t)
}

// Without a map, a grid function is a runtime error placed at its call.
func TestGridWithoutMap(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "features", "grid_no_map.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1}).Play()
	re, ok := err.(*interp.RunError)
	if !ok || !strings.Contains(re.Msg, "the encounter has no map") || !strings.HasSuffix(re.At.Filename, "grid.fray") {
		t.Fatalf("want a positioned no-map error, got %v", err)
	}
}
