package diag

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzWriteText renders a finding anywhere in any text: no panic, no
// character a terminal must not get raw, a shown line of bounded width
// however long the source line (a line is cut past window+20
// characters, each at most a 6-character escape), and a caret line of spaces and carets.
func FuzzWriteText(f *testing.F) {
	f.Add("let x = yy", 1, 9, 1, 11)
	f.Add("\tx\x1b[2J = \u202e名e\u0301\u200b\xff yy\r\nz", 1, 12, 2, 1)
	f.Add(strings.Repeat("abc 名 ", 100), 1, 300, 1, 310)
	f.Add("", 1, 1, 1, 2)
	f.Fuzz(func(t *testing.T, src string, line, col, endLine, endCol int) {
		d := &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: "x",
			Subject: Range{Filename: "f", Start: Pos{Line: line, Column: col % 100000}, End: Pos{Line: endLine, Column: endCol % 100000}}}
		var buf bytes.Buffer
		WriteText(&buf, Diagnostics{d}, Sources{"f": src})
		out := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		for _, l := range out[1:] {
			// A byte that is not UTF-8 must come out escaped (\xff); a
			// U+FFFD the source really holds is a character like another.
			if !utf8.ValidString(l) {
				t.Fatalf("a byte that is not UTF-8 in %q", l)
			}
			for _, r := range l {
				if UnsafeRune(r) {
					t.Fatalf("a raw %U in %q", r, l)
				}
			}
		}
		if len(out) < 3 {
			return // no snippet: the line is not in the text
		}
		if shown := utf8.RuneCountInString(out[1]); shown > 7+6+6*(window+20) {
			t.Fatalf("a shown line of %d characters", shown)
		}
		if carets := strings.TrimLeft(strings.TrimPrefix(out[2], "     | "), " "); carets == "" || strings.Trim(carets, "^") != "" {
			t.Fatalf("caret line %q", out[2])
		}
	})
}
