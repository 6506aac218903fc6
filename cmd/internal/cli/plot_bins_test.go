package cli

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// Fights that end anywhere from round 1 to round 100 000 drew a bar for
// every round between in both plots (a 46 MB SVG; ten seconds of
// gonum/plot for the PNG): the rounds are binned to at most
// maxRoundBars bars, each round in the bin its label names.
func TestRoundBins(t *testing.T) {
	for _, span := range [][2]int{{1, 1}, {1, 7}, {3, 120}, {1, 121}, {1, 100000}, {57, 99999}, {99999, 100000}, {0, 5}} {
		lo, hi := span[0], span[1]
		b := binRounds(lo, hi)
		if b.n < 1 || b.n > maxRoundBars {
			t.Errorf("%d to %d: %d bars", lo, hi, b.n)
		}
		if hi-lo+1 <= maxRoundBars && b.width != 1 {
			t.Errorf("%d to %d: %d rounds a bar, want 1: they fit", lo, hi, b.width)
		}
		for _, k := range []int{lo, (lo + hi) / 2, hi} {
			i := b.of(k)
			if i < 0 || i >= b.n {
				t.Errorf("%d to %d: round %d in bar %d of %d", lo, hi, k, i, b.n)
				continue
			}
			from := b.first + i*b.width
			if k < from || k > from+b.width-1 {
				t.Errorf("%d to %d: round %d in bar %q", lo, hi, k, b.label(i))
			}
		}
	}
	if got := binRounds(1, 100000).label(1); got != "1001–2000" {
		t.Errorf("the second bar of 1 to 100 000 is %q, want 1001–2000", got)
	}
}

func TestSVGPlotOfWideRounds(t *testing.T) {
	r := plotBatch(0)
	r.Rounds = map[int]int{1: 600, 2: 100, 99_999: 300}
	info := plotInfo{Encounter: "Wide", Rulesets: []string{"A", "B"}, N: 1000, Seed: 7}
	svg := string(svgPlot(info, []*interp.SimResult{r, r}))
	if n := strings.Count(svg, "ended in round"); n > 2*maxRoundBars {
		t.Errorf("%d bars of rounds, want at most %d", n, 2*maxRoundBars)
	}
	if !strings.Contains(svg, "A: ended in rounds 1–1000, 70.0%") || !strings.Contains(svg, "(1000 rounds a bar)") {
		t.Error("the first bar does not hold rounds 1 to 1000, or the axis does not say so")
	}
	if len(svg) > 400_000 {
		t.Errorf("the plot is %d bytes", len(svg))
	}
}
