package docs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// performance.md names files, scripts and benchmarks that a reader runs
// or opens; these tests keep every name pointing at something in the
// tree, so that a rename cannot leave the page telling a reader to run
// what is gone. Paths are relative to the repository's root; a bare file
// name is one the tree has somewhere, and in "Map of the engine" a bare
// .go name is a file of interp/ (as the section says).
const (
	performanceFile = "performance.md"
	repoRoot        = ".."
	mapHeading      = "## Map of the engine"
)

var (
	// fenceRe splits a page into prose and fenced blocks.
	fenceRe = regexp.MustCompile("(?ms)^```[^\n]*\n(.*?)^```")
	// spanRe finds inline code (a span may wrap across lines).
	spanRe = regexp.MustCompile("`([^`]+)`")
	// benchFlagRe finds the pattern of -bench or -test.bench, quoted or not.
	benchFlagRe = regexp.MustCompile(`-(?:test\.)?bench[ =]+('[^']*'|"[^"]*"|\S+)`)
	// benchNameRe finds a benchmark function's name in prose or code; a
	// trailing * makes it a prefix ("BenchmarkReference*").
	benchNameRe = regexp.MustCompile(`\bBenchmark[A-Z][A-Za-z0-9_]*\*?`)
	// testFuncRe finds the benchmarks, tests and fuzz tests a test file
	// defines.
	testFuncRe = regexp.MustCompile(`(?m)^func ((?:Benchmark|Test|Fuzz)\w+)\((?:b \*testing\.B|t \*testing\.T|f \*testing\.F)\)`)
	// testNameRe is a code span that names a test or fuzz test.
	testNameRe = regexp.MustCompile(`^(?:Test|Fuzz)[A-Z]\w*$`)
	// tableCaseRe finds a figures table's case: a sub-benchmark of
	// BenchmarkRuleset or BenchmarkHomebrew, or a Reference benchmark.
	tableCaseRe = regexp.MustCompile(`(?m)^\| (?:(Ruleset|Homebrew)/(\w+)|(Reference\w+)) \|`)
	// pathExts are the endings that make a bare word a file name.
	pathExts = []string{".go", ".sh", ".md", ".fray", ".golden", ".pgo", ".txtar"}
	// pathRoots are the repository's top folders a path may start with.
	pathRoots = []string{"interp", "stdlib", "dsl", "cmd", "docs", "testdata", "rules", "internal", ".ci"}
)

// codeOf gives the code a page shows: the text of each fenced block and of
// each inline span outside them, one string each, a span's line breaks
// made spaces.
func codeOf(page string) []string {
	var out []string
	for _, m := range fenceRe.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	prose := fenceRe.ReplaceAllString(page, "")
	for _, m := range spanRe.FindAllStringSubmatch(prose, -1) {
		out = append(out, strings.ReplaceAll(m[1], "\n", " "))
	}
	return out
}

// pathWords gives the words of code that name a file or folder of the
// repository: a word with a slash that starts with one of pathRoots or ends
// in one of pathExts, or a bare word ending in one of pathExts.
func pathWords(code string) []string {
	var out []string
	for _, w := range strings.Fields(code) {
		if i := strings.LastIndex(w, "="); i >= 0 {
			w = w[i+1:] // -pgo=cmd/fray/default.pgo
		}
		w = strings.Trim(w, `'"(),;:[]`)
		w = strings.TrimPrefix(w, "./")
		if w == "" || strings.HasPrefix(w, "/") || strings.ContainsAny(w, "$@{}|") {
			continue
		}
		hasExt := false
		for _, e := range pathExts {
			hasExt = hasExt || strings.HasSuffix(w, e)
		}
		root, _, slash := strings.Cut(w, "/")
		isRoot := false
		for _, r := range pathRoots {
			isRoot = isRoot || root == r
		}
		if hasExt || slash && isRoot {
			out = append(out, w)
		}
	}
	return out
}

