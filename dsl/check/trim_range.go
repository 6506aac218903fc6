package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"strings"
)

// trimRange moves a span's end back over trailing white space and
// comments, keeping at least one character. It reads only the span
// (from its start, whose line and column are known): a file of many
// findings on one long line was read back to the line's start for
// each of them.
func trimRange(r diag.Range, src string) diag.Range {
	if src == "" || r.End.Byte > len(src) || r.End.Byte <= r.Start.Byte+1 || r.Start.Byte < 0 {
		return r
	}
	end := r.End.Byte
	for end > r.Start.Byte+1 {
		// Drop a trailing comment on the last line of the span.
		lineStart := r.Start.Byte + strings.LastIndexByte(src[r.Start.Byte:end], '\n') + 1
		if i := strings.IndexByte(src[lineStart:end], '#'); i >= 0 && !strings.ContainsAny(src[lineStart:lineStart+i], "\"'") {
			end = lineStart + i
			continue
		}
		ch := src[end-1]
		if ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' && ch != ';' {
			break
		}
		end--
	}
	if end == r.End.Byte {
		return r
	}
	from := r.Start
	if from.Line < 1 || from.Column < 1 {
		from = diag.Pos{Line: 1, Column: 1} // a start without its place: read from the top
	}
	r.End = posAfter(src, from, end)
	return r
}

// posAfter is the line and column of byte offset off, at or after from.
func posAfter(src string, from diag.Pos, off int) diag.Pos {
	line, col := from.Line, from.Column
	for _, ch := range src[from.Byte:off] {
		if ch == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return diag.Pos{Line: line, Column: col, Byte: off}
}
