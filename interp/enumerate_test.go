package interp_test

import (
	"math/big"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl"
	"github.com/frayrules/fray/interp"
)

// The surprise odds of the example encounter, by hand: the party is
// surprised when its d6 shows 1 or 2 (the orcs surprise on 1-2): 2/6.
// Halvaine's +1 bonus cancels one segment, so he stays surprised only on a
// 2: 1/6. Both sides at once: (2/6)^2 = 1/9.
func TestEventProbabilityMatchesHandCalculation(t *testing.T) {
	checkOdds(t, filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "surprise", 36, []odds{
		{`any(sides, .name == "party" && .surprised > 0)`, big.NewRat(1, 3)},
		{`any(combatants, .name == "halvaine" && .surprised > 0)`, big.NewRat(1, 6)},
		{`all(sides, .surprised > 0)`, big.NewRat(1, 9)},
		{`any(sides, .surprised == 2)`, big.NewRat(11, 36)},
	})
}

// odds is a condition and its exact probability.
type odds struct {
	event string
	want  *big.Rat
}

// checkOdds computes each condition's exact probability after the named
// set-up phase of an encounter and compares it, and the number of dice
// sequences, with the hand calculation.
func checkOdds(t *testing.T, path, after string, sequences int, cases []odds) {
	t.Helper()
	enc, diags := dsl.LoadEncounter(path, "", dsl.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := interp.Lower(enc.Rules)
	for _, c := range cases {
		cond, diags := enc.Rules.CompileQuestion("<event>", c.event, enc.Rules.U.Bool)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		p, paths, err := interp.EventProbability(plan, enc, cond, after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if p.Cmp(c.want) != 0 || paths != sequences {
			t.Errorf("P(%s) = %s over %d sequences, want %s over %d", c.event, p, paths, c.want, sequences)
		}
	}
}

func TestEventProbabilityBounded(t *testing.T) {
	enc, _ := dsl.LoadEncounter(filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "", dsl.Sources{})
	cond, _ := enc.Rules.CompileQuestion("<event>", "true", enc.Rules.U.Bool)
	if _, _, err := interp.EventProbability(interp.Lower(enc.Rules), enc, cond, "", 10); err == nil {
		t.Fatal("more sequences than the bound must be an error")
	}
}
