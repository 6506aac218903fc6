package explain_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/explain"
)

// TestIfChainIsReadInLinearMemory: an if of 20 000 else-ifs is explained
// as 20 001 sibling steps. Read by recursion, each else-if copied the
// steps of those after it (a chain of 50 000 took 16 s of fray explain,
// 2 s since): 1.6 GB of copies here, held to 4 KB an else-if (about 530 bytes now).
func TestIfChainIsReadInLinearMemory(t *testing.T) {
	const n = 20_000
	var src strings.Builder
	src.WriteString("ruleset \"chain\" {\n  source \"hostile\"\n}\n\nphase p each round {\n  let x = 3\n  if x == 0 {\n    log \"0\"\n  }")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&src, " else if x == %d {\n    log \"%d\"\n  }", i, i)
	}
	src.WriteString(" else {\n    log \"none\"\n  }\n}\n\nend when round > 1\n")
	dir := t.TempDir()
	path := filepath.Join(dir, "chain.fray")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m, diags := check.UnderRoot(dir).LoadRuleset(path, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	doc := explain.Build(m, nil)
	runtime.ReadMemStats(&after)
	steps := doc.Round[0].Steps
	if len(steps) != n+2 || steps[n+1].Text != "otherwise:" || steps[n].Text != fmt.Sprintf("otherwise, if x == %d:", n-1) {
		t.Fatalf("%d steps, the last two %q, %q", len(steps), steps[len(steps)-2].Text, steps[len(steps)-1].Text)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > n*4_000 {
		t.Errorf("explaining the chain allocated %d bytes, over %d", alloc, n*4_000)
	}
}
