package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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

// A chain of variants linted at once shares its reads and merges: each
// file is read once, and a variant's merge takes over its base's merge
// without changing what any other variant sees. Each file's findings
// are those of a lint of it alone.
func TestChainLintedTogetherAsAlone(t *testing.T) {
	t.Parallel()
	const n = 300
	dir := writeChain(t, n)
	opts := Options{Root: dir}
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
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	diags, _ := lintWithin(t, Options{Root: dir}, filepath.Join(dir, fmt.Sprintf("v%d.fray", n)))
	runtime.ReadMemStats(&after)
	unknown := 0
	for _, d := range diags {
		if d.Code == diag.CodeUnknownName {
			unknown++
		}
	}
	if unknown != n/100 {
		t.Errorf("%d unknown names reported, want %d: %v", unknown, n/100, diags)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 300 {
		t.Errorf("linting a variant %d deep allocated %d MB, want under 300", n, mb)
	}
}
