package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// 10 000 tables (a file of 450 KB): each table checks its first row's
// value once declared, and each check after a new function copied the
// table of every function declared so far (newFuncConfig), N²/2 entries:
// fray lint took 15 s of CPU and 2.5 GB (90 000 tables in a 2.6 MB file,
// tens of GB). The functions are added in place now. Not parallel: the
// bytes allocated are the process's.
func TestManyTablesCheckInLinearMemory(t *testing.T) {
	const n = 10_000
	var b strings.Builder
	b.WriteString("ruleset \"tables\" {\n  source \"hostile\"\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, "table t%d d6 {\n  1-3: \"lo\" 1\n  4+: \"hi\" %d\n}\n", i, i)
	}
	fmt.Fprintf(&b, "\nphase p each round {\n  log \"{t0() + t%d()}\"\n}\n\nend when round > 1\n", n-1)
	path := writeHostile(t, b.String())
	diags, allocated := lintAllocated(t, Options{}, path)
	if diags.HasErrors() {
		t.Fatalf("errors in a legal file: %v", diags[0])
	}
	unused := 0
	for _, d := range diags {
		if d.Code == diag.CodeUnusedDecl {
			unused++
		}
	}
	if unused != n-2 {
		t.Errorf("%d unused tables reported, want %d", unused, n-2)
	}
	// About 380 MB now (most of it the parse); over 2 GB before.
	if got := allocated; got > 800 || testing.Verbose() {
		t.Logf("the lint allocated %d MB", got)
		if got > 800 {
			t.Errorf("the lint allocated %d MB, want at most 800", got)
		}
	}
}
