package fraytest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fray test --update writes a golden log to the file its link names
// (keeping the link), refuses a link to nothing (writing through one
// created its target, outside the root), a folder and a pipe, and
// leaves no file of its own behind.
func TestWriteGolden(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(at("old.log"), []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, link := range [][2]string{{"linked.log", "old.log"}, {"dangling.log", filepath.Join(outside, "made.log")}} {
		if err := os.Symlink(link[1], at(link[0])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(at("folder.log"), 0o755); err != nil {
		t.Fatal(err)
	}

	if err := writeGolden(at("new.log"), []byte("new")); err != nil {
		t.Errorf("a new golden log: %v", err)
	} else if b, _ := os.ReadFile(at("new.log")); string(b) != "new" {
		t.Errorf("a new golden log holds %q", b)
	}
	if err := writeGolden(at("linked.log"), []byte("via link")); err != nil {
		t.Errorf("a golden log through a link: %v", err)
	}
	if b, _ := os.ReadFile(at("old.log")); string(b) != "via link" {
		t.Errorf("the link's target holds %q, want the new log", b)
	}
	if info, err := os.Lstat(at("linked.log")); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if info, _ := os.Stat(at("old.log")); info.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode is %v, want it kept (0600)", info.Mode().Perm())
	}
	if err := writeGolden(at("dangling.log"), []byte("x")); err == nil || !strings.Contains(err.Error(), "symbolic link to nothing") {
		t.Errorf("a link to nothing: %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "made.log")); err == nil {
		t.Errorf("a golden log was written outside, through a link to nothing")
	}
	if err := writeGolden(at("folder.log"), []byte("x")); err == nil {
		t.Errorf("a golden log over a folder was written")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
