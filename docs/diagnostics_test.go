package docs_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

var update = flag.Bool("update", false, "rewrite the ```text output blocks of diagnostics.md and the README's function table with what fray has now")

// The layout of diagnostics.md that this test relies on:
//
//   - One section per code of diag.Codes, in the same order, headed
//     "## F101 unknown-name" (the code and its name). Any other "## "
//     heading ends a section.
//   - A section with a line <!-- no-example --> is not linted.
//   - Every other section has example files in fenced blocks whose info
//     string is "fray ROLE [main] [allow-warnings] NAME.fray". ROLE is bad,
//     fixed, or shared (a file of both versions, such as the ruleset an
//     encounter names). The file to lint is the one marked main, or the
//     only file of its version.
//   - One ```text block per section holds the output of linting the bad
//     version, as diag.WriteText prints it with paths relative to the
//     example's directory (the directory itself, where a message spells it
//     out, removed). go test ./docs -update rewrites it.
//   - Outside the sections, a block "text same-as F104" must equal the
//     output block of that section (the introduction's sample).
//
// The bad version must yield a diagnostic of the section's code, with the
// code's default severity. The fixed version must yield no diagnostic of
// that code, no error, and, unless its main block says allow-warnings, no
// warning either.
const docFile = "diagnostics.md"

var (
	codeHeading = regexp.MustCompile(`^## (F[0-9]{3}) ([a-z][a-z-]*)$`)
	fileName    = regexp.MustCompile(`^[a-z0-9_]+\.fray$`)
)

// block is one fenced block: its info string and the lines of its body,
// lines[start:end] of the document.
type block struct {
	info       string
	role       string // bad, fixed, shared or text
	main       bool
	allowWarns bool
	name       string
	sameAs     string // for a text block of the introduction
	start, end int
	line       int // of the opening fence, from 1
	body       string
}

type section struct {
	code, name string
	line       int
	noExample  bool
	files      []*block
	texts      []*block
}

type document struct {
	lines    []string
	sections []*section
	samples  []*block // text blocks outside the sections
}

func parseDoc(text string) (*document, error) {
	d := &document{lines: strings.Split(text, "\n")}
	var cur *section
	var open *block
	var errs []string
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", docFile, line, fmt.Sprintf(format, args...)))
	}
	for i, line := range d.lines {
		if open != nil {
			if strings.TrimSpace(line) == "```" {
				open.end = i
				open.body = strings.Join(d.lines[open.start:open.end], "\n")
				if open.end > open.start {
					open.body += "\n"
				}
				open = nil
			}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "```"); ok {
			b := &block{info: strings.TrimSpace(rest), start: i + 1, line: i + 1}
			open = b
			fields := strings.Fields(b.info)
			switch {
			case len(fields) == 0:
			case fields[0] == "text":
				b.role = "text"
				if len(fields) == 3 && fields[1] == "same-as" {
					b.sameAs = fields[2]
				} else if len(fields) != 1 {
					fail(i+1, "a text block is ```text, or ```text same-as CODE outside the sections: %q", b.info)
				}
				if cur != nil && b.sameAs == "" {
					cur.texts = append(cur.texts, b)
				} else if cur == nil && b.sameAs != "" {
					d.samples = append(d.samples, b)
				}
			case fields[0] == "fray" && cur != nil:
				if err := parseFileInfo(b, fields[1:]); err != nil {
					fail(i+1, "%v", err)
					continue
				}
				cur.files = append(cur.files, b)
			}
			continue
		}
		if strings.HasPrefix(line, "## ") {
			cur = nil
			if m := codeHeading.FindStringSubmatch(line); m != nil {
				cur = &section{code: m[1], name: m[2], line: i + 1}
				d.sections = append(d.sections, cur)
			} else if regexp.MustCompile(`^## F[0-9]`).MatchString(line) {
				fail(i+1, "malformed code heading %q; write ## F101 unknown-name", line)
			}
			continue
		}
		if cur != nil && strings.TrimSpace(line) == "<!-- no-example -->" {
			cur.noExample = true
		}
	}
	if open != nil {
		fail(open.line, "unclosed code block")
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return d, nil
}

func parseFileInfo(b *block, fields []string) error {
	if len(fields) == 0 {
		return fmt.Errorf("a fray block needs a role and a file name: ```fray bad f101.fray")
	}
	b.role = fields[0]
	if b.role != "bad" && b.role != "fixed" && b.role != "shared" {
		return fmt.Errorf("role %q is not bad, fixed or shared", b.role)
	}
	for _, f := range fields[1:] {
		switch {
		case f == "main":
			b.main = true
		case f == "allow-warnings":
			b.allowWarns = true
		case fileName.MatchString(f) && b.name == "":
			b.name = f
		default:
			return fmt.Errorf("unexpected %q in ```fray %s", f, strings.Join(fields, " "))
		}
	}
	if b.name == "" {
		return fmt.Errorf("no file name (like f101.fray) in ```fray %s", strings.Join(fields, " "))
	}
	return nil
}

// version is the files of the bad or the fixed example and the one to lint.
type version struct {
	files []*block
	main  *block
}

func (s *section) version(role string) (*version, error) {
	v := &version{}
	seen := map[string]bool{}
	var mains []*block
	for _, b := range s.files {
		if b.role != role && b.role != "shared" {
			continue
		}
		if seen[b.name] {
			return nil, fmt.Errorf("%s: two %s files named %s", s.code, role, b.name)
		}
		seen[b.name] = true
		v.files = append(v.files, b)
		if b.main {
			mains = append(mains, b)
		}
	}
	switch {
	case len(v.files) == 0:
		return nil, fmt.Errorf("%s: no %s example (```fray %s NAME.fray)", s.code, role, role)
	case len(mains) == 1:
		v.main = mains[0]
	case len(mains) == 0 && len(v.files) == 1:
		v.main = v.files[0]
	default:
		return nil, fmt.Errorf("%s: mark exactly one %s file main (found %d)", s.code, role, len(mains))
	}
	return v, nil
}

