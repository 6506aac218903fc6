package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteAtomicKeepsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.fray")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "new" || info.Mode().Perm() != 0o600 {
		t.Errorf("content %q, mode %v", data, info.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("a temporary file was left behind: %v", entries)
	}
}

func TestFailedRunLeavesTheLogFileAlone(t *testing.T) {
	repo := filepath.Join("..", "..", "..")
	out := filepath.Join(t.TempDir(), "log.txt")
	if err := os.WriteFile(out, []byte("earlier log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	enc := filepath.Join(repo, "testdata", "encounters", "halvaine_and_the_orcs.fray")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--root", repo, "run", "--dice", "1", "-o", out, enc}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if data, _ := os.ReadFile(out); string(data) != "earlier log\n" {
		t.Errorf("the failed run changed the log file: %q", data)
	}
	if code := run([]string{"--root", repo, "run", "-o", out, enc}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if data, _ := os.ReadFile(out); !bytes.HasPrefix(data, []byte("encounter ")) || stdout.Len() != 0 {
		t.Errorf("the log should be in the file, not on stdout: %q", data)
	}
}

// A write that fails names the file asked for, the same way every time:
// it named the temporary file, whose name is random.
func TestWriteAtomicErrorNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no folder", "plot.svg")
	first := writeAtomic(path, []byte("x"), 0o644)
	again := writeAtomic(path, []byte("x"), 0o644)
	if first == nil || again == nil {
		t.Fatal("writing into a folder that is not there succeeded")
	}
	if first.Error() != again.Error() || first.Error() != "open "+path+": no such file or directory" {
		t.Errorf("errors %q and %q, want both to name %s", first, again, path)
	}
}
