package lsp

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/diag"
)

// LSP positions are 0-based lines and columns counted in UTF-16 code
// units (the protocol's default encoding); fray's are 1-based lines and
// columns counted in characters, with byte offsets. lineIndex converts
// between them for one text.
type lineIndex struct {
	text   string
	starts []int // byte offset of each line's start
}

func newLineIndex(text string) *lineIndex {
	// Counted first and found with IndexByte: this runs on every edit
	// of a buffer, which may be megabytes long.
	starts := make([]int, 1, strings.Count(text, "\n")+1)
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	return &lineIndex{text: text, starts: starts}
}

// lineText is line l (0-based) without its line break.
func (ix *lineIndex) lineText(l int) string {
	if l < 0 || l >= len(ix.starts) {
		return ""
	}
	end := len(ix.text)
	if l+1 < len(ix.starts) {
		end = ix.starts[l+1] - 1
	}
	s := ix.text[ix.starts[l]:end]
	if len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}

// offset is the byte offset of an LSP position; a position past a line's
// end is its end, past the text's end the text's end, and one inside a
// surrogate pair the character's start.
func (ix *lineIndex) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(ix.starts) {
		return len(ix.text)
	}
	line := ix.lineText(p.Line)
	off, units := 0, 0
	for off < len(line) && units < p.Character {
		r, size := utf8.DecodeRuneInString(line[off:])
		units += utf16Len(r)
		if units > p.Character {
			break
		}
		off += size
	}
	return ix.starts[p.Line] + off
}

// position is the LSP position of a byte offset.
func (ix *lineIndex) position(off int) Position {
	off = max(0, min(off, len(ix.text)))
	l := sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > off }) - 1
	units := 0
	for i := ix.starts[l]; i < off; {
		r, size := utf8.DecodeRuneInString(ix.text[i:])
		units += utf16Len(r)
		i += size
	}
	return Position{Line: l, Character: units}
}

// fromDiag is the LSP position of a fray position: its line, and its
// column counted in characters along that line (a column past the
// line's end is its end).
func (ix *lineIndex) fromDiag(p diag.Pos) Position {
	l := p.Line - 1
	if l < 0 {
		return Position{}
	}
	if l >= len(ix.starts) {
		return ix.position(len(ix.text))
	}
	line := ix.lineText(l)
	units, off := 0, 0
	for col := 1; col < p.Column && off < len(line); col++ {
		r, size := utf8.DecodeRuneInString(line[off:])
		units += utf16Len(r)
		off += size
	}
	return Position{Line: l, Character: units}
}

// rangeOf converts a fray range.
func (ix *lineIndex) rangeOf(r diag.Range) Range {
	start := ix.fromDiag(r.Start)
	end := ix.fromDiag(r.End)
	if end.Line < start.Line || end.Line == start.Line && end.Character < start.Character {
		end = start
	}
	return Range{Start: start, End: end}
}

// span is the LSP range of bytes [from, to).
func (ix *lineIndex) span(from, to int) Range {
	return Range{Start: ix.position(from), End: ix.position(to)}
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