// lint writes the files of a version into a new directory and lints its
// main file there by its relative name, so that paths print as in the doc.
func (v *version) lint(t *testing.T) (diag.Diagnostics, string) {
	t.Helper()
	dir := t.TempDir()
	for _, b := range v.files {
		if err := os.WriteFile(filepath.Join(dir, b.name), []byte(b.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	src := diag.Sources{}
	diags := check.UnderRoot("..").Lint(v.main.name, src)
	var buf bytes.Buffer
	diag.WriteText(&buf, diags, src)
	return diags, withoutDir(buf.String(), dir)
}

// withoutDir removes the temporary directory from paths that a message
// spells out in full (such as the root folder), so that the output does
// not change from run to run.
func withoutDir(out, dir string) string {
	dirs := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		dirs = append(dirs, real)
	}
	for _, d := range dirs {
		out = strings.ReplaceAll(out, d+string(filepath.Separator), "")
		out = strings.ReplaceAll(out, d, ".")
	}
	return out
}

func TestDiagnosticsDoc(t *testing.T) {
	path, err := filepath.Abs(docFile)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseDoc(string(data))
	if err != nil {
		t.Fatal(err)
	}

	// Every code once, in the order of diag.Codes, under its own name.
	var got []string
	for _, s := range doc.sections {
		got = append(got, s.code)
		info, ok := diag.CodeByID(s.code)
		if !ok {
			t.Errorf("%s:%d: section %s names no code of diag.Codes", docFile, s.line, s.code)
			continue
		}
		if info.Name != s.name {
			t.Errorf("%s:%d: section %s is headed %q; the code's name is %q", docFile, s.line, s.code, s.name, info.Name)
		}
	}
	var want []string
	for _, c := range diag.Codes {
		want = append(want, c.Code)
	}
	if !slices.Equal(got, want) {
		for _, c := range want {
			if n := count(got, c); n != 1 {
				t.Errorf("%s has %d sections for %s, want exactly 1", docFile, n, c)
			}
		}
		if !t.Failed() {
			t.Errorf("sections are out of order:\n got %v\nwant %v", got, want)
		}
	}

	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	outputs := map[string]string{}
	for _, s := range doc.sections {
		info, ok := diag.CodeByID(s.code)
		if !ok {
			continue
		}
		t.Run(s.code, func(t *testing.T) {
			if s.noExample {
				t.Skipf("%s:%d: marked <!-- no-example -->", docFile, s.line)
			}
			bad, err := s.version("bad")
			if err != nil {
				t.Fatal(err)
			}
			fixed, err := s.version("fixed")
			if err != nil {
				t.Fatal(err)
			}
			if len(s.texts) != 1 {
				t.Fatalf("%s:%d: %s has %d ```text output blocks, want 1", docFile, s.line, s.code, len(s.texts))
			}
			text := s.texts[0]

			t.Run("bad", func(t *testing.T) {
				diags, out := bad.lint(t)
				outputs[s.code] = out
				wantSev := diag.Error
				if info.Warning {
					wantSev = diag.Warning
				}
				if info.Note {
					wantSev = diag.Note
				}
				found := false
				for _, d := range diags {
					found = found || d.Code == s.code && d.Severity == wantSev
				}
				if !found {
					t.Errorf("%s:%d: linting the bad %s gives no %s %s:\n%s", docFile, bad.main.line, bad.main.name, wantSev, s.code, out)
				}
				if out != text.body {
					if *update {
						edits = append(edits, edit{text.start, text.end, out})
					} else {
						t.Errorf("%s:%d: the output printed for %s is stale (go test ./docs -update rewrites it)\n--- doc ---\n%s--- fray ---\n%s",
							docFile, text.line, s.code, text.body, out)
					}
				}
			})
			t.Run("fixed", func(t *testing.T) {
				diags, out := fixed.lint(t)
				same := slices.ContainsFunc(diags, func(d *diag.Diagnostic) bool { return d.Code == s.code })
				switch {
				case same:
					t.Errorf("%s:%d: the fixed %s still gives %s:\n%s", docFile, fixed.main.line, fixed.main.name, s.code, out)
				case diags.HasErrors():
					t.Errorf("%s:%d: the fixed %s has errors:\n%s", docFile, fixed.main.line, fixed.main.name, out)
				case len(diags) > 0 && !fixed.main.allowWarns:
					t.Errorf("%s:%d: the fixed %s gives warnings (mark its block allow-warnings if they cannot be avoided):\n%s",
						docFile, fixed.main.line, fixed.main.name, out)
				}
			})
		})
	}

	// The introduction's sample output repeats a section's.
	for _, b := range doc.samples {
		out, ok := outputs[b.sameAs]
		if !ok {
			t.Errorf("%s:%d: ```text same-as %s: no linted section %s", docFile, b.line, b.sameAs, b.sameAs)
			continue
		}
		if out != b.body {
			if *update {
				edits = append(edits, edit{b.start, b.end, out})
			} else {
				t.Errorf("%s:%d: the sample output differs from section %s's (go test ./docs -update rewrites it)", docFile, b.line, b.sameAs)
			}
		}
	}

	if *update && len(edits) > 0 {
		sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		lines := doc.lines
		for _, e := range edits {
			repl := strings.Split(strings.TrimSuffix(e.text, "\n"), "\n")
			if e.text == "" {
				repl = nil
			}
			lines = slices.Concat(lines[:e.start], repl, lines[e.end:])
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %d output block(s) of %s", len(edits), docFile)
	}
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
