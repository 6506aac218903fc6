package diag

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every part of a diagnostic that WriteText prints (the file name, the
// summary, the related note, the hint) stays on its line: a rule's string
// quoted in a summary, or a file named with a line break, once printed a
// line that read as a diagnostic of its own ("ok.fray:1:1: ...").
func TestWriteTextPartsStayOnTheirLine(t *testing.T) {
	forged := "x\nok.fray:1:1: fine\r\u202e\x1b[2J"
	at := Range{Filename: "a.fray", Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 2}}
	for _, tc := range []struct {
		name string
		d    Diagnostic
		want string
	}{
		{"summary", Diagnostic{Summary: "cannot read " + forged, Subject: at},
			`a.fray:1:1: error: cannot read x\nok.fray:1:1: fine\r\u202e\x1b[2J [F001]`},
		{"file name", Diagnostic{Summary: "s", Subject: Range{Filename: forged, Start: at.Start, End: at.End}},
			`x\nok.fray:1:1: fine\r\u202e\x1b[2J:1:1: error: s [F001]`},
		{"note", Diagnostic{Summary: "s", Subject: at, Related: &Related{Message: "first " + forged, Range: Range{Filename: forged + ".fray"}}},
			`  x\nok.fray:1:1: fine\r\u202e\x1b[2J.fray:0:0: note: first x\nok.fray:1:1: fine\r\u202e\x1b[2J`},
		{"hint", Diagnostic{Summary: "s", Detail: "use " + forged, Subject: at},
			`  hint: use x\nok.fray:1:1: fine\r\u202e\x1b[2J`},
	} {
		d := tc.d
		d.Code = CodeSyntax
		var buf bytes.Buffer
		WriteText(&buf, Diagnostics{&d}, Sources{"a.fray": "y\n"})
		out := buf.String()
		if !strings.Contains(out, tc.want+"\n") {
			t.Errorf("%s: the line %q is not in\n%s", tc.name, tc.want, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "ok.fray") || strings.ContainsAny(line, "\r\x1b\u202e") {
				t.Errorf("%s: a forged or raw line %q", tc.name, line)
			}
		}
	}
}

// FuzzWriteTextParts writes a finding whose file name, summary and hint
// are any text: it is always the same number of lines (the header, the
// source line and its carets, the hint), none holding a character a
// terminal must not get raw.
func FuzzWriteTextParts(f *testing.F) {
	f.Add("let x = y", "a.fray", "unknown name y", "declare it")
	f.Add("x\r\ny", "a\nb.fray", "cannot read \"x\nok.fray:1:1: fine\"\r", "hint\u2028\u202e\x1b[2J\xff")
	f.Fuzz(func(t *testing.T, src, file, summary, detail string) {
		d := &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: summary, Detail: detail,
			Subject: Range{Filename: file, Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 2}}}
		var buf bytes.Buffer
		WriteText(&buf, Diagnostics{d}, Sources{file: src})
		lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		want := 3
		if detail != "" {
			want++
		}
		if len(lines) != want {
			t.Fatalf("%d lines, want %d:\n%s", len(lines), want, buf.String())
		}
		for _, l := range lines {
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
	})
}

// ShowLine lays out one line of text as a diagnostic's source line: the
// same escapes and caret placement, a line break in the text written as
// an escape.
func TestShowLine(t *testing.T) {
	for _, tc := range []struct {
		line                string
		col, end            int
		wantShown, wantCars string
	}{
		{"d6 + x", 6, 7, "d6 + x", "     ^"},
		{"d6 +\t\tx", 7, 8, "d6 +        x", "            ^"},
		{"d6\nfray: x", 3, 4, `d6\nfray: x`, "  ^^"},
		{"漢字 + d6", 1, 2, "漢字 + d6", "^^"},
		{"\x1b[2J x", 1, 2, `\x1b[2J x`, "^^^^"},
		{"ab", 5, 6, "ab", "    ^"},
	} {
		shown, carets := ShowLine(tc.line, tc.col, tc.end)
		if shown != tc.wantShown || carets != tc.wantCars {
			t.Errorf("ShowLine(%q, %d, %d) = %q, %q; want %q, %q", tc.line, tc.col, tc.end, shown, carets, tc.wantShown, tc.wantCars)
		}
	}
}
