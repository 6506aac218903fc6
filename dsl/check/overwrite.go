package check

import (
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
