package explain

import (
	"math"
	"strconv"

	"github.com/frayrules/fray/stdlib"
)

// Roll is a dice expression with what it can give.
type Roll struct {
	Dice    string  `json:"dice"`
	Name    string  `json:"name,omitempty"` // the constant or attribute that holds it
	Min     int     `json:"min"`
	Max     int     `json:"max"`
	Average float64 `json:"average"`
}

// exprLimits bound the exact distribution of a dice expression of several
// terms ("2d6 - d4"): explain only needs its range and average, and a
// rule file must not keep it busy, so far below fray prob's limits.
var exprLimits = stdlib.DistLimits{Values: 10_000, Work: 5_000_000}

// rollOf reads a dice expression ("d6", "2d6+1", "d%", "2d6 - d4"); ok is
// false when it is not one fray can read without a fight, or too large
// to work out here.
func rollOf(text, name string) (Roll, bool) {
	if d, err := stdlib.ParseDice(text); err == nil {
		// NdF+M: no convolution needed.
		avg := float64(d.N)*float64(d.Faces+1)/2 + float64(d.Mod)
		return Roll{Dice: text, Name: name, Min: d.Min(), Max: d.Max(), Average: avg}, true
	}
	d, err := stdlib.ParseDistLimited(text, exprLimits)
	if err != nil || d.Min == d.Max() {
		return Roll{}, false // not dice, or a plain number
	}
	return Roll{Dice: text, Name: name, Min: d.Min, Max: d.Max(), Average: math.Round(d.Mean()*100) / 100}, true
}

// String is "d6 (1-6, average 3.5)", named when it has a name.
func (r Roll) String() string {
	s := r.Dice
	if r.Name != "" {
		s = r.Name + " = " + s
	}
	return s + " (" + rangeText(r.Min, r.Max) + ", average " + avgText(r.Average) + ")"
}

func avgText(a float64) string { return strconv.FormatFloat(a, 'f', -1, 64) }

// rangeText is the range of a roll: "2-12", but "-6 to -1" when it goes
// below zero (d6-7 read "-6--1").
func rangeText(lo, hi int) string {
	if lo < 0 {
		return strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}
