package diag

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestWriteTextManyFindings renders one finding on each line of a
// 20,000-line file. Each snippet once split the whole file again, which
// took seconds for a lint that reports this much; the file must be split
// once, and every snippet must still show its own line.
func TestWriteTextManyFindings(t *testing.T) {
	const n = 20000
	var src strings.Builder
	ds := make(Diagnostics, 0, n)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, "const c%d = %d\n", i, i)
		ds = append(ds, &Diagnostic{Severity: Warning, Code: CodeUnusedDecl, Summary: fmt.Sprintf("c%d is never used", i),
			Subject: Range{Filename: "big.fray", Start: Pos{Line: i, Column: 7}, End: Pos{Line: i, Column: 8 + len(fmt.Sprint(i))}}})
	}
	var buf bytes.Buffer
	WriteText(&buf, ds, Sources{"big.fray": src.String()})
	out := strings.Split(buf.String(), "\n")
	if got, want := len(out), 3*n+1; got != want {
		t.Fatalf("%d lines of output, want %d (three per finding)", got, want)
	}
	for _, i := range []int{1, 777, n} {
		at := 3 * (i - 1)
		want := []string{
			fmt.Sprintf("big.fray:%d:7: warning: c%d is never used [%s]", i, i, CodeUnusedDecl),
			fmt.Sprintf("%4d | const c%d = %d", i, i, i),
			strings.Repeat(" ", len(fmt.Sprintf("%4d ", i))) + "|       " + strings.Repeat("^", 1+len(fmt.Sprint(i))),
		}
		for j, w := range want {
			if out[at+j] != w {
				t.Errorf("finding %d, line %d:\n got %q\nwant %q", i, j, out[at+j], w)
			}
		}
	}
}

// TestWriteTextLinesOfTheFile checks the edges of the line index: the
// first and last lines, a last line without a line break, a CR before
// the break, and lines past the end (no snippet).
func TestWriteTextLinesOfTheFile(t *testing.T) {
	src := Sources{"a.fray": "one\r\ntwo\nthree"}
	at := func(line int) *Diagnostic {
		return &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: "x",
			Subject: Range{Filename: "a.fray", Start: Pos{Line: line, Column: 1}, End: Pos{Line: line, Column: 2}}}
	}
	var buf bytes.Buffer
	WriteText(&buf, Diagnostics{at(1), at(3), at(4), at(0)}, src)
	want := "a.fray:1:1: error: x [F001]\n   1 | one\n     | ^\n" +
		"a.fray:3:1: error: x [F001]\n   3 | three\n     | ^\n" +
		"a.fray:4:1: error: x [F001]\n" +
		"a.fray:0:1: error: x [F001]\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}
