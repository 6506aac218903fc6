package diag

import "unicode"

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
