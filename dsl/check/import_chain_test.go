package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// writeChain writes v0.fray, a ruleset, and v1..vn, each extending the
// one before: each adds a constant, every third overrides the base's
// constant c, every seventh removes the constant its parent added, and
// every hundredth reads a name nobody declares.
func writeChain(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("v0.fray", "ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nconst c = 0\nconst x0 = 0\n\nphase p each round {\n  log \"p {c}\"\n}\n\nend when round > 1\n")
	for i := 1; i <= n; i++ {
		text := fmt.Sprintf("ruleset \"v%d\" {\n  extends \"v%d.fray\"\n}\n\nconst x%d = %d\n", i, i-1, i, i)
		if i%3 == 0 {
			text += fmt.Sprintf("override const c = %d\n", i)
		}
		if i%7 == 0 && i%7 != 1 {
			text += fmt.Sprintf("remove const x%d\n", i-1)
		}
		if i%100 == 0 {
			text += fmt.Sprintf("const bad%d = nobody_%d\n", i, i)
		}
		write(fmt.Sprintf("v%d.fray", i), text)
	}
	return dir
}

// deepOptions are the options for a chain n deep: the limit of extends
// raised to it (--max-extends), as for the tests of what a deep chain
// costs when let through.
func deepOptions(dir string, n int) Options {
	lim := DefaultLimits()
	lim.Extends = n
	return Options{Root: dir, Limits: lim}
}

// A chain of variants linted at once shares its reads and merges: each
// file is read once, and a variant's merge takes over its base's merge
// without changing what any other variant sees. Each file's findings
// are those of a lint of it alone.
func TestChainLintedTogetherAsAlone(t *testing.T) {
	t.Parallel()
	const n = 300
	dir := writeChain(t, n)
	opts := deepOptions(dir, n)
	together := opts.NewLinter()
	got := make([]string, n+1)
	var wg sync.WaitGroup
	for w := range 4 { // as lintAll does: files checked concurrently
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i <= n; i += 4 {
				src := diag.Sources{}
				var buf bytes.Buffer
				diag.WriteText(&buf, together.Lint(filepath.Join(dir, fmt.Sprintf("v%d.fray", i)), src), src)
				got[i] = buf.String()
			}
		}()
	}
	wg.Wait()
	if len(together.texts) != n+1 {
		t.Errorf("%d files read, want each of the %d once", len(together.texts), n+1)
	}
	for _, i := range []int{0, 1, 3, 7, 100, 101, 299, 300} {
		_, alone := lintWithin(t, opts, filepath.Join(dir, fmt.Sprintf("v%d.fray", i)))
		if got[i] != alone {
			t.Errorf("v%d.fray linted with the chain:\n%s\nalone:\n%s", i, got[i], alone)
		}
	}
	if want := "nobody_300"; !bytes.Contains([]byte(got[n]), []byte(want)) {
		t.Errorf("the deepest variant does not report %s:\n%s", want, got[n])
	}
}

// A variant 3000 deep is merged in memory proportional to the chain:
// each level copied its base's maps of every file and its declarations
// (780 MB allocated for one variant 3000 deep, 2.2 GB for 5000).
func TestDeepChainMergesInLinearMemory(t *testing.T) {
	const n = 3000
	dir := writeChain(t, n)
	diags, allocated := lintAllocated(t, deepOptions(dir, n), filepath.Join(dir, fmt.Sprintf("v%d.fray", n)))
	unknown := 0
	for _, d := range diags {
		if d.Code == diag.CodeUnknownName {
			unknown++
		}
	}
	if unknown != n/100 {
		t.Errorf("%d unknown names reported, want %d: %v", unknown, n/100, diags)
	}
	if allocated > 300 {
		t.Errorf("linting a variant %d deep allocated %d MB, want under 300", n, allocated)
	}
}

// A chain's merge is linear in its declarations: each override, remove
// and placed phase finds what it names through an index, and a schema
// block is extended in place. It walked every declaration merged so far
// for each (a variant 5000 deep: 2 s; a folder of a chain of 2000, each
// variant merging its own: 80 s). writeHardChain's variants do each
// thing a merge does at every level.
// Not parallel: the hang guards of the hostile tests are timed.
func TestChainMergeIsLinear(t *testing.T) {
	walked := func(n int) int64 {
		dir := writeHardChain(t, n)
		l := deepOptions(dir, n).NewLinter()
		diags := l.Lint(filepath.Join(dir, fmt.Sprintf("v%d.fray", n)), diag.Sources{})
		if diags.HasErrors() {
			t.Fatalf("chain %d: %v", n, diags)
		}
		return l.mergeWalked.Load()
	}
	small, large := walked(200), walked(800)
	t.Logf("declarations walked: %d for 200, %d for 800", small, large)
	if large > 5*small {
		t.Errorf("merging a chain 800 deep walked %d declarations, one 200 deep %d: want at most 5 times as many (linear is 4)", large, small)
	}
}

