package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// Unquote reads a double- or single-quoted literal: Go's escapes, and \'
// in either kind, as expr-lang reads the strings of an expression. A
// template's {expression} is lexed from the literal's source, so an
// apostrophe in a string inside one is written \' whatever the outer
// quotes ("{by.name + '\'s'}"): the outer literal must take it too.
func Unquote(lit string) (string, error) {
	if len(lit) < 2 || (lit[0] != '\'' && lit[0] != '"') {
		return strconv.Unquote(lit)
	}
	if lit[0] == '"' && !strings.Contains(lit, `\'`) {
		return strconv.Unquote(lit)
	}
	inner := lit[1 : len(lit)-1]
	var b strings.Builder
	b.Grow(len(lit) + 2)
	b.WriteByte('"')
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; {
		case c == '\\' && i+1 < len(inner):
			if inner[i+1] != '\'' {
				b.WriteByte(c)
			}
			b.WriteByte(inner[i+1])
			i++
		case c == '"' && lit[0] == '\'':
			b.WriteString(`\"`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return strconv.Unquote(b.String())
}

// EscapeError is a string literal holding an escape the language does
// not have ("a\qb"). Offset is the backslash's, in bytes from the
// literal's opening quote.
type EscapeError struct {
	Offset int
	Escape string
}

func (e *EscapeError) Error() string {
	return fmt.Sprintf("invalid escape %s in a string", e.Escape)
}

// badEscape finds the first escape of the literal that Unquote refuses,
// or nil.
func badEscape(lit string) *EscapeError {
	if len(lit) < 2 {
		return nil
	}
	q := lit[:1]
	for i := 1; i < len(lit)-1; i++ {
		if lit[i] != '\\' {
			continue
		}
		j := i + 2
		switch {
		case j > len(lit)-1:
			j = len(lit) - 1
		case lit[i+1] == 'x':
			j += 2
		case lit[i+1] == 'u':
			j += 4
		case lit[i+1] == 'U':
			j += 8
		case lit[i+1] >= '0' && lit[i+1] <= '7':
			j += 2
		}
		j = min(j, len(lit)-1)
		if _, err := Unquote(q + lit[i:j] + q); err != nil {
			return &EscapeError{Offset: i, Escape: lit[i:j]}
		}
		i = j - 1
	}
	return nil
}
