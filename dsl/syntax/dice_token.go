package syntax

import "strings"

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
