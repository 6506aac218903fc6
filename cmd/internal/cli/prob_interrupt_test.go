package cli

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"
)

// afterSetups presses Ctrl-C once fray prob --sample has played n set-ups.
func afterSetups(n int) func(context.Context, func(), <-chan struct{}) context.Context {
	return func(ctx context.Context, cancel func(), _ <-chan struct{}) context.Context {
		return context.WithValue(ctx, setupsPlayedKey{}, func(done int) {
			if done >= n {
				cancel()
			}
		})
	}
}

// atOnce presses Ctrl-C before the command starts.
func atOnce(ctx context.Context, cancel func(), _ <-chan struct{}) context.Context {
	cancel()
	return ctx
}

const probEventSurprised = `any(sides, .name == "party" && .surprised > 0)`

// TestProbSampleInterrupted: Ctrl-C during fray prob --sample of set-ups
// of a few steps each stops the sampling between set-ups and prints the
// estimate of those played, marked, exit 130. The set-ups never reached
// the run's own poll of Ctrl-C: the command was abandoned after
// interruptGrace with "no result to show".
func TestProbSampleInterrupted(t *testing.T) {
	repo := filepath.Join("..", "..", "..")
	enc := filepath.Join(repo, "testdata", "encounters", "halvaine_and_the_orcs.fray")
	code, out, errs := runInterrupted(t, afterSetups(3), "--root", repo, "prob", "--encounter", enc, "--event", probEventSurprised, "--sample", "100000000")
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s%s", code, exitInterrupted, out, errs)
	}
	m := regexp.MustCompile(`estimated from (\d+) sampled set-ups, seed 1: not exact \(PARTIAL: interrupted\)\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no partial estimate on stdout:\n%s\nstderr:\n%s", out, errs)
	}
	if want := "fray: interrupted: the estimate above covers " + m[1] + " of the 100000000 set-ups asked for\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}

	code, out, errs = runInterrupted(t, atOnce, "--root", repo, "prob", "--encounter", enc, "--event", probEventSurprised, "--sample", "100000000")
	if want := "fray: interrupted: none of the 100000000 set-ups asked for was played, so there is no estimate\n"; code != exitInterrupted || out != "" || errs != want {
		t.Errorf("interrupted before the first set-up: exit %d, stdout %q, stderr %q, want %q", code, out, errs, want)
	}
}

// TestProbExactEventInterrupted: Ctrl-C stops an exact --event between
// its sequences of dice, at once, saying there is no exact result.
// Before, the walk did not look at it and printed its answer, exit 0.
func TestProbExactEventInterrupted(t *testing.T) {
	repo := filepath.Join("..", "..", "..")
	enc := filepath.Join(repo, "testdata", "prob", "checks_encounter.fray")
	code, out, errs := runInterrupted(t, atOnce, "--root", repo, "prob", "--encounter", enc, "--event", `any(sides, .name == "a" && .check >= 10)`)
	want := "fray: interrupted after 0 sequences of dice: an exact probability needs them all, so there is no result (--sample N estimates it)\n"
	if code != exitInterrupted || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q, want %q", code, out, errs, want)
	}
}
