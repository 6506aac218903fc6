package dsl_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/dsl/syntax"
)

// The golden tests of the formatter share the package's -update flag
// ("go test ./dsl -update" rewrites testdata/format/*.golden too). It is
// defined here only if no other test file of the package defines it:
// init runs after every package-level variable is set.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

const formatDir = "../testdata/format"

// repoFrayFiles is every .fray file under rules/ and testdata/, except the
// deliberately broken ones of testdata/bad.
func repoFrayFiles(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, root := range []string{"../rules", "../testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path == filepath.Join("..", "testdata", "bad") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".fray") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 10 {
		t.Fatalf("found only %d .fray files", len(out))
	}
	return out
}

// checkFormat formats src and checks the formatter's promises: the output
// parses to the same tree, formats to itself, and keeps every comment
// between the same two tokens. It returns the output, or nil when src
// does not parse.
func checkFormat(t testing.TB, name, src string) []byte {
	t.Helper()
	f, diags := syntax.Parse(name, src)
	if len(diags) > 0 {
		return nil
	}
	out, err := format.Format(f)
	if err != nil {
		t.Fatalf("%s: Format: %v\nsource:\n%s", name, err, src)
	}
	g, diags := syntax.Parse(name, string(out))
	if len(diags) > 0 {
		t.Fatalf("%s: the output does not parse: %v\noutput:\n%s", name, diags[0], out)
	}
	if d := format.TreeDiff(f, g); d != "" {
		t.Fatalf("%s: the output parses to another tree: %s\noutput:\n%s", name, d, out)
	}
	again, err := format.Format(g)
	if err != nil {
		t.Fatalf("%s: formatting the output: %v\noutput:\n%s", name, err, out)
	}
	if !bytes.Equal(again, out) {
		t.Fatalf("%s: not idempotent:\n%s", name, lineDiff(string(out), string(again)))
	}
	if a, b := commentPlaces(t, src), commentPlaces(t, string(out)); !equalPlaces(a, b) {
		t.Fatalf("%s: comments moved:\nbefore: %v\nafter:  %v\noutput:\n%s", name, a, b, out)
	}
	return out
}

// commentPlace is a comment with the tokens around it: the index (among
// tokens that are not comments or ";") and text of the token before and
// after it, and whether it ended the line of the token before it.
type commentPlace struct {
	Text            string
	Before, After   int
	BeforeV, AfterV string
	Trailing        bool
}

func commentPlaces(t testing.TB, src string) []commentPlace {
	t.Helper()
	toks, err := syntax.Tokenize("x.fray", src)
	if err != nil {
		t.Fatalf("tokenize: %v", err)
	}
	var out []commentPlace
	n := 0
	var prev *lexer.Token
	// A ";" that ends an expression ending in an operator is kept by the
	// formatter, joined to the operator; a comment after such a ";"
	// trails it in the output whatever line the ";" had.
	var prevSemi *lexer.Token
	for i, tk := range toks {
		switch {
		case tk.Type == syntax.TokComment:
			next := toks[len(toks)-1]
			for _, u := range toks[i+1:] {
				if u.Type != syntax.TokComment && !(u.Type == syntax.TokPunct && u.Value == ";") {
					next = u
					break
				}
			}
			c := commentPlace{Text: format.Escape(strings.TrimRight(tk.Value, " \t\f\r")), Before: n - 1, After: n, AfterV: placeValue(next)}
			if prev != nil {
				c.BeforeV = placeValue(*prev)
				c.Trailing = prev.Pos.Line == tk.Pos.Line
				if prevSemi != nil && prevSemi.Pos.Line == tk.Pos.Line && prev.Type == syntax.TokPunct && !strings.ContainsAny(prev.Value, ")]}") {
					c.Trailing = true
				}
			}
			out = append(out, c)
		case tk.Type == syntax.TokPunct && tk.Value == ";":
			tt := tk
			prevSemi = &tt
		default:
			n++
			tt := tk
			prev = &tt
			prevSemi = nil
		}
	}
	return out
}

func equalPlaces(a, b []commentPlace) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lineDiff shows the first differing line of two texts.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %q\n+ %q", i+1, x, y)
		}
	}
	return "(same)"
}

// Every file of the repository that parses round-trips through fmt.
func TestFormatRepoFiles(t *testing.T) {
	for _, path := range repoFrayFiles(t) {
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, diags := syntax.Parse(path, string(src)); len(diags) > 0 {
				t.Skipf("does not parse: %v", diags[0])
			}
			checkFormat(t, path, string(src))
		})
	}
}

