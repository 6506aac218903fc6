package diag

import "unicode"

// UnsafeRune tells whether r must not reach a terminal raw: the C0 and C1
// controls and DEL (an ESC recolours the screen, a CR or newline forges a
// line), the bidirectional marks, embeddings, overrides and isolates
// (they reorder what is shown), and the Unicode line and paragraph
// separators. Every writer of text a rule file supplies (the log's text,
// fray fmt's strings and comments) escapes these, each in its own
// spelling; this is the one list of them.
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
