package format_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/dsl/syntax"
)

// nestedLogs is a rule file whose phase holds depth nested ifs written
// unindented around n log lines: fmt indents each line two spaces a
// level, so its layout is many times the source's size.
func nestedLogs(depth, n int) string {
	return "phase p each round {\n" + strings.Repeat("if true {\n", depth) +
		strings.Repeat("log \"x\"\n", n) + strings.Repeat("}\n", depth) + "}\n"
}

// TestFormatWithinRefusesALayoutPastTheLimit: a layout longer than the
// caller's --max-file-size is refused (a 3.5 MB file of 97 nested blocks
// was laid out as 100 MB, which fray could not read back, and checking
// that output took minutes and gigabytes), with an F501 placed at the
// line that passes the limit and naming the flag; a layout of exactly
// the limit is given.
func TestFormatWithinRefusesALayoutPastTheLimit(t *testing.T) {
	src := nestedLogs(40, 200)
	f, diags := syntax.Parse("deep.fray", src)
	if len(diags) > 0 {
		t.Fatal(diags[0])
	}
	out, err := format.Format(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 5*len(src) {
		t.Fatalf("the layout is %d bytes for a source of %d: the test no longer grows the file", len(out), len(src))
	}
	if got, err := format.FormatWithin(f, len(out)); err != nil || string(got) != string(out) {
		t.Fatalf("FormatWithin at the layout's own size: %v", err)
	}
	_, err = format.FormatWithin(f, len(out)-1)
	d := format.LimitDiagnostic(err)
	if d == nil {
		t.Fatalf("FormatWithin one byte short: err %v, want a limit finding", err)
	}
	// The last line is the one past the limit: the phase's closing brace.
	last := strings.Count(src, "\n")
	if d.Code != "F501" || d.Subject.Filename != "deep.fray" || d.Subject.Start.Line != last ||
		!strings.Contains(d.Summary, "formatted file's size: over the limit of") || !strings.Contains(d.Detail, "--max-file-size") {
		t.Errorf("got %s:%d: %s [%s] (%s), want F501 at line %d naming --max-file-size",
			d.Subject.Filename, d.Subject.Start.Line, d.Summary, d.Code, d.Detail, last)
	}
	// A small limit stops at the first line past it.
	_, err = format.FormatWithin(f, 200)
	if d := format.LimitDiagnostic(err); d == nil || d.Subject.Start.Line >= 40 {
		t.Errorf("a limit of 200 bytes: %v, want a finding within the first lines", err)
	}
	// Any other failure is not a limit's.
	if format.LimitDiagnostic(nil) != nil {
		t.Error("LimitDiagnostic(nil) is a finding")
	}
}

// TestFormatWithinCountsAlignedRowsFirst: a table's rows are padded to
// its widest cell, so one wide row among many made every row as wide
// (240 000 rows under a 20 000-character label: gigabytes, past 60 s,
// before the output was measured). The rows are counted before they are
// made: refusing such a table allocates about what its source takes,
// not rows times the widest.
func TestFormatWithinCountsAlignedRowsFirst(t *testing.T) {
	const rows, wide = 2000, 10_000
	var b strings.Builder
	b.WriteString("table t(k: int) {\n  0: \"" + strings.Repeat("w", wide) + "\"  1\n")
	for i := 1; i < rows; i++ {
		fmt.Fprintf(&b, "  %d: \"a\"  1\n", i)
	}
	b.WriteString("}\n")
	src := b.String()
	f, diags := syntax.Parse("wide.fray", src)
	if len(diags) > 0 {
		t.Fatal(diags[0])
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := format.FormatWithin(f, 4*len(src))
	runtime.ReadMemStats(&after)
	if d := format.LimitDiagnostic(err); d == nil || d.Code != "F501" {
		t.Fatalf("a table laid out %d times its source: err %v, want F501", rows*wide/len(src), err)
	}
	if got, bound := after.TotalAlloc-before.TotalAlloc, uint64(rows*wide/4); got > bound {
		t.Errorf("refusing the table allocated %d bytes, want under %d (the rows were made before they were counted)", got, bound)
	}
}
