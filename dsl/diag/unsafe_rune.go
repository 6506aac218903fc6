package diag

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// UnsafeRune tells whether r must not reach a terminal raw: the C0 and C1
// controls and DEL (an ESC recolours the screen, a CR or newline forges a
// line), the bidirectional marks, embeddings, overrides and isolates
// (they reorder what is shown), and the Unicode line and paragraph
// separators. Every writer of text a rule file supplies (the log's text,
// fray fmt's strings and comments) escapes these through Escape; this is
// the one list of them.
func UnsafeRune(r rune) bool {
	switch {
	case unicode.IsControl(r): // C0, DEL and C1
		return true
	case r == '\u061c', r == '\u200e', r == '\u200f', // directional marks
		r >= '\u202a' && r <= '\u202e', // embeddings and overrides
		r >= '\u2066' && r <= '\u2069', // isolates
		r == '\u2028', r == '\u2029':   // line and paragraph separators
		return true
	}
	return false
}

// Escape writes every unsafe character of s (UnsafeRune's, less tab and
// newline when keepLayout is set) and every byte that is not UTF-8 as an escape
// that both Go's and expr-lang's string syntax read back as that
// character or byte: \n, \r and \t, \xHH below 0x80 and for a byte that
// is not UTF-8, \uHHHH above. The log's text (interp.Printable) and fray
// fmt's strings, comments and diff lines (format.Escape, which keeps the
// layout) are written through it: one spelling, one loop.
func Escape(s string, keepLayout bool) string {
	i := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf && c >= 0x20 && c != 0x7f {
			i++ // the common case, printable ASCII, without decoding
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if escaped(r, size, keepLayout) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s // nothing to escape, nothing copied
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case !escaped(r, size, keepLayout):
			b.WriteString(s[i : i+size])
		case r == utf8.RuneError:
			// The lexer checks UTF-8 only where a token starts: a string
			// or a comment may hold any byte.
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// escaped tells whether Escape writes the rune r, size bytes long in its
// string, as an escape (keepLayout: not a tab or newline) (a byte that is not UTF-8 decodes as RuneError of
// size 1).
func escaped(r rune, size int, keepLayout bool) bool {
	if r == '\t' || r == '\n' {
		return !keepLayout
	}
	return r == utf8.RuneError && size == 1 || UnsafeRune(r)
}
