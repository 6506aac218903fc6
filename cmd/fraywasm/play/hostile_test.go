package play

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestLintOfManyFindingsIsBounded: a pasted file of tens of thousands
// of findings (the page lints it as you type) is answered with at most
// maxDiagnostics of them, errors first, and a note of how many more,
// with the file's lines found once for all their texts: each
// diagnostic's text split the whole file again (400 000 findings of a
// 3.7 MB file: past a minute, and hundreds of MB). The answer's texts
// are held to a bound of bytes allocated, not of time: once a text would
// be some 120 MB here.
func TestLintOfManyFindingsIsBounded(t *testing.T) {
	const n = 5000
	var b strings.Builder
	b.WriteString("ruleset \"h\" {\n}\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n")
	for i := range n {
		fmt.Fprintf(&b, "  x%d = y%d\n", i, i)
	}
	b.WriteString("}\n\nend when true\n")
	resp := do(&Request{Cmd: "lint", Files: Files{"a.fray": b.String()}, Lint: []string{"a.fray"}})
	l := newLoader(Files{"a.fray": b.String()})
	all := lintOne(l, "a.fray").Sort()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	withText(all, l.src)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("the texts of %d findings allocated %d MB, more than 16", len(all), alloc>>20)
	}
	ds := resp.Diagnostics
	if len(ds) != maxDiagnostics+1 {
		t.Fatalf("%d diagnostics answered, want %d", len(ds), maxDiagnostics+1)
	}
	for _, d := range ds[:maxDiagnostics] {
		if d.Code != "F101" || !strings.HasPrefix(d.Text, fmt.Sprintf("a.fray:%d:", d.Subject.Start.Line)) {
			t.Fatalf("a kept diagnostic: %s", d.Text)
		}
	}
	// 2n errors, and lint's warnings (hp unread, ...).
	var more int
	last := ds[maxDiagnostics]
	fmt.Sscanf(last.Summary, "%d more problems", &more)
	if more < 2*n-maxDiagnostics || more > 2*n+5-maxDiagnostics || !strings.Contains(last.Summary, "fray lint") {
		t.Errorf("the note: %q", last.Summary)
	}
}
