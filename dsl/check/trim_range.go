package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"strings"
)

// trimRange moves a span's end back over trailing white space and
// comments, keeping at least one character.
func trimRange(r diag.Range, src string) diag.Range {
	if src == "" || r.End.Byte > len(src) || r.End.Byte <= r.Start.Byte+1 || r.Start.Byte < 0 {
		return r
	}
	end := r.End.Byte
	for end > r.Start.Byte+1 {
		// Drop a trailing comment on the last line of the span.
		lineStart := strings.LastIndexByte(src[:end], '\n') + 1
		if lineStart < r.Start.Byte {
			lineStart = r.Start.Byte
		}
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
	r.End = posAtByte(src, end)
	return r
}

// posAtByte is the line and column of a byte offset.
func posAtByte(src string, off int) diag.Pos {
	line, col := 1, 1
	for _, ch := range src[:off] {
		if ch == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return diag.Pos{Line: line, Column: col, Byte: off}
}
