// Package docmap holds a package's doc comment to the files of the
// package, for the packages whose doc is a map of their files (interp,
// dsl/syntax, dsl/check, dsl/format, stdlib; issue #15: "each pass its
// own package with a package doc that maps it"). A map that leaves out a file, or names
// one that was renamed or removed, sends a newcomer to the wrong place
// or to none; a test of each such package calls Check so that adding,
// renaming or removing a file without its line in the map fails.
package docmap

import (
	"fmt"
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

// entryRe finds a file's entry in the map: an item of a list that starts
// with the file's name and a colon ("  - plan.go: Plan, Lower, ...").
var entryRe = regexp.MustCompile(`(?m)^\s*- ([a-z0-9_]+\.go):`)

// Doc is what a package's doc comment (dir/doc.go) says of files: the
// .go names it mentions anywhere, and the entries of its map, each in
// order and as often as written.
func Doc(dir string) (named, entries []string, err error) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, docFile), nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil || f.Doc == nil {
		return nil, nil, err
	}
	text := f.Doc.Text()
	for _, m := range nameRe.FindAllStringSubmatch(text, -1) {
		named = append(named, m[1])
	}
	for _, m := range entryRe.FindAllStringSubmatch(text, -1) {
		entries = append(entries, m[1])
	}
	return named, entries, nil
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

// Check fails t with each of Problems' lines for dir.
func Check(t *testing.T, dir string) {
	t.Helper()
	problems, err := Problems(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// Problems gives one line for each non-test .go file of dir that has no
// entry of its own in dir/doc.go's map (a mention in passing is not one:
// a reader looks for the file's line), each file with two or more, and
// each .go name in the doc that is not a file of dir.
func Problems(dir string) ([]string, error) {
	named, entries, err := Doc(dir)
	if err != nil {
		return nil, err
	}
	files, err := Sources(dir)
	if err != nil {
		return nil, err
	}
	doc := filepath.Join(dir, docFile)
	count := map[string]int{}
	for _, n := range entries {
		count[n]++
	}
	var out []string
	isFile := map[string]bool{docFile: true}
	for _, n := range files {
		isFile[n] = true
		switch count[n] {
		case 0:
			out = append(out, fmt.Sprintf("%s: the package doc has no entry for %s: add its line (- %s: what it holds) to the map", doc, n, n))
		case 1:
		default:
			out = append(out, fmt.Sprintf("%s: the package doc has %d entries for %s: keep one", doc, count[n], n))
		}
	}
	seen := map[string]bool{}
	for _, n := range named {
		if !seen[n] && !isFile[n] && !exists(filepath.Join(dir, n)) {
			out = append(out, fmt.Sprintf("%s: the package doc names %s, which is no file of the package", doc, n))
		}
		seen[n] = true
	}
	return out, nil
}

// exists says whether path is a file (a test file the doc names, such
// as doc_map_test.go, is one).
func exists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
