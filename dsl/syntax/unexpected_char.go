package syntax

import (
	"fmt"
	"unicode"

	"github.com/frayrules/fray/dsl/diag"
)

// unexpectedChar is the lexer's message for a character no token starts
// with. One that shows is quoted; one that does not (a combining mark, a
// zero-width or format character such as a byte-order mark left inside a
// file by joining two, a control or bidi character) is named by its code
// point: quoted, it would read as an empty quote or mark the quote.
func unexpectedChar(r rune) string {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me):
		return fmt.Sprintf("unexpected combining mark U+%04X: write the letter and its mark as one character (é, not e followed by U+0301)", r)
	case r == '\ufeff':
		return "unexpected byte-order mark U+FEFF inside the file (were two files joined?)"
	case unicode.Is(unicode.Cf, r) || diag.UnsafeRune(r) || !unicode.IsGraphic(r):
		return fmt.Sprintf("unexpected invisible character U+%04X", r)
	}
	return fmt.Sprintf("unexpected character %q", r)
}
