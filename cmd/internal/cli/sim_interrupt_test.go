package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
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
// does, when press says: press gets the context the command will run
// under, the cancel and a channel closed once the command has ended, and
// gives the context to run it under (the same, or one carrying a hook).
// Nothing waits on a clock: the cancel comes at a point of the command's
// own progress, whatever the load of the machine.
func runInterrupted(t *testing.T, press func(ctx context.Context, cancel func(), ended <-chan struct{}) context.Context, args ...string) (int, string, string) {
	t.Helper()
	// A command that does not stop is abandoned after interruptGrace,
	// which says so on stderr: the tests tell a fight that stopped from
	// one abandoned by that message, not by the time it took, so the
	// grace is made a hang guard a loaded machine cannot reach.
	defer func(g time.Duration) { interruptGrace = g }(interruptGrace)
	interruptGrace = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var pressed atomic.Bool
	ended := make(chan struct{})
	ctx = press(ctx, func() {
		pressed.Store(true)
		cancel()
	}, ended)
	var stdout, stderr lockedBuffer
	code := runContext(ctx, args, &stdout, &stderr)
	close(ended)
	pprof.SetGoroutineLabels(context.Background())
	if !pressed.Load() {
		t.Fatalf("fray %s ended before it was interrupted: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
	}
	return code, stdout.String(), stderr.String()
}

// afterFights presses Ctrl-C once fray sim has counted n fights.
func afterFights(n int) func(context.Context, func(), <-chan struct{}) context.Context {
	return func(ctx context.Context, cancel func(), _ <-chan struct{}) context.Context {
		return context.WithValue(ctx, fightsPlayedKey{}, func(done int) {
			if done >= n {
				cancel()
			}
		})
	}
}

// procFrame is the frame of interp that runs a procedure: the slow
// rules below spend their fight inside one, the quick ones call none.
const procFrame = "github.com/frayrules/fray/interp.(*Run).runProc"

// insideAProc presses Ctrl-C once a goroutine of the command runs a
// procedure of the rules: the command runs under a pprof label of its
// own, which its goroutines inherit, so that another test's goroutines
// are never taken for its.
func insideAProc(ctx context.Context, cancel func(), ended <-chan struct{}) context.Context {
	label := fmt.Sprintf("interrupt-%p", ended)
	ctx = pprof.WithLabels(ctx, pprof.Labels("fray-test", label))
	pprof.SetGoroutineLabels(ctx)
	go func() {
		var b bytes.Buffer
		for {
			b.Reset()
			pprof.Lookup("goroutine").WriteTo(&b, 1)
			for _, g := range strings.Split(b.String(), "\n\n") {
				if strings.Contains(g, label) && strings.Contains(g, procFrame) {
					cancel()
					return
				}
			}
			select {
			case <-ended:
				return
			case <-time.After(time.Millisecond): // a poll, not a bound
			}
		}
	}()
	return ctx
}

// TestSimInterrupted: Ctrl-C during a long batch prints the fights played
// so far, marked partial, and exits 130 with a message saying so.
func TestSimInterrupted(t *testing.T) {
	repo := filepath.Join("..", "..", "..")
	enc := filepath.Join(repo, "testdata", "encounters", "halvaine_and_the_orcs.fray")
	code, out, errs := runInterrupted(t, afterFights(1), "--root", repo, "sim", enc, "-n", "100000000", "--workers", "1")
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

	code, out, _ = runInterrupted(t, afterFights(1), "--root", repo, "sim", enc, "-n", "100000000", "--workers", "1", "--format", "json")
	if code != exitInterrupted || !strings.Contains(out, `"interrupted": true`) || !strings.Contains(out, `"partial": true`) {
		t.Errorf("json: exit %d, output:\n%s", code, out)
	}
}

// slowRules is a ruleset whose every fight runs for hours within the
// limits the tests give it (a procedure of 10^10 statements a round,
// under --max-steps 10^12): Ctrl-C comes while a fight is inside that
// procedure (insideAProc), and only the fight's polling of the context
// can stop it before interruptGrace.
const slowRules = `ruleset "slow" {
  source "x"
}

combatant {
  hp: int = 1
}

fn grind() {
  for i in 1..100000 {
    for j in 1..100000 {
      let k = i + j
    }
  }
}

phase grind each round {
  call grind()
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
// inside a long rule: interp polls the context at statement granularity,
// so the fight stops at once, uncounted, and the partial report of no
// fights is printed, rather than fray abandoning the command after
// interruptGrace (whose message would say so).
func TestSimInterruptedInsideAFight(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"rules.fray": slowRules, "enc.fray": slowEncounter} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runInterrupted(t, insideAProc, "--root", dir, "sim", filepath.Join(dir, "enc.fray"), "-n", "1000", "--workers", "1", "--max-steps", "1000000000000")
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s%s", code, exitInterrupted, out, errs)
	}
	if want := "fray: interrupted: the report above covers 0 of the 1000 fights asked for\n"; errs != want {
		t.Errorf("stderr %q, want %q (the abandoned command's message means the fight did not stop)", errs, want)
	}
	if !strings.Contains(out, " 0 fights, seed 1 (PARTIAL: interrupted)\n") {
		t.Errorf("the report is not one of no fights marked as interrupted:\n%s", out)
	}
}