// repoFiles walks the repository: every file's base name, and the
// benchmarks, tests and fuzz tests its test files define.
func repoFiles(t *testing.T) (names, funcs map[string]bool) {
	t.Helper()
	names, funcs = map[string]bool{}, map[string]bool{}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		names[d.Name()] = true
		if !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range testFuncRe.FindAllStringSubmatch(string(src), -1) {
				funcs[m[1]] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names, funcs
}

// exists reports whether a path of the repository (a glob, if it has a *)
// names at least one file or folder.
func exists(path string) bool {
	m, _ := filepath.Glob(filepath.Join(repoRoot, filepath.FromSlash(path)))
	return len(m) > 0
}

// TestPerformancePathsExist: every file, script and folder performance.md
// names in its code exists.
func TestPerformancePathsExist(t *testing.T) {
	data, err := os.ReadFile(performanceFile)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	names, _ := repoFiles(t)
	i := strings.Index(page, "\n"+mapHeading+"\n")
	if i < 0 {
		t.Fatalf("%s has no %q section", performanceFile, mapHeading)
	}
	engineMap := page[i:]
	if j := strings.Index(engineMap[1:], "\n## "); j >= 0 {
		engineMap = engineMap[:j+1]
	}
	checked := 0
	check := func(code string, inMap bool) {
		for _, w := range pathWords(code) {
			checked++
			switch {
			case strings.Contains(w, "/"):
				if !exists(w) {
					t.Errorf("%s names %s, which the repository does not have", performanceFile, w)
				}
			case inMap && strings.HasSuffix(w, ".go"):
				if !exists("interp/" + w) {
					t.Errorf("%s's %q names %s, which interp/ does not have", performanceFile, mapHeading, w)
				}
			case strings.Contains(w, "*"):
				if !exists("interp/"+w) && !exists("stdlib/"+w) {
					t.Errorf("%s names %s, which matches no file of interp/ or stdlib/", performanceFile, w)
				}
			case !names[w]:
				t.Errorf("%s names %s, which no folder of the repository has", performanceFile, w)
			}
		}
	}
	for _, c := range codeOf(page[:i]) {
		check(c, false)
	}
	for _, c := range codeOf(engineMap) {
		check(c, true)
	}
	for _, c := range codeOf(page[i+len(engineMap):]) {
		check(c, false)
	}
	if checked < 50 {
		t.Errorf("only %d paths found in %s: has its layout changed?", checked, performanceFile)
	}
}

// benchAlternatives expands a -bench pattern's first level into one
// pattern per alternative of its first group, so that each benchmark the
// pattern spells out must exist, not just one of them:
// "^Benchmark(Cover|Step)$" gives "^BenchmarkCover$" and "^BenchmarkStep$".
func benchAlternatives(pat string) []string {
	open := strings.Index(pat, "(")
	end := strings.Index(pat, ")")
	if open < 0 || end < open {
		return []string{pat}
	}
	var out []string
	for _, alt := range strings.Split(pat[open+1:end], "|") {
		out = append(out, benchAlternatives(pat[:open]+alt+pat[end+1:])...)
	}
	return out
}

// TestPerformanceBenchmarksExist: every benchmark performance.md names
// exists as a func Benchmark… of the tree (and every test or fuzz test it
// names in code, as a func Test… or Fuzz…), each alternative of a -bench
// or -test.bench pattern selects one, a sub-benchmark pattern of
// BenchmarkRuleset, BenchmarkScaled or BenchmarkHomebrew names a ruleset
// or homebrew file there is, and so does each case of a figures table.
func TestPerformanceBenchmarksExist(t *testing.T) {
	data, err := os.ReadFile(performanceFile)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	_, benches := repoFiles(t)
	for _, code := range codeOf(page) {
		if testNameRe.MatchString(code) && !benches[code] {
			t.Errorf("%s names %s, which no test file defines", performanceFile, code)
		}
	}
	// The sub-benchmarks: rulesets, variants and homebrew encounters.
	subs := map[string]bool{}
	for _, g := range []string{"rules/*.fray", "rules/variants/*.fray", "testdata/bench/homebrew/*_encounter.fray"} {
		files, _ := filepath.Glob(filepath.Join(repoRoot, filepath.FromSlash(g)))
		for _, f := range files {
			subs[strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".fray"), "_encounter")] = true
		}
	}
	homebrew := func(name string) bool { return exists("testdata/bench/homebrew/" + name + "_encounter.fray") }
	matchesOne := func(re *regexp.Regexp, set map[string]bool) bool {
		for n := range set {
			if re.MatchString(n) {
				return true
			}
		}
		return false
	}

	for _, m := range benchNameRe.FindAllString(page, -1) {
		if name, prefix := strings.CutSuffix(m, "*"); prefix {
			if !matchesOne(regexp.MustCompile("^"+name), benches) {
				t.Errorf("%s names %s, but no benchmark's name starts %s", performanceFile, m, name)
			}
		} else if !benches[m] {
			t.Errorf("%s names %s, which no test file defines", performanceFile, m)
		}
	}

	patterns := 0
	for _, code := range codeOf(page) {
		for _, m := range benchFlagRe.FindAllStringSubmatch(code, -1) {
			patterns++
			pat := strings.Trim(m[1], `'"`)
			levels := strings.Split(pat, "/")
			for _, alt := range benchAlternatives(levels[0]) {
				re, err := regexp.Compile(alt)
				if err != nil {
					t.Errorf("%s: -bench %s: %v", performanceFile, pat, err)
					continue
				}
				if !matchesOne(re, benches) {
					t.Errorf("%s: -bench %s: %s selects no benchmark of the tree", performanceFile, pat, alt)
				}
			}
			top := regexp.MustCompile(levels[0])
			if len(levels) > 1 && (top.MatchString("BenchmarkRuleset") || top.MatchString("BenchmarkScaled") || top.MatchString("BenchmarkHomebrew")) {
				if re, err := regexp.Compile(levels[1]); err != nil || !matchesOne(re, subs) {
					t.Errorf("%s: -bench %s: %s names no ruleset, variant or homebrew file", performanceFile, pat, levels[1])
				}
			}
		}
	}
	if patterns < 5 {
		t.Errorf("only %d -bench patterns found in %s: has its layout changed?", patterns, performanceFile)
	}

	for _, m := range tableCaseRe.FindAllStringSubmatch(page, -1) {
		switch {
		case m[3] != "":
			if !benches["Benchmark"+m[3]] {
				t.Errorf("%s: the figures' case %s is no benchmark of the tree", performanceFile, m[3])
			}
		case m[1] == "Homebrew" && !homebrew(m[2]),
			m[1] == "Ruleset" && !exists("rules/"+m[2]+".fray") && !exists("rules/variants/"+m[2]+".fray"):
			t.Errorf("%s: the figures' case %s/%s has no rule file (BenchmarkRuleset plays rules/ and rules/variants/, BenchmarkHomebrew testdata/bench/homebrew/*_encounter.fray)", performanceFile, m[1], m[2])
		}
	}
}

