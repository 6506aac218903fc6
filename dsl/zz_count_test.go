package dsl

import (
	"path/filepath"
	"testing"
)

func TestZZCount(t *testing.T) {
	Root = ".."
	files, _ := filepath.Glob("../rules/*.fray")
	v, _ := filepath.Glob("../rules/variants/*.fray")
	files = append(files, v...)
	l := NewLinter()
	for _, f := range files {
		n := len(l.exprs)
		l.Lint(f, Sources{})
		t.Logf("%s +%d", f, len(l.exprs)-n)
	}
	texts := map[string]int{}
	for k := range l.exprs {
		texts[k.text]++
	}
	t.Logf("exprs memo %d, unique texts %d", len(l.exprs), len(texts))
}
