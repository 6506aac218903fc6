package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder a walk cannot read is reported by its own name, with F002,
// and the walk goes on with the rest: lint, fmt and test stopped at the
// first such folder with "cannot walk .: permission denied" (naming the
// folder the walk began at, and checking nothing), and test said "no
// _test.fray files found". A path past the system's limit (PATH_MAX,
// 4096 bytes) is one such folder, whoever runs the test; a folder of
// mode 000 is another, unless the test runs as root.
func TestWalkReportsUnreadableFolders(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.fray", "ruleset \"ok\" { source \"x\" }\n\nphase p each round {\n  log \"p\"\n}\n\nend when round > 1\n")
	// Checked after the unreadable folders in the walk's order: its
	// finding shows the walk went on.
	write("z/c.fray", "ruleset \"bad\" { source \"x\" }\n\nphase p each round {\n  log \"p {nobody}\"\n}\n\nend when round > 1\n")

	// Folders nested past 4096 bytes of path, made one at a time
	// relative to the last (a path that long cannot be named whole).
	long := strings.Repeat("d", 250)
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	for range 18 {
		if err := r.Mkdir(long, 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := r.OpenRoot(long)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		r = next
	}
	r.Close()
	want := []string{"error: cannot read the folder: file name too long [F002]"}
	if os.Geteuid() != 0 {
		write("locked/b.fray", "not read")
		if err := os.Chmod(filepath.Join(dir, "locked"), 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(filepath.Join(dir, "locked"), 0o755) })
		want = append(want, "locked:1:1: error: cannot read the folder: permission denied [F002]")
	}
	t.Chdir(dir)
	for _, args := range [][]string{{"lint", "."}, {"fmt", "-l", "."}, {"test", "."}} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		out := stderr.String()
		if code != exitFindings || strings.Contains(out, "cannot walk") {
			t.Errorf("fray %s: exit %d, stderr:\n%.2000s", strings.Join(args, " "), code, out)
		}
		for _, w := range want {
			if strings.Count(out, w) != 1 {
				t.Errorf("fray %s: want %q once in:\n%.2000s", strings.Join(args, " "), w, out)
			}
		}
		if args[0] == "lint" && !strings.Contains(out, "z/c.fray:4:11: error: unknown name nobody") {
			t.Errorf("fray lint .: the walk stopped at the unreadable folder:\n%.2000s", out)
		}
	}
}
