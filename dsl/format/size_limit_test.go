package format_test

import (
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
