package interp_test

import (
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// odds is a condition and its exact probability.
type odds struct {
	event string
	want  *big.Rat
}

// checkOddsWithin computes each condition's exact probability after the
// named set-up phase of an encounter (enumerating at most bound dice
// sequences) and compares it, and the number of dice sequences, with the
// hand calculation.
func checkOddsWithin(t *testing.T, path, after string, sequences, bound int, cases []odds) {
	t.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := interp.Lower(enc.Rules)
	for _, c := range cases {
		cond, diags := enc.Rules.CompileQuestion("<event>", c.event, enc.Rules.U.Bool)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		p, paths, err := interp.EventProbability(plan, enc, cond, after, bound, stdlib.MaxDistWork, interp.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Cmp(c.want) != 0 || paths != sequences {
			t.Errorf("P(%s) = %s over %d sequences, want %s over %d", c.event, p, paths, c.want, sequences)
		}
	}
}

func TestEventProbabilityBounded(t *testing.T) {
	enc, _ := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "", diag.Sources{})
	cond, _ := enc.Rules.CompileQuestion("<event>", "true", enc.Rules.U.Bool)
	if _, _, err := interp.EventProbability(interp.Lower(enc.Rules), enc, cond, "", 10, stdlib.MaxDistWork, interp.Options{}, nil); err == nil {
		t.Fatal("more sequences than the bound must be an error")
	}
}

// A sum of dice is one roll of its totals: two sides' 2d6 and d20 make
// 11 * 20 * 11 * 20 sequences, not 36 * 20 * 36 * 20, with the same exact
// odds (worked by hand: 10 or more on 2d6 is 6/36; both sides, 1/36).
func TestEventProbabilityOfSums(t *testing.T) {
	checkOddsWithin(t, filepath.Join("..", "testdata", "prob", "checks_encounter.fray"), "", 11*20*11*20, 100000, []odds{
		{`any(sides, .name == "a" && .check >= 10)`, big.NewRat(1, 6)},
		{`all(sides, .check >= 10)`, big.NewRat(1, 36)},
		{`any(sides, .name == "a" && .check == 7 && .luck == 20)`, big.NewRat(1, 120)},
	})
}

// A set-up with more sequences than the bound is refused at once, with the
// rolls it makes.
func TestEventProbabilityRefusesLargeSetups(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "prob", "checks_encounter.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cond, _ := enc.Rules.CompileQuestion("<event>", "true", enc.Rules.U.Bool)
	_, paths, err := interp.EventProbability(interp.Lower(enc.Rules), enc, cond, "", 1000, stdlib.MaxDistWork, interp.Options{}, nil)
	if err == nil || paths != 1 || !strings.Contains(err.Error(), "the set-up rolls 2d6, d20, 2d6, d20: more than 1000 sequences") {
		t.Fatalf("want a refusal after the first sequence naming the rolls, got %v after %d", err, paths)
	}
}

// Sampling estimates the exact answer: the 95% interval of 4000 seeded
// set-ups holds 1/6.
func TestSampleEventProbability(t *testing.T) {
	enc, _ := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "prob", "checks_encounter.fray"), "", diag.Sources{})
	cond, _ := enc.Rules.CompileQuestion("<event>", `any(sides, .name == "a" && .check >= 10)`, enc.Rules.U.Bool)
	hits, _, err := interp.SampleEventProbability(interp.Lower(enc.Rules), enc, cond, "", 4000, 1, interp.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	iv := interp.Proportion(hits, 4000)
	if iv.Low > 1.0/6 || iv.High < 1.0/6 {
		t.Errorf("the interval %v misses 1/6", iv)
	}
}
