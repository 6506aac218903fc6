package interp

import (
	"fmt"
	"strings"
)

// indexWords puts expr-lang's words for an index out of range in a
// rule's. l[2] of a list of two said "index out of range: 2 (array
// length is 2)", and l[-3] of it "index out of range: -1 (...)": expr-lang
// shows the index after adding the length to a negative one, which the
// rule never wrote (it is given back here: the index written is the one
// shown less the length). filter(l, p)[0] (and [-1]), which expr-lang
// makes a find that throws, said "reflect: slice index out of range"
// when p held for none. Both plans' errors pass through it
// (cleanExprErr), the native one in expr-lang's words (elemAt, find).
func indexWords(s string) string {
	if s == findThrowsMsg {
		return "index out of range: the filter holds for no item (first or last of filter(...) gives none instead, which ?? can replace)"
	}
	var shown, length int
	if n, err := fmt.Sscanf(s, "index out of range: %d (array length is %d)", &shown, &length); n != 2 || err != nil || !strings.HasSuffix(s, ")") {
		return s
	}
	written := shown
	if shown < 0 {
		written = shown - length
	}
	switch length {
	case 0:
		return fmt.Sprintf("index %d is out of range: the list is empty", written)
	case 1:
		return fmt.Sprintf("index %d is out of range: the list has 1 item (index 0, or -1 from the end)", written)
	}
	return fmt.Sprintf("index %d is out of range: the list has %d items (0 to %d, or -%d to -1 from the end)", written, length, length-1, length)
}