// writeHardChain is a chain of n variants each of which adds a constant
// and a combatant attribute, overrides the constant before, a handler
// and a phase, removes a constant added two levels up and places a
// phase before the base's.
func writeHardChain(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("v0.fray", "ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nevent e() \"e\"\n\non e {\n  log \"e\"\n}\n\nconst x0 = 0\n\nphase p each round {\n  emit e()\n}\n\nphase q each round {\n  log \"q\"\n}\n\nend when round > 1\n")
	for i := 1; i <= n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "ruleset \"v%d\" {\n  extends \"v%d.fray\"\n}\n\n", i, i-1)
		fmt.Fprintf(&b, "combatant {\n  a%d: int = %d\n}\n\n", i, i)
		fmt.Fprintf(&b, "const x%d = x%d + 1\n", i, i-1)
		fmt.Fprintf(&b, "override on e {\n  log \"e %d {x%d}\"\n}\n", i, i)
		fmt.Fprintf(&b, "override phase q each round {\n  log \"q %d\"\n}\n", i)
		fmt.Fprintf(&b, "phase r%d each round before p {\n  log \"r%d\"\n}\n", i, i)
		if i >= 3 && i%2 == 1 {
			fmt.Fprintf(&b, "remove phase r%d\n", i-2)
		}
		write(fmt.Sprintf("v%d.fray", i), b.String())
	}
	return dir
}

// A folder holding a chain of variants is checked in work linear in the
// chain: each variant merges and checks its whole chain, so past the
// limit (--max-extends, 64 by default) a variant is refused at its own
// extends, unmerged. Without it a folder of a chain of n variants merged
// and checked n²/2 declarations (2000 variants: 80 s, 600 MB).
func TestChainFolderIsBoundedByTheLimit(t *testing.T) {
	work := func(n int) (walked int64, found int) {
		dir := writeChain(t, n)
		l := Options{Root: dir}.NewLinter()
		for i := 0; i <= n; i++ {
			diags := l.Lint(filepath.Join(dir, fmt.Sprintf("v%d.fray", i)), diag.Sources{})
			found += len(diags)
			if i <= DefaultLimits().Extends {
				continue
			}
			if len(diags) != 1 || diags[0].Code != diag.CodeLimit || diags[0].Subject.Filename != filepath.Join(dir, fmt.Sprintf("v%d.fray", i)) ||
				!strings.Contains(diags[0].Summary, "over the limit of 64") || !strings.Contains(diags[0].Detail, "--max-extends") {
				t.Fatalf("v%d.fray, %d deep: want one F501 at its own extends naming --max-extends, got %v", i, i, diags)
			}
		}
		return l.mergeWalked.Load(), found
	}
	w1, f1 := work(200)
	w4, f4 := work(800)
	t.Logf("200 variants: %d declarations walked, %d findings; 800: %d, %d", w1, f1, w4, f4)
	if w4 > 5*w1 || f4 > 5*f1 {
		t.Errorf("a folder of a chain of 800 walked %d declarations and found %d, one of 200 %d and %d: want at most 5 times as many (linear is 4)", w4, f4, w1, f1)
	}
}

// The merged chain is checked as one file, so its tokens together are
// held to --max-file-tokens, though each file alone is within it: 64
// bases of 4 MiB each made a ruleset of 256 MiB (a lint of one such
// variant took minutes). The chain is read no further than the file
// that passes the limit, which the refusal names.
func TestChainTokensAreLimited(t *testing.T) {
	t.Parallel()
	const n = 10
	dir := writeChain(t, n)
	lim := DefaultLimits()
	lim.FileTokens = 60 // each file of writeChain is under 40
	opts := Options{Root: dir, Limits: lim}
	for i := 0; i <= n; i++ {
		if diags := opts.Lint(filepath.Join(dir, fmt.Sprintf("v%d.fray", i)), diag.Sources{}); i < 3 && diags.HasErrors() {
			t.Errorf("v%d.fray: %v", i, diags)
		}
	}
	l := opts.NewLinter()
	top := filepath.Join(dir, fmt.Sprintf("v%d.fray", n))
	diags := l.Lint(top, diag.Sources{})
	if len(diags) != 1 || diags[0].Code != diag.CodeLimit || diags[0].Subject.Filename != top || diags[0].Subject.Start.Line != 2 ||
		!strings.Contains(diags[0].Summary, "over the limit of 60") || !strings.Contains(diags[0].Detail, "--max-file-tokens") {
		t.Fatalf("want one F501 at v%d.fray's extends naming --max-file-tokens, got %v", n, diags)
	}
	last := filepath.Join(dir, fmt.Sprintf("v%d.fray", n+1-len(l.texts)))
	if len(l.texts) >= n || !strings.Contains(diags[0].Summary, "to "+last+":") {
		t.Errorf("%d files of %d read, the refusal naming %s: %s", len(l.texts), n+1, last, diags[0].Summary)
	}
}
