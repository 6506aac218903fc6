package lsp

import (
	"strings"
	"testing"
)

// TestChangeOfManyEditsIsBounded: one didChange of thousands of edits
// of a large buffer copied and indexed the whole text for each (3 000
// edits of a 3.7 MB buffer: 24 s; a 24 MiB message holds 200 000). The
// edits a notification may make are bounded by the bytes they go over,
// and past that the buffer is left as it was, with a message that names
// the flag.
func TestChangeOfManyEditsIsBounded(t *testing.T) {
	const fileSize = 64 << 10
	limit := 6*fileSize + 64<<10
	text := strings.Repeat("x = y\n", fileSize/6)
	edit := func(n int) []contentChange {
		r := &Range{Start: Position{Line: 3, Character: 1}, End: Position{Line: 3, Character: 1}}
		out := make([]contentChange, n)
		for i := range out {
			out[i] = contentChange{Range: r, Text: "z"}
		}
		return out
	}
	for _, tc := range []struct {
		edits int
		ok    bool
	}{
		{1, true},
		{100, true}, // a replace-all in an ordinary file
		{changeWork * limit / len(text) * 2, false},
		{200000, false},
	} {
		ds := newDocuments(fileSize)
		if err := ds.open("file:///a.fray", "/a.fray", 1, text); err != nil {
			t.Fatal(err)
		}
		// The same edits alone, to count the bytes they went over.
		d := ds.get("file:///a.fray")
		_, _, copied, _ := applyChanges(d.text, d.lines, edit(tc.edits), limit)
		if copied > changeWork*limit {
			t.Fatalf("%d edits went over %d bytes, more than the %d of changeWork times the limit", tc.edits, copied, changeWork*limit)
		}
		err := ds.change("file:///a.fray", 2, edit(tc.edits), limit)
		got := ds.get("file:///a.fray")
		switch {
		case tc.ok && err != nil:
			t.Errorf("%d edits: %v", tc.edits, err)
		case tc.ok && !strings.HasPrefix(got.lines.lineText(3), "x"+strings.Repeat("z", tc.edits)+" "):
			t.Errorf("%d edits: line 3 is %q", tc.edits, got.lines.lineText(3))
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), "--max-file-size")):
			t.Errorf("%d edits: want a refusal naming --max-file-size, got %v", tc.edits, err)
		case !tc.ok && (got.text != text || got.version != 1):
			t.Errorf("%d edits: a refused change altered the buffer", tc.edits)
		}
	}
}

// TestLineIndexFindsEveryLine: the line starts newLineIndex finds
// (with IndexByte) are those of a byte-by-byte scan.
func TestLineIndexFindsEveryLine(t *testing.T) {
	for _, text := range []string{"", "\n", "a", "a\n", "\n\n", "a\nbb\r\n\nccc", "é\n😀\n"} {
		var want []int
		want = append(want, 0)
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				want = append(want, i+1)
			}
		}
		got := newLineIndex(text).starts
		if len(got) != len(want) {
			t.Errorf("%q: starts %v, want %v", text, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: starts %v, want %v", text, got, want)
				break
			}
		}
	}
}
