package cli

import (
	"bytes"
	"errors"
	"strings"
	"syscall"
	"testing"
)

// fullDisk is standard output on a full disk (/dev/full): every write
// fails.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestFullOutputFails: every command that prints to standard output
// fails (1) with one message when the output cannot be written; before,
// sim, fmt, test -v, version and --help exited 0 having printed nothing
// and prob's write error was reported as a usage error (2).
func TestFullOutputFails(t *testing.T) {
	enc := "../../../testdata/encounters/halvaine_and_the_orcs.fray"
	for _, args := range [][]string{
		{"run", enc},
		{"run", "--format", "json", enc},
		{"explain", enc},
		{"sim", "-n", "5", "--workers", "1", enc},
		{"fmt", enc},
		{"lint", "--format", "json", enc},
		{"prob", "3d6"},
		{"test", "-v", "../../../testdata/tests/ten_segment_test.fray"},
		{"version"},
		{"--help"},
	} {
		var stderr bytes.Buffer
		code := run(append([]string{"--root", "../../.."}, args...), fullDisk{}, &stderr)
		msg := stderr.String()
		if code != exitFindings || strings.Count(msg, "fray: cannot write the output: ") != 1 || strings.Contains(msg, "--help for usage") || strings.Contains(msg, "goroutine") {
			t.Errorf("fray %s to a full disk: exit %d, stderr:\n%s", strings.Join(args, " "), code, msg)
		}
	}
}

// TestOutWriterKeepsTheFirstError: after a failed write, the writer
// fails at once with the same error.
func TestOutWriterKeepsTheFirstError(t *testing.T) {
	o := &outWriter{w: fullDisk{}}
	if _, err := o.Write([]byte("a")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("first write: %v", err)
	}
	var b bytes.Buffer
	o.w = &b
	if _, err := o.Write([]byte("b")); !errors.Is(err, syscall.ENOSPC) || b.Len() != 0 {
		t.Errorf("a write after the error: %v, wrote %q", err, b.String())
	}
}
