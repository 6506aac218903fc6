package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe to read while an abandoned command
// may still write to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// runInterrupted runs fray with args and cancels its context, as Ctrl-C
// does, after delay; it returns the exit code, the output and how long
// the command took after the cancel.
func runInterrupted(t *testing.T, delay time.Duration, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelled := make(chan time.Time, 1)
	timer := time.AfterFunc(delay, func() {
		cancelled <- time.Now()
		cancel()
	})
	var stdout, stderr lockedBuffer
	code := runContext(ctx, args, &stdout, &stderr)
	if timer.Stop() {
		t.Fatalf("fray %s ended before it was interrupted: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
	}
	return code, stdout.String(), stderr.String(), time.Since(<-cancelled)
}

// TestSimInterrupted: Ctrl-C during a long batch prints the fights played
// so far, marked partial, and exits 130 with a message saying so.
func TestSimInterrupted(t *testing.T) {
	repo := filepath.Join("..", "..", "..")
	enc := filepath.Join(repo, "testdata", "encounters", "halvaine_and_the_orcs.fray")
	code, out, errs, _ := runInterrupted(t, 300*time.Millisecond, "--root", repo, "sim", enc, "-n", "100000000", "--workers", "1")
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	head := regexp.MustCompile(`(?m)^"Halvaine and the orcs" under "[^"]+": (\d+) fights, seed 1 \(PARTIAL: interrupted\)$`)
	m := head.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no partial report on stdout:\n%s", out)
	}
	if !strings.Contains(out, "\n  won by party ") {
		t.Errorf("the partial report has no outcomes:\n%s", out)
	}
	if want := "fray: interrupted: the report above covers " + m[1] + " of the 100000000 fights asked for\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}

	code, out, _, _ = runInterrupted(t, 300*time.Millisecond, "--root", repo, "sim", enc, "-n", "100000000", "--workers", "1", "--format", "json")
	if code != exitInterrupted || !strings.Contains(out, `"interrupted": true`) || !strings.Contains(out, `"partial": true`) {
		t.Errorf("json: exit %d, output:\n%s", code, out)
	}
}

// slowRules is a ruleset whose every fight takes seconds within the
// limits the test gives it (two rounds of 6 million statements, under
// --max-steps 1e9): Ctrl-C comes while a fight is running.
const slowRules = `ruleset "slow" {
  source "x"
}

combatant {
  hp: int = 1
}

phase grind each round {
  for i in 1..2500 {
    for j in 1..2500 {
      let k = i + j
    }
  }
}

end when round > 1
`

const slowEncounter = `encounter "slow" {
  rules "rules.fray"
}

side a {
  combatant x
}

side b {
  combatant y
}
`

// TestSimInterruptedInsideAFight: Ctrl-C is honoured even while a fight is
// inside a long rule. Once interp polls the context at statement
// granularity the fight stops at once and the partial report is printed;
// until then fray gives up on it after interruptGrace. Either way fray
// exits 130 and says it was interrupted, long before the batch would end.
func TestSimInterruptedInsideAFight(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"rules.fray": slowRules, "enc.fray": slowEncounter} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs, took := runInterrupted(t, 200*time.Millisecond, "--root", dir, "sim", filepath.Join(dir, "enc.fray"), "-n", "1000", "--workers", "1", "--max-steps", "1000000000")
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s%s", code, exitInterrupted, out, errs)
	}
	if !strings.HasPrefix(errs, "fray: interrupted: ") {
		t.Errorf("stderr %q does not say the command was interrupted", errs)
	}
	// Whatever report there is covers fewer fights and says so.
	if out != "" && !strings.Contains(out, "fights, seed 1 (PARTIAL: interrupted)\n") {
		t.Errorf("a report not marked as interrupted:\n%s", out)
	}
	if limit := interruptGrace + 5*time.Second; took > limit {
		t.Errorf("fray took %s to stop after Ctrl-C, more than %s", took, limit)
	}
}