// The canonical files of the repository are already formatted.
func TestFormatRepoCanonical(t *testing.T) {
	for _, dir := range []string{"../rules", "../testdata/encounters", "../testdata/worked", "../testdata/features", "../testdata/variants", "../testdata/mechanics"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.fray"))
		more, _ := filepath.Glob(filepath.Join(dir, "*", "*.fray"))
		for _, path := range append(files, more...) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := syntax.Parse(path, string(src))
			if len(diags) > 0 {
				t.Errorf("%s: %v", path, diags[0])
				continue
			}
			out, err := format.Format(f)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			if !bytes.Equal(out, src) {
				t.Errorf("%s is not formatted (run fray fmt -w %s):\n%s", path, path, lineDiff(string(src), string(out)))
			}
		}
	}
}

// A file with comments in every place keeps every one of them, each
// before the same token, and own-line comments at the indentation of what
// follows them (inside a block, before its "}", at the block's).
func TestFormatComments(t *testing.T) {
	path := filepath.Join(formatDir, "comments.fray")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := checkFormat(t, path, string(src))
	count := func(s string) map[string]int {
		m := map[string]int{}
		toks, err := syntax.Tokenize("x", s)
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range toks {
			if tk.Type == syntax.TokComment {
				m[tk.Value]++
			}
		}
		return m
	}
	before, after := count(string(src)), count(string(out))
	if len(before) < 30 {
		t.Fatalf("comments.fray has only %d comments", len(before))
	}
	for text, n := range before {
		if after[text] != n {
			t.Errorf("comment %q: %d before, %d after", text, n, after[text])
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d comments before, %d after", len(before), len(after))
	}
	toks, err := syntax.Tokenize("x", string(out))
	if err != nil {
		t.Fatal(err)
	}
	for i, tk := range toks {
		if tk.Type != syntax.TokComment || (i > 0 && toks[i-1].Pos.Line == tk.Pos.Line) {
			continue
		}
		next := toks[i+1]
		for j := i + 1; next.Type == syntax.TokComment; j++ {
			next = toks[j]
		}
		want := 1
		switch {
		case next.Type == syntax.TokEOF:
		case next.Value == "}":
			want = next.Pos.Column + 2
		default:
			want = next.Pos.Column
		}
		if tk.Pos.Column != want {
			t.Errorf("line %d: comment %q at column %d, want %d (before %q)", tk.Pos.Line, tk.Value, tk.Pos.Column, want, next.Value)
		}
	}
}

// Badly laid out inputs and their canonical form.
func TestFormatGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(formatDir, "*.fray"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Fatalf("found %d golden inputs", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out := checkFormat(t, path, string(src))
			if out == nil {
				t.Fatalf("does not parse")
			}
			golden := strings.TrimSuffix(path, ".fray") + ".golden"
			if updating() {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./dsl -run TestFormatGolden -update)", err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("%s differs from the golden file:\n%s", path, lineDiff(string(want), string(out)))
			}
		})
	}
}

