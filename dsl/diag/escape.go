package diag

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape writes each character of s that must not reach a terminal raw
// (UnsafeRune, and a byte that is not UTF-8) as an escape: \n, \r, \t,
// \xHH for the other ASCII controls and for such a byte, \uHHHH for the
// rest. It is the spelling of the log's Printable, which a source line
// shown under a diagnostic must use too, since the carets under it are
// laid out by the escapes' widths.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !UnsafeRune(r):
			b.WriteString(s[i : i+size])
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

// runeWidth is how many columns a terminal gives r: none for a
// combining mark or a zero-width format character (U+200B, a joiner,
// the byte-order mark), two for the wide characters of East Asian
// scripts and for emoji, one otherwise. It follows the usual wcwidth
// tables in outline, enough to put a caret under the right character.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r >= 0x1100 && r <= 0x115f, // Hangul Jamo initials
		r >= 0x2e80 && r <= 0xa4cf && r != 0x303f, // CJK ... Yi
		r >= 0xac00 && r <= 0xd7a3,                // Hangul syllables
		r >= 0xf900 && r <= 0xfaff,                // CJK compatibility ideographs
		r >= 0xfe30 && r <= 0xfe4f,                // CJK compatibility forms
		r >= 0xff00 && r <= 0xff60,                // fullwidth forms
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f, // pictographs, emoticons
		r >= 0x1f900 && r <= 0x1f9ff,
		r >= 0x20000 && r <= 0x3fffd: // CJK extensions
		return 2
	}
	return 1
}
