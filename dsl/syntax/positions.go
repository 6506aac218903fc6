package syntax

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
)

// posOf converts a position of the syntax tree.
func posOf(p lexer.Position) diag.Pos {
	return diag.Pos{Line: p.Line, Column: p.Column, Byte: p.Offset}
}

// RangeOf spans from start to end positions of the syntax tree.
func RangeOf(start, end lexer.Position) diag.Range {
	if end.Line == 0 || end.Offset < start.Offset {
		end = start
		end.Column++
		end.Offset++
	}
	return diag.Range{Filename: start.Filename, Start: posOf(start), End: posOf(end)}
}

// FileStart is the range of a file's first character, where problems of
// the whole file are reported.
func FileStart(filename string) diag.Range {
	return diag.Range{Filename: filename, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 2, Byte: 1}}
}

// RangeAt spans text written at p.
func RangeAt(p lexer.Position, text string) diag.Range {
	end := p
	end.Advance(text)
	return RangeOf(p, end)
}

// ValueTextWith renders a literal, strings by the given function (the
// formatter keeps a string's source text).
func ValueTextWith(v *Value, str func(*Value) string) string {
	switch {
	case v.Number != nil:
		if v.Number.Neg {
			return "-" + v.Number.Text
		}
		return v.Number.Text
	case v.String != nil:
		return str(v)
	case v.Dice != nil:
		return *v.Dice
	case v.Ident != nil:
		return *v.Ident
	case v.List != nil:
		parts := make([]string, len(v.List.Items))
		for i, it := range v.List.Items {
			parts[i] = ValueTextWith(it, str)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return ""
}
