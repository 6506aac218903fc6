package check

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WritesOverRuleFile reports whether writing a file at path (a test's
// golden log, fray run --out) would replace a rule file: a .fray file
// (rules, an encounter or a test file), or one of the files read, whatever
// their names, links followed. fray test --update wrote a fight's log
// over the test file its golden named, and fray run -o over the
// encounter it played.
func WritesOverRuleFile(path string, read ...string) bool {
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		return filepath.Clean(p)
	}
	target := real(path)
	if strings.EqualFold(filepath.Ext(path), ".fray") || strings.EqualFold(filepath.Ext(target), ".fray") {
		return true
	}
	for _, r := range read {
		if real(r) == target {
			return true
		}
	}
	return false
}

// MayReplace refuses to replace the existing file at path, of the
// given mode, when it is read-only. fray writes a new file beside it
// and renames it over (fmt -w, run --out, test --update), which needs
// only the folder's permission: a rule file of mode 444, or one the
// user may not write, was replaced where a plain write (gofmt's, an
// editor's) is refused. A file no one may write is refused even to
// root, which the permission check would let through.
func MayReplace(path string, mode fs.FileMode) error {
	if mode.Perm()&0o222 == 0 {
		return fmt.Errorf("it is read-only (mode %04o); make it writable to replace it", mode.Perm())
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0) // not truncated: closed at once
	if err != nil {
		return err
	}
	return f.Close()
}