// Small cases: what the layout rules say.
func TestFormatCases(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"expression spacing",
			"phase p once {\n  let x = a+b*-c\n  let y = f( a ,b )[0].z\n  let z = !ok&&x>=1?[1,2]:f({a:1})\n}\n",
			"phase p once {\n  let x = a + b * -c\n  let y = f(a, b)[0].z\n  let z = !ok && x >= 1 ? [1, 2] : f({a: 1})\n}\n"},
		{"an attribute named as an operator word ends an operand",
			"phase p once {\n  let x = self.let+self.hp-c?.in*2\n  let y = a.not -1 + b.if[0]\n}\n",
			"phase p once {\n  let x = self.let + self.hp - c?.in * 2\n  let y = a.not - 1 + b.if[0]\n}\n"},
		{"dice, ranges, element and slices",
			"phase p once {\n  let x = 2d6+d%   -  1\n  let y = filter(xs,#>1)[1:2]\n  let z = 1..n\n  let w = any(xs, .hp<1)\n}\n",
			"phase p once {\n  let x = 2d6 + d% - 1\n  let y = filter(xs, # > 1)[1:2]\n  let z = 1..n\n  let w = any(xs, .hp < 1)\n}\n"},
		{"strings kept as written",
			"phase p once {\n  log   \"{a.name} hits {b} \\\"hard\\\"\"\n}\n",
			"phase p once {\n  log \"{a.name} hits {b} \\\"hard\\\"\"\n}\n"},
		{"blank lines",
			"const a = 1\nconst b = 2\n\n\n\nconst c = 3\nphase p once {\n\n  let x = 1\n\n\n  let y = 2\n\n}\nend when x\n",
			"const a = 1\nconst b = 2\n\nconst c = 3\n\nphase p once {\n  let x = 1\n\n  let y = 2\n}\n\nend when x\n"},
		{"else on the brace's line",
			"phase p once {\n  if a { x = 1 }\n  else if b { x = 2 }\n  else { x = 3 }\n}\n",
			"phase p once {\n  if a {\n    x = 1\n  } else if b {\n    x = 2\n  } else {\n    x = 3\n  }\n}\n"},
		{"semicolons",
			"phase p once { let x = 1; let y = 2; }\n",
			"phase p once {\n  let x = 1\n  let y = 2\n}\n"},
		{"multi-line expression keeps its breaks",
			"phase p once {\n  let x = a &&\n b ||\n        c\n  let y = max(\n  1,\n     2\n )\n}\n",
			"phase p once {\n  let x = a &&\n      b ||\n      c\n  let y = max(\n    1,\n    2\n  )\n}\n"},
		{"header alignment and wrapping",
			"ruleset \"R\" {\nsource \"s\"\n  segments 10\n covers \"002-01\", \"002-02\", \"002-03\", \"002-04\", \"002-05\", \"002-06\", \"002-07\", \"002-08\"\n}\n",
			"ruleset \"R\" {\n  source   \"s\"\n  segments 10\n  covers   \"002-01\", \"002-02\", \"002-03\", \"002-04\", \"002-05\", \"002-06\", \"002-07\",\n           \"002-08\"\n}\n"},
		{"table columns",
			"table t 2d6 {\n2: \"low\" -2\n3-11:\"mid\" 0\n12+: \"high\"  10\n}\n",
			"table t 2d6 {\n  2:    \"low\"   -2\n  3-11: \"mid\"    0\n  12+:  \"high\"  10\n}\n"},
		{"combatants",
			"side a {\n  x = 1; y = 2\n  combatant bo { hp = 1;ac=2 }\n  combatant alexander {hp=3}\n  combatant c {\n hp = 1; ac = 2\n lvl = 3 }\n  combatant d\n}\n",
			"side a {\n  x = 1; y = 2\n  combatant bo        { hp = 1; ac = 2 }\n  combatant alexander { hp = 3 }\n  combatant c {\n    hp = 1; ac = 2\n    lvl = 3\n  }\n  combatant d\n}\n"},
		{"script and ruling",
			"round 1 { a: attack(target = b); b: cast(\"x\",segments=2) ; c: wait }\nruling \"r\" { a.alerted = true }\n",
			"round 1 {\n  a: attack(target = b)\n  b: cast(\"x\", segments = 2)\n  c: wait\n}\n\nruling \"r\" {\n  a.alerted = true\n}\n"},
		{"empty blocks",
			"phase p once {}\nphase q once {\n}\n",
			"phase p once {}\n\nphase q once {\n}\n"},
		{"an operator before a semicolon keeps it",
			"phase p once { x = a +; y = 2 }\n",
			"phase p once {\n  x = a +;\n  y = 2\n}\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := checkFormat(t, "case.fray", c.in)
			if out == nil {
				t.Fatalf("does not parse:\n%s", c.in)
			}
			if string(out) != c.want {
				t.Errorf("got:\n%s\nwant:\n%s\n%s", out, c.want, lineDiff(c.want, string(out)))
			}
		})
	}
}

// A tree that does not match its source, or a node the printer does not
// know, is an error, never a silently shortened file.
func TestFormatRefuses(t *testing.T) {
	f, diags := syntax.Parse("a.fray", "const a = 1\n")
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	f.Decls = append(f.Decls, &syntax.Decl{})
	if _, err := format.Format(f); err == nil || !strings.Contains(err.Error(), "does not know") {
		t.Errorf("an empty declaration: got %v", err)
	}

	f, _ = syntax.Parse("a.fray", "const a = 1\nconst b = 2\n")
	f.Decls = f.Decls[:1]
	if _, err := format.Format(f); err == nil {
		t.Errorf("a declaration missing from the tree: no error")
	}

	f, _ = syntax.Parse("a.fray", "const a = 1\n")
	f.Src = "const b = 1\n"
	if _, err := format.Format(f); err == nil {
		t.Errorf("a tree that is not its source's: no error")
	}

	f, _ = syntax.Parse("a.fray", "phase p once {\n  log \"x\"\n}\n")
	f.Decls[0].Phase.Body.Stmts[0].Return = &syntax.ReturnStmt{Kw: true}
	if _, err := format.Format(f); err == nil {
		t.Errorf("a statement with two kinds: no error")
	}
}