// headingsOf gives the text of each Markdown heading of a page (a
// shell comment in a fenced block is none).
func headingsOf(page string) []string {
	var out []string
	for _, line := range strings.Split(fenceRe.ReplaceAllString(page, ""), "\n") {
		if h, ok := strings.CutPrefix(line, "#"); ok {
			out = append(out, strings.TrimSpace(strings.TrimLeft(h, "#")))
		}
	}
	return out
}

// slugOf is the anchor GitHub gives a heading: lower case, only letters,
// digits, hyphens and underscores kept, each space a hyphen.
func slugOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	// linkRe finds a Markdown link's target and anchor.
	linkRe = regexp.MustCompile(`\]\(([^)#\s]*)(?:#([^)\s]+))?\)`)
	// perfAnchorRe finds a link into performance.md from anywhere.
	perfAnchorRe = regexp.MustCompile(`performance\.md#([\w-]+)`)
	// perfSectionRe finds a section of performance.md named in words, as
	// comments and the README do: docs/performance.md, "The grid".
	perfSectionRe = regexp.MustCompile(`performance\.md, "([^"]+)"`)
)

// TestPerformanceLinksResolve: the links of performance.md and of its
// history lead to files there are and headings they have, and every
// other file of the repository that names a section of performance.md
// (by anchor, or in words as `docs/performance.md, "The grid"`) names one
// it has.
func TestPerformanceLinksResolve(t *testing.T) {
	slugs := map[string]map[string]bool{} // page → its headings' anchors
	heads := map[string][]string{}
	read := func(path string) string {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if slugs[path] == nil {
			heads[path] = headingsOf(string(data))
			slugs[path] = map[string]bool{}
			for _, h := range heads[path] {
				slugs[path][slugOf(h)] = true
			}
		}
		return string(data)
	}
	for _, page := range []string{performanceFile, filepath.Join("perf", "history.md")} {
		for _, m := range linkRe.FindAllStringSubmatch(read(page), -1) {
			target, anchor := m[1], m[2]
			if strings.Contains(target, "://") {
				continue
			}
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s links to %s, which does not exist", page, target)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !slugs[path][anchor] {
				read(path)
				if !slugs[path][anchor] {
					t.Errorf("%s links to %s#%s, a heading %s does not have", page, target, anchor, path)
				}
			}
		}
	}
	read(performanceFile)
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "perf") {
			return filepath.SkipDir // perf/history.md quotes the old page's sections
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".go") || filepath.Base(path) == performanceFile {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range perfAnchorRe.FindAllStringSubmatch(string(src), -1) {
			if !slugs[performanceFile][m[1]] {
				t.Errorf("%s links to performance.md#%s, a heading it does not have", path, m[1])
			}
		}
		for _, m := range perfSectionRe.FindAllStringSubmatch(string(src), -1) {
			found := false
			for _, h := range heads[performanceFile] {
				found = found || strings.HasPrefix(h, m[1])
			}
			if !found {
				t.Errorf("%s names performance.md's section %q, which it does not have", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
