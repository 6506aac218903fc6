package check

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// lintRanges warns about a range of two literal numbers that counts
// down, such as 10..1: lo..hi counts up and is empty when hi < lo (so
// that 1..n loops no times for n = 0), so that range is always empty
// and was almost certainly meant to count down, which downto(10, 1)
// does (stdlib/ranges.go).
func (c *checker) lintRanges() {
	exprs := make([]*syntax.Expr, 0, len(c.m.Exprs))
	for e := range c.m.Exprs {
		exprs = append(exprs, e)
	}
	// One warning a place, in the order of the files (map order is random).
	sort.Slice(exprs, func(i, j int) bool {
		a, b := exprs[i].Pos, exprs[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	for _, e := range exprs {
		for _, r := range emptyRanges(e.Tokens) {
			c.warnf(diag.CodeEmptyRange, syntax.RangeOf(r.from, r.to),
				fmt.Sprintf("count down with downto(%s, %s); a range counts up and is empty when its end is below its start", r.hi, r.lo),
				"the range %s..%s is always empty", r.hi, r.lo)
		}
	}
}

type literalRange struct {
	hi, lo   string
	from, to lexer.Position
}

// emptyRanges finds N..M with literal whole numbers N > M (either may
// have a sign) whose neighbours cannot bind tighter than the range
// (2*5..1 is (2*5)..1: not a literal range, left alone).
func emptyRanges(toks []lexer.Token) []literalRange {
	var out []literalRange
	for i, t := range toks {
		if t.Value != ".." {
			continue
		}
		lo, loStart, ok := literalBefore(toks, i)
		if !ok {
			continue
		}
		hi, hiEnd, ok := literalAfter(toks, i)
		if !ok {
			continue
		}
		a, errA := strconv.Atoi(lo)
		b, errB := strconv.Atoi(hi)
		if errA != nil || errB != nil || a <= b {
			continue
		}
		end := toks[hiEnd].Pos
		end.Offset += len(toks[hiEnd].Value)
		end.Column += len(toks[hiEnd].Value)
		out = append(out, literalRange{hi: lo, lo: hi, from: toks[loStart].Pos, to: end})
	}
	return out
}

// tighter are the operators that bind tighter than "..", so that a
// number next to one is not the range's whole bound.
var tighter = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "^": true, "**": true, ".": true, "?.": true}

// literalBefore reads the number (and its sign) that ends just before
// toks[i], returning its text and the index of its first token.
func literalBefore(toks []lexer.Token, i int) (string, int, bool) {
	j := i - 1
	if j < 0 || toks[j].Type != syntax.TokNumber {
		return "", 0, false
	}
	text, start := toks[j].Value, j
	if j >= 1 && toks[j-1].Value == "-" && (j == 1 || isOpen(toks[j-2])) {
		text, start = "-"+text, j-1
	}
	if start >= 1 && (tighter[toks[start-1].Value] || toks[start-1].Type == syntax.TokNumber) {
		return "", 0, false
	}
	return text, start, true
}

// literalAfter reads the number (and its sign) that starts just after
// toks[i], returning its text and the index of its last token.
func literalAfter(toks []lexer.Token, i int) (string, int, bool) {
	j, sign := i+1, ""
	if j < len(toks) && toks[j].Value == "-" {
		j, sign = j+1, "-"
	}
	if j >= len(toks) || toks[j].Type != syntax.TokNumber {
		return "", 0, false
	}
	if j+1 < len(toks) && tighter[toks[j+1].Value] {
		return "", 0, false
	}
	return sign + toks[j].Value, j, true
}

// isOpen reports whether a "-" after t is a sign rather than a minus.
func isOpen(t lexer.Token) bool {
	switch t.Value {
	case "(", "[", ",", "..", "?", ":", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "in", "not", "!":
		return true
	}
	return false
}
