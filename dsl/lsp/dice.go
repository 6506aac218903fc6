package lsp

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// diceAt resolves the dice token i, together with the dice and numbers
// it is added to ("2d6 + 1", "d8 - d4"): the sum the hover describes.
func (p *project) diceAt(i int) *resolved {
	toks := p.units[0].toks
	term := func(j int) bool {
		return j >= 0 && j < len(toks) && (toks[j].Type == syntax.TokDice || toks[j].Type == syntax.TokNumber)
	}
	sign := func(j int) bool { return j >= 0 && j < len(toks) && (toks[j].Value == "+" || toks[j].Value == "-") }
	lo, hi := i, i
	for sign(lo-1) && term(lo-2) && !(lo-3 >= 0 && isMulOp(toks[lo-3].Value)) {
		lo -= 2
	}
	for sign(hi+1) && term(hi+2) && !(hi+3 < len(toks) && isMulOp(toks[hi+3].Value)) {
		hi += 2
	}
	var parts []string
	for j := lo; j <= hi; j++ {
		parts = append(parts, toks[j].Value)
	}
	text := strings.Join(parts, " ")
	return &resolved{kind: kindDice, name: text, from: toks[lo].Pos.Offset, to: toks[hi].Pos.Offset + len(toks[hi].Value)}
}

func isMulOp(v string) bool { return v == "*" || v == "/" || v == "%" || v == "." }

// diceSummary describes a sum of dice: its average, range and spread.
func diceSummary(text string) (string, bool) {
	d, err := stdlib.ParseDist(text)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("average %s, range %d–%d, standard deviation %.2f", trimNum(d.Mean()), d.Min, d.Max(), d.SD()), true
}

// trimNum prints a number without a needless fraction.
func trimNum(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
