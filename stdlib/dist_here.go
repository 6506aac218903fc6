package stdlib

import "unicode/utf8"

// here is the character at the parser's place, for an error that quotes
// what it found: the whole character (a byte of 漢 quoted alone read
// "\xe6"), or the one byte that is not UTF-8.
func (p *distParser) here() string {
	_, size := utf8.DecodeRuneInString(p.src[p.i:])
	return p.src[p.i : p.i+max(size, 1)]
}

// callName is the name of a call at the parser's place (max in
// "max(d8!, d6!)"), or "".
func (p *distParser) callName() string {
	j := p.i
	for j < len(p.src) && (p.src[j] == '_' || p.src[j] >= 'a' && p.src[j] <= 'z' || p.src[j] >= 'A' && p.src[j] <= 'Z' || j > p.i && p.src[j] >= '0' && p.src[j] <= '9') {
		j++
	}
	k := j
	for k < len(p.src) && (p.src[k] == ' ' || p.src[k] == '\t') {
		k++
	}
	if j == p.i || k >= len(p.src) || p.src[k] != '(' {
		return ""
	}
	return p.src[p.i:j]
}
