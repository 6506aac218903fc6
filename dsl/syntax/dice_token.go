package syntax

import (
	"strings"
	"unicode/utf8"
)

// scanDiceNotation measures the dice notation that may follow NdF in a
// dice token, without spaces (stdlib.ParseDice reads it and names its
// mistakes): "!" (explode; not "!=", which compares), "kh", "kl", "dh"
// or "dl" with a number, and, only when the count of dice is written
// (counted), a comparison with a number: 5d6>=5 counts successes, while
// d20>=15 stays d20 >= 15, a comparison, as it always was.
func scanDiceNotation(s string, counted bool) int {
	i := 0
	if strings.HasPrefix(s, "!") && !strings.HasPrefix(s, "!=") {
		i++
	}
	for _, k := range [...]string{"kh", "kl", "dh", "dl"} {
		if strings.HasPrefix(s[i:], k) {
			if n := scanDigits(s[i+len(k):]); n > 0 {
				i += len(k) + n
			}
			break
		}
	}
	if counted {
		for _, c := range [...]string{">=", "<=", ">", "<", "="} {
			if strings.HasPrefix(s[i:], c) {
				if n := scanDigits(s[i+len(c):]); n > 0 {
					i += len(c) + n
				}
				break
			}
		}
	}
	return i
}

// diceThenName measures dice with a notation that a letter or digit
// follows, such as "d6!1" or "d6!x" (with a count, 2d6!1 is malformed
// dice already): the length up to the end of the name-like run after
// the notation, or 0. Read as the name d6, then ! and 1, the d6 that
// fray fmt wrote back was dice ("internal error: the output has "d6"
// where the source has "d6""). A name such as d6x, d6kh or d6kh3x stays
// a name: it is a name from end to end.
func diceThenName(s string) int {
	if len(s) < 2 || s[0] != 'd' {
		return 0
	}
	n := 1
	if s[1] == '%' {
		n = 2
	} else if d := scanDigits(s[1:]); d > 0 {
		n += d
	} else {
		return 0
	}
	k := scanDiceNotation(s[n:], false)
	if k == 0 {
		return 0
	}
	n += k
	m := n
	for m < len(s) {
		r, size := utf8.DecodeRuneInString(s[m:])
		if !isIdentRune(r) {
			break
		}
		m += size
	}
	if m == n || identLen(s) >= n {
		return 0 // d6 and a notation, alone; or a name (d6kh3x)
	}
	return m
}

// identLen measures the name at the start of s.
func identLen(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !isIdentRune(r) {
			break
		}
		n += size
	}
	return n
}
