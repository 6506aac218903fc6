package interp_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// An exact property of fray test walks every sequence of the set-up's
// dice (EnumerateSetup). Each sequence was played with default options:
// the test's --max-steps, --max-log, ... did not apply, and Ctrl-C was
// never looked at (a million sequences of a short set-up: 14 s, and fray
// test gave up "with no result to show"). The sequences are played with
// the options given, and a closed Stop ends the walk.
func TestEnumerateSetupKeepsTheFightsOptions(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := interp.Lower(enc.Rules)
	yes := func(*interp.Run) (bool, error) { return true, nil }

	_, paths, err := interp.EnumerateSetup(plan, enc, "surprise", 1000, &interp.SetupWork{Max: 1 << 40}, interp.Options{}, yes)
	if err != nil || paths != 36 {
		t.Fatalf("%d sequences, %v; want 36", paths, err)
	}

	stop := make(chan struct{})
	seen := 0
	_, paths, err = interp.EnumerateSetup(plan, enc, "surprise", 1000, &interp.SetupWork{Max: 1 << 40}, interp.Options{Stop: stop}, func(*interp.Run) (bool, error) {
		if seen++; seen == 5 {
			close(stop)
		}
		return true, nil
	})
	if !errors.Is(err, interp.ErrInterrupted) || paths != 5 {
		t.Errorf("stopped after the 5th sequence: %d sequences, %v; want 5 and ErrInterrupted", paths, err)
	}

	_, _, err = interp.EnumerateSetup(plan, enc, "surprise", 1000, &interp.SetupWork{Max: 1 << 40}, interp.Options{MaxSteps: 1}, yes)
	if err == nil || !strings.Contains(err.Error(), "--max-steps") {
		t.Errorf("a set-up over --max-steps 1: %v, want its error", err)
	}
}
