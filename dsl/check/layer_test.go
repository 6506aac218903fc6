package check

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// writeConstChain writes base.fray and v1..vn.fray, each extending the
// one before and adding k constants, each reading one of the file
// before (the shape of a folder of large variants), and returns the
// folder and its files, base first.
func writeConstChain(t *testing.T, n, k int) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  log \"p\"\n}\n\nend when round > 1\n\n")
	for j := range k {
		fmt.Fprintf(&b, "const c0_%d = %d\n", j, j)
	}
	files := []string{filepath.Join(dir, "base.fray")}
	texts := []string{b.String()}
	for i := 1; i <= n; i++ {
		b.Reset()
		prev := "base"
		if i > 1 {
			prev = fmt.Sprintf("v%d", i-1)
		}
		fmt.Fprintf(&b, "ruleset \"v%d\" {\n  extends \"%s.fray\"\n}\n\n", i, prev)
		for j := range k {
			fmt.Fprintf(&b, "const c%d_%d = c%d_%d + %d\n", i, j, i-1, j, j)
		}
		files = append(files, filepath.Join(dir, fmt.Sprintf("v%d.fray", i)))
		texts = append(texts, b.String())
	}
	for i, f := range files {
		if err := os.WriteFile(f, []byte(texts[i]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

// A folder holding one chain of variants that add constants is checked
// in work linear in its files: lint checks each rule file once and a
// variant on its base's check. Each file checked its whole chain, so a
// folder of base.fray and v1..v64.fray of 3000 constants each (6 MB;
// the ten deepest are refused, past --max-file-tokens with their chain)
// checked 4.6 million constants (57 s of CPU); now 168 000. The files
// are linted last first, as the language server may, and two at a time,
// as lint does.
func TestChainFolderChecksEachConstantOnce(t *testing.T) {
	t.Parallel()
	const n, k = 24, 50
	dir, files := writeConstChain(t, n, k)
	l := Options{Root: dir}.NewLinter()
	found := make([]diag.Diagnostics, len(files))
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := len(files) - 1 - w; i >= 0; i -= 2 {
				found[i] = l.Lint(files[i], diag.Sources{})
			}
		}()
	}
	wg.Wait()
	if got, want := l.constsChecked.Load(), int64((n+1)*k); got != want {
		t.Errorf("a folder of %d files of %d constants checked %d constants, want each once: %d", n+1, k, got, want)
	}
	for i, ds := range found {
		// Each file's constants, read by no file of its chain, and the
		// attribute hp.
		if len(ds) != k+1 || ds.HasErrors() {
			t.Errorf("%s: %d findings, want %d warnings", files[i], len(ds), k+1)
		}
	}
}

// render is a file's findings as text, with everything a finding holds.
func render(ds diag.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s [%s] %s %+v", d.Error(), d.Code, d.Detail, d.Subject)
		if d.Related != nil {
			fmt.Fprintf(&b, " related %s %+v", d.Related.Message, d.Related.Range)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// mergedCheck is what a rule file's check of its whole merged chain
// finds, and the texts it read.
func mergedCheck(opts Options, path string) (diag.Diagnostics, diag.Sources) {
	l := opts.NewLinter()
	src := diag.Sources{}
	f, diags := l.readFile(path, src)
	if f == nil {
		return diags, src
	}
	_, diags = l.checkRuleset(f, src)
	return diags, src
}

// A variant checked on its base's check (layer.go) finds what the check
// of its merged chain finds, in the same order and places, and reads the
// same files: for variants that add constants which use the base's and
// its attributes (by a {template}), that are never used, that are typed,
// dice, rolled, built-in names, declared twice, unknown, an empty range
// or a dice comment, and for those checked whole (an override, a name of
// the base, a header field, a base with an error), a variant of each,
// and two variants of one base.
func TestLayeredLintIsTheMergedCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"base.fray": "ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n  armor: int = 2\n}\n\nevent e() \"e\"\n\non e {\n  log \"e\"\n}\n\n" +
			"const x0 = 0\nconst unused0 = 1\nconst words = 3\n\nfn helper(x: int): int = x + 1\n\nfn spare(x: int): int = x\n\nphase p each round {\n  let h = helper(1)\n  emit e()\n  let n = x0 + 1\n  log \"p {n}\"\n}\n\nend when round > 1\n",
		"v1.fray":  "ruleset \"v1\" {\n  extends \"base.fray\"\n}\n\nconst x1 = x0 + 1\nconst unused1 = 2\nconst says = \"hp and {unused0}\"\n",
		"v2.fray":  "ruleset \"v2\" {\n  extends \"v1.fray\"\n}\n\nconst x2 = x1 * 2\nconst die = d12\nconst typed: int = 3\nconst down = 10..1\nconst pair = [x2, typed]\nconst most = max(x2, 3)\nconst many = len(pair)\n",
		"v3.fray":  "ruleset \"v3\" {\n  extends \"v2.fray\"\n}\n\nconst bad = nosuch + 1\nconst twice = 1\nconst twice = 2\nconst segment = 2\nconst rolled = d6 + 1\nconst wrong: string = x2\nconst x3 = bad + 1\nconst x33 = x3 + 1\nconst called = helper(1)\nconst now = round + 1\nconst says2 = \"{spare}\"\n",
		"v3b.fray": "ruleset \"v3b\" {\n  extends \"v2.fray\"\n}\n\nconst round = 2\n",
		"v4.fray":  "ruleset \"v4\" {\n  extends \"v3.fray\"\n}\n\nconst x4 = x2 + 1\n",
		"v5.fray":  "ruleset \"v5\" {\n  extends \"v2.fray\"\n}\n\nconst x5 = x2 + x1 # 2d6 average 7\nconst fine = 2d6 # average 9\n",
		"v6.fray":  "ruleset \"v6\" {\n  extends \"v5.fray\"\n}\n\nconst n = 5\nconst x6 = x5 + n\n",
		"v7.fray":  "ruleset \"v7\" {\n  extends \"v2.fray\"\n}\n\noverride const x0 = 5\nconst x7 = x0\n",
		"v8.fray":  "ruleset \"v8\" {\n  extends \"v7.fray\"\n}\n\nconst x8 = x7 + x0\n",
		"v9.fray":  "ruleset \"v9\" {\n  extends \"v2.fray\"\n  source \"elsewhere\"\n}\n\nconst x9 = x2\n",
		"w1.fray":  "ruleset \"w1\" {\n  extends \"v6.fray\"\n}\n\nconst armor_says = \"{armor}\"\nconst x10 = x6 + words\n",
		"w2.fray":  "ruleset \"w2\" {\n  extends \"w1.fray\"\n}\n",
		"w3.fray":  "ruleset \"w3\" {\n  extends \"v2.fray\"\n}\n",
	}
	var names []string
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Join(dir, name))
	}
	slices.Sort(names)
	opts := Options{Root: dir}
	backward := slices.Clone(names)
	slices.Reverse(backward)
	for _, order := range [][]string{names, backward} {
		l := opts.NewLinter()
		for _, path := range order {
			src := diag.Sources{}
			got := l.Lint(path, src)
			want, wantSrc := mergedCheck(opts, path)
			if render(got) != render(want) {
				t.Errorf("%s on its base's check:\n%s\nits merged chain checked:\n%s", filepath.Base(path), render(got), render(want))
			}
			if len(src) != len(wantSrc) {
				t.Errorf("%s: %d texts read, want %d", filepath.Base(path), len(src), len(wantSrc))
			}
		}
	}
}

// Every rule file of the repository lints as its merged chain checks,
// whether it is checked whole or on its base's check.
func TestLayeredLintOfTheRepository(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	var paths []string
	for _, pat := range []string{"rules/*.fray", "rules/variants/*.fray", "testdata/*/*.fray", "testdata/bench/homebrew/*.fray"} {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	opts := Options{Root: root}
	l := opts.NewLinter()
	rules := 0
	for _, path := range paths {
		f, _ := l.readFile(path, diag.Sources{})
		if f == nil || f.IsTestFile() || IsEncounter(f) {
			continue
		}
		rules++
		got := l.Lint(path, diag.Sources{})
		if want, _ := mergedCheck(opts, path); render(got) != render(want) {
			t.Errorf("%s linted:\n%s\nits merged chain checked:\n%s", path, render(got), render(want))
		}
	}
	if rules < 50 {
		t.Errorf("%d rule files found, want the repository's", rules)
	}
}
