// Package docmap holds a package's doc comment to the files of the
// package, for the packages whose doc is a map of their files (interp,
// dsl/syntax, stdlib; issue #15: "each pass its own package with a
// package doc that maps it"). A map that leaves out a file, or names
// one that was renamed or removed, sends a newcomer to the wrong place
// or to none; a test of each such package calls Check so that adding,
// renaming or removing a file without its line in the map fails.
package docmap

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// docFile is the file that holds a mapped package's doc comment; it is
// the map itself, so it need not name itself.
const docFile = "doc.go"

// nameRe finds a file name of the package in the doc: a bare name
// ending in .go. A name after a slash (check/conditions.go) is another
// package's file, and one after * or a letter a pattern or a longer
// word, so neither is taken.
var nameRe = regexp.MustCompile(`(?:^|[^\w/*.-])([a-z0-9_]+\.go)\b`)

// Named gives the names of .go files that a package's doc comment
// (dir/doc.go) mentions, each once, in order.
func Named(dir string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, docFile), nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var names []string
	seen := map[string]bool{}
	if f.Doc == nil {
		return nil, nil
	}
	for _, m := range nameRe.FindAllStringSubmatch(f.Doc.Text(), -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			names = append(names, m[1])
		}
	}
	return names, nil
}

// Sources gives the non-test .go files of dir other than doc.go, build-
// tagged ones included (mem_safe.go is built only with -tags fray_safe,
// and is still a file a reader must find), sorted.
func Sources(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") && n != docFile {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Check fails t with one line for each non-test .go file of dir that
// dir/doc.go's package comment does not name, and one for each .go name
// in it that is not a file of dir.
func Check(t *testing.T, dir string) {
	t.Helper()
	named, err := Named(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Sources(dir)
	if err != nil {
		t.Fatal(err)
	}
	inDoc := map[string]bool{}
	for _, n := range named {
		inDoc[n] = true
	}
	isFile := map[string]bool{docFile: true}
	for _, n := range files {
		isFile[n] = true
		if !inDoc[n] {
			t.Errorf("%s: the package doc does not name %s: add its line to the map", filepath.Join(dir, docFile), n)
		}
	}
	for _, n := range named {
		if !isFile[n] && !exists(filepath.Join(dir, n)) {
			t.Errorf("%s: the package doc names %s, which is no file of the package", filepath.Join(dir, docFile), n)
		}
	}
}

// exists says whether path is a file (a test file the doc names, such
// as doc_map_test.go, is one).
func exists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
