package interp_test

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func TestSimulateSameAtAnyWorkerCount(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := interp.Lower(enc.Rules)
	one := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: 300, Seed: 5, Workers: 1})
	two := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: 300, Seed: 5, Workers: 2})
	if !reflect.DeepEqual(one, two) {
		t.Fatal("the same seed gives different results at 1 and 2 workers")
	}
	other := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: 300, Seed: 6, Workers: 2})
	if reflect.DeepEqual(one.Rounds, other.Rounds) && reflect.DeepEqual(one.Deaths, other.Deaths) {
		t.Error("seeds 5 and 6 give the same batch")
	}
	if one.Runs != 300 || one.Errors != 0 || one.Partial {
		t.Fatalf("runs %d, errors %d (%v), partial %v", one.Runs, one.Errors, one.FirstErr, one.Partial)
	}
	wins := one.NoneStand + one.Capped + one.NoWinner
	for _, w := range one.Wins {
		wins += w
	}
	if wins != 300 {
		t.Errorf("outcomes add up to %d of 300", wins)
	}
	st := one.RoundSummary()
	if st.TotalCounted != 300 || st.Mean.Low > st.Mean.Estimate || st.Mean.High < st.Mean.Estimate || st.Median < st.Min || st.Median > st.Max {
		t.Errorf("round summary %+v", st)
	}
}

func TestSimulateStopsWhenCancelled(t *testing.T) {
	enc, _ := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "", diag.Sources{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := interp.Simulate(ctx, interp.Lower(enc.Rules), enc, interp.SimOptions{N: 1000000, Seed: 1, Workers: 2})
	if !r.Partial || r.Runs >= 1000000 {
		t.Fatalf("a cancelled batch is partial: %d runs, partial %v", r.Runs, r.Partial)
	}
}

func TestProportionInterval(t *testing.T) {
	// Wilson interval for 50 of 100: 0.5 within about [0.404, 0.596].
	iv := interp.Proportion(50, 100)
	if iv.Estimate != 0.5 || iv.Low < 0.40 || iv.Low > 0.41 || iv.High < 0.59 || iv.High > 0.60 {
		t.Errorf("%+v", iv)
	}
	if iv := interp.Proportion(0, 10); iv.Low != 0 || iv.High <= 0 {
		t.Errorf("0 of 10: %+v", iv)
	}
	if d, sig := interp.DiffProportions(50, 100, 70, 100); !sig || d < 0.19 || d > 0.21 {
		t.Errorf("50%% vs 70%% of 100 is significant: %v %v", d, sig)
	}
	if _, sig := interp.DiffProportions(50, 100, 52, 100); sig {
		t.Error("50% vs 52% of 100 is not significant")
	}
}
