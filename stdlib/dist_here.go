package stdlib

import "unicode/utf8"

// here is the character at the parser's place, for an error that quotes
// what it found: the whole character (a byte of 漢 quoted alone read
// "\xe6"), or the one byte that is not UTF-8.
func (p *distParser) here() string {
	_, size := utf8.DecodeRuneInString(p.src[p.i:])
	return p.src[p.i : p.i+max(size, 1)]
}
