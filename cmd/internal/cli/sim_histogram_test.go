package cli

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// The text report's histogram of fights ending in round 1 and in round
// 99 999 printed the second bar a column to the right of the first.
func TestHistogramColumnsAlign(t *testing.T) {
	r := &interp.SimResult{Runs: 4, Rounds: map[int]int{1: 3, 99_999: 1}}
	var b strings.Builder
	writeHistogram(&b, r.RoundSummary())
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), b.String())
	}
	if a, z := strings.Index(lines[0], "█"), strings.Index(lines[1], "█"); a != z {
		t.Errorf("the bars start at bytes %d and %d:\n%s", a, z, b.String())
	}
}
