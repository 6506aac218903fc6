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
		l.Lint(f, Sources{})
	}
	n, fields := 0, 0
	for _, ty := range frameTypes.types {
		n++
		fields += ty.NumField()
	}
	t.Logf("struct types %d, fields %d, exprs memo %d, sigs %d", n, fields, len(l.exprs), len(l.sigs))
}
