package syntax

import (
	"strings"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/diag"
)

// loneCRs refuses a file whose lines end in a carriage return alone (the
// old Mac convention). The lexer breaks lines at line feeds only, so
// such a file is one line, whose first comment swallows the rest: it
// was reported as missing its ruleset header, at 1:1. A file with no
// line feed but a carriage return with text after it is such a file.
func loneCRs(filename, src string) *diag.Diagnostic {
	if strings.IndexByte(src, '\n') >= 0 {
		return nil
	}
	i := strings.IndexByte(src, '\r')
	if i < 0 || i == len(src)-1 {
		return nil
	}
	at := diag.Pos{Line: 1, Column: utf8.RuneCountInString(src[:i]) + 1, Byte: i}
	end := at
	end.Column++
	end.Byte++
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeSyntax,
		Summary: "the lines of this file end in a carriage return alone",
		Detail:  "fray reads lines that end in a line feed (LF) or CRLF: convert the file, for example with tr '\\r' '\\n'",
		Subject: diag.Range{Filename: filename, Start: at, End: end}}
}