// The layout does not depend on the space between tokens on a line, on
// indentation or on how many blank lines there are: scrambling those in
// the repository's files changes nothing in fmt's output.
func TestFormatWhitespaceInsensitive(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, path := range repoFrayFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := syntax.Parse(path, string(src))
		if len(diags) > 0 {
			continue
		}
		want, err := format.Format(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := 0; i < scrambles(len(src)); i++ {
			s := scramble(t, r, string(src))
			g, diags := syntax.Parse(path, s)
			if len(diags) > 0 {
				t.Fatalf("%s: the scrambled file does not parse: %v\n%s", path, diags[0], s)
			}
			got, err := format.Format(g)
			if err != nil {
				t.Fatalf("%s: %v\n%s", path, err, s)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: scrambled white space changes the output:\n%s\nscrambled:\n%s", path, lineDiff(string(want), string(got)), s)
			}
		}
	}
}

// fuzzing reports whether the test binary fuzzes (go test -fuzz), rather
// than only running the fuzz targets' seeds as tests.
func fuzzing() bool {
	fl := flag.Lookup("test.fuzz")
	return fl != nil && fl.Value.String() != ""
}

// scrambles is how many scrambled copies of a file of n bytes
// TestFormatWhitespaceInsensitive formats: five, but one of a file over
// 64 KB (three of the hostile corpus, made by a generator: half the
// test's CPU). A scramble draws the space of every gap anew, and such a
// file has thousands of gaps of each kind, so one scramble of it tries
// each kind more often than five of an ordinary file.
func scrambles(n int) int {
	if n > 64<<10 {
		return 1
	}
	return 5
}

// scramble rewrites the white space of src: random indentation, one to
// three spaces or tabs where there was space on a line, sometimes a space
// between glued tokens, trailing blanks, and blank lines tripled.
func scramble(t *testing.T, r *rand.Rand, src string) string {
	toks, err := syntax.Tokenize("x", src)
	if err != nil {
		t.Fatal(err)
	}
	blanks := func() string {
		return []string{" ", "  ", "\t", "   ", " \t "}[r.Intn(5)]
	}
	var b strings.Builder
	end := 0
	var prev lexer.Token
	for i, tk := range toks {
		gap := src[end:tk.Pos.Offset]
		switch {
		case strings.Contains(gap, "\n"):
			n := strings.Count(gap, "\n")
			if n >= 2 {
				n = 3
			}
			if r.Intn(3) == 0 {
				b.WriteString(blanks())
			}
			b.WriteString(strings.Repeat("\n", n))
			if tk.Type != syntax.TokEOF {
				b.WriteString(strings.Repeat(" ", r.Intn(9)))
			}
		case gap != "":
			b.WriteString(blanks())
		case i > 0 && tk.Type != syntax.TokEOF && r.Intn(3) == 0 &&
			!(prev.Value == "." && tk.Type == syntax.TokNumber) && !(prev.Type == syntax.TokNumber && tk.Value == "."):
			b.WriteString(" ")
		}
		b.WriteString(tk.Value)
		end = tk.Pos.Offset + len(tk.Value)
		prev = tk
	}
	return b.String()
}

// FuzzFormat: nothing panics; whatever parses formats to text that parses
// to the same tree and formats to itself, with its comments in place.
func FuzzFormat(f *testing.F) {
	// The repository's files seed the fuzzer; run as seeds only (without
	// -fuzz) they would repeat TestFormatRepoFiles, the same checkFormat
	// of each file (a fifth of this package's CPU).
	if fuzzing() {
		for _, path := range repoFrayFiles(f) {
			src, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(src))
		}
	}
	for _, s := range []string{
		"phase p once { let x = a +\n b }\n",
		"phase p once { x = f(#,\n# ) }\n",
		"table t d6 {\n1:\n2: \"b\"\n}\n",
		"side a { combatant b { c = [1, -2, d6, \"x\", y] } }\n",
		"const a = 1.5 .. 2\n",
		"phase p once { let x = a ?. b ?? c[1:] }\n",
		"# ",
		"const a = 1 \t# trailing blanks \t\r\n",
		"phase p once {\n  x = 1\n  ; # after a lone semicolon\n}\n",
		"table t d6 {\n  1: # c\n   \"x\" 5\n}\n",
		"phase p once { let r = 1.5+.5 }\n",
		"const s = \"\x1b[2J\u202e\r\x00\" # \x1b\a\u2028\n",
		"phase p once {\n  log \"\x07{a + \\\"\r\\\"}\" # \xff\n}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkFormat(t, "fuzz.fray", src)
	})
}
