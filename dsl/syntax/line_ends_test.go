package syntax

import (
	"strings"
	"testing"
)

// A file of lone-CR line ends is refused at its first line end; CRLF, a
// CR inside a line of an LF file and a single trailing CR are read.
func TestLoneCRLineEnds(t *testing.T) {
	const file = "# rules\nconst a = 1\nconst b = 2\n"
	for _, tc := range []struct {
		name, src string
		col       int // of the finding; 0 for none
	}{
		{"LF", file, 0},
		{"CRLF", strings.ReplaceAll(file, "\n", "\r\n"), 0},
		{"lone CR", strings.ReplaceAll(file, "\n", "\r"), 8},
		{"lone CR after é", "# é\rconst a = 1\r", 4},
		{"one line, trailing CR", "const a = 1\r", 0},
		{"a CR in a line of an LF file", "const a = 1 \r\nconst s = \"x\ry\"\n", 0},
	} {
		_, diags := Parse("f.fray", tc.src)
		var found bool
		for _, d := range diags {
			if strings.Contains(d.Summary, "carriage return alone") {
				found = true
				if d.Subject.Start.Line != 1 || d.Subject.Start.Column != tc.col {
					t.Errorf("%s: at %d:%d, want 1:%d", tc.name, d.Subject.Start.Line, d.Subject.Start.Column, tc.col)
				}
			}
		}
		if found != (tc.col > 0) {
			t.Errorf("%s: refused %v, want %v (%v)", tc.name, found, tc.col > 0, diags)
		}
	}
}
