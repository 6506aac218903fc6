package cli

import "strconv"

// maxRoundBars is the most bars a batch draws in the rounds panel. Fights
// that end anywhere from round 1 to round 100 000 drew a bar for every
// round between: a 46 MB SVG of bars a hundredth of a pixel wide, and
// ten seconds of gonum/plot for the PNG. Past it the rounds are grouped
// in bins of a round width (1, 2 or 5 times a power of ten).
const maxRoundBars = 120

// roundBins is how the rounds from lo to hi are grouped: bins of width
// rounds, the first starting at first (a multiple of width, plus one).
type roundBins struct {
	first, width, n int
}

func binRounds(lo, hi int) roundBins {
	if hi < lo {
		hi = lo
	}
	span := hi - lo + 1
	for k := 1; ; k *= 10 {
		for _, m := range []int{1, 2, 5} {
			w := k * m
			// Bins start at 1, 1+w, 1+2w, ...: "101–200", not "97–196".
			r := (lo - 1) % w
			if r < 0 {
				r += w
			}
			first := lo - r
			// A width of the span or more needs at most two bins.
			if n := (hi-first)/w + 1; n <= maxRoundBars || w >= span {
				return roundBins{first: first, width: w, n: n}
			}
		}
	}
}

// of is the bin of round k.
func (b roundBins) of(k int) int { return (k - b.first) / b.width }

// label names bin i: its round, or its first and last round.
func (b roundBins) label(i int) string {
	from := b.first + i*b.width
	if b.width == 1 {
		return strconv.Itoa(from)
	}
	return strconv.Itoa(from) + "–" + strconv.Itoa(from+b.width-1)
}
