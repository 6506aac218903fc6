package diag

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// snippet renders one finding at columns from..to of line 1 of src.
func snippet(src string, from, to int) string {
	d := &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: "x",
		Subject: Range{Filename: "a.fray", Start: Pos{Line: 1, Column: from}, End: Pos{Line: 1, Column: to}}}
	var buf bytes.Buffer
	WriteText(&buf, Diagnostics{d}, Sources{"a.fray": src})
	return strings.TrimPrefix(buf.String(), fmt.Sprintf("a.fray:1:%d: error: x [F001]\n", from))
}

// The carets sit under the span however the characters before it are
// shown: a tab as four spaces, a control character, a bidirectional
// override or a byte that is not UTF-8 as its escape, a wide character
// in two columns, a combining or zero-width one in none.
func TestWriteTextCaretUnderTheSpan(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		from, to  int
		want      string
	}{
		{"ascii", "let x = yy", 9, 11, "   1 | let x = yy\n     |         ^^\n"},
		{"tab", "\tx = yy", 6, 8, "   1 |     x = yy\n     |         ^^\n"},
		{"escape", "\x1b[2Jx = yy", 9, 11, "   1 | \\x1b[2Jx = yy\n     |            ^^\n"},
		{"bidi override", "\"\u202e\" yy", 5, 7, "   1 | \"\\u202e\" yy\n     |          ^^\n"},
		{"not UTF-8", "\xff\xfe yy", 4, 6, "   1 | \\xff\\xfe yy\n     |          ^^\n"},
		{"wide", "\"名前\" yy", 6, 8, "   1 | \"名前\" yy\n     |        ^^\n"},
		{"wide in the span", "x = 名前", 5, 7, "   1 | x = 名前\n     |     ^^^^\n"},
		{"combining", "\"e\u0301\" yy", 6, 8, "   1 | \"e\u0301\" yy\n     |     ^^\n"},
		{"zero width", "\"a\u200bb\" yy", 7, 9, "   1 | \"a\u200bb\" yy\n     |      ^^\n"},
		{"byte-order mark", "\ufeffx yy", 4, 6, "   1 | \ufeffx yy\n     |   ^^\n"},
		{"past the end", "ab", 4, 5, "   1 | ab\n     |    ^\n"},
		// A span of a character that takes no column shows it escaped,
		// the carets under it (not under the next character).
		{"combining mark in the span", "he\u0301ros", 3, 4, "   1 | he\\u0301ros\n     |   ^^^^^^\n"},
		{"byte-order mark in the span", "x \ufeffy", 3, 4, "   1 | x \\ufeffy\n     |   ^^^^^^\n"},
	} {
		if got := snippet(tc.src, tc.from, tc.to); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// A finding on a line of 4 MiB shows a window of the line around it,
// each cut marked, and a line of thousands of findings is read once:
// each of 20 000 findings on a 4 MiB line once copied the whole line.
func TestWriteTextLongLine(t *testing.T) {
	const n = 20000
	item := "let abc = defgh; "
	src := strings.Repeat(item, 4<<20/len(item))
	ds := make(Diagnostics, 0, n)
	step := len(src) / len(item) / n
	for i := range n {
		col := 1 + i*step*len(item) + 10
		ds = append(ds, &Diagnostic{Severity: Error, Code: CodeUnknownName, Summary: "unknown name defgh",
			Subject: Range{Filename: "long.fray", Start: Pos{Line: 1, Column: col}, End: Pos{Line: 1, Column: col + 5}}})
	}
	var buf bytes.Buffer
	WriteText(&buf, ds, Sources{"long.fray": src})
	if buf.Len() > n*400 {
		t.Fatalf("%d bytes of output for %d findings: out of proportion", buf.Len(), n)
	}
	out := strings.Split(buf.String(), "\n")
	for _, i := range []int{1, n / 2, n - 1} {
		line, carets := out[3*i+1], out[3*i+2]
		if !strings.HasPrefix(line, "   1 | ...") || !strings.HasSuffix(line, "...") {
			t.Errorf("finding %d: the long line is not cut: %.200q", i, line)
		}
		at := strings.Index(carets, "^")
		if at < 0 || line[at:at+5] != "defgh" || strings.Count(carets, "^") != 5 {
			t.Errorf("finding %d: carets not under the name:\n%s\n%s", i, line, carets)
		}
	}
}

// Escape writes every character a terminal must not get raw as the
// log's Printable does.
func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain é 名": "plain é 名", "\x1b[31m": `\x1b[31m`, "a\nb\rc\td": `a\nb\rc\td`,
		"\x7f\u0085": `\x7f\u0085`, "\u202e\u2066\u2028": `\u202e\u2066\u2028`, "\xff": `\xff`,
	} {
		if got := Escape(in, false); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
