package explain

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// naiveTotals is the count as it was written first: each total given to
// the first row whose key holds it, asking every row of every total.
func naiveTotals(t *check.Table) []int {
	picks := make([]int, len(t.Rows))
	for v := t.Dice.Min; v <= t.Dice.Max; v++ {
		for j, row := range t.Rows {
			if len(row.Keys) == 1 && row.Keys[0].Matches(v) {
				picks[j]++
				break
			}
		}
	}
	return picks
}

// TestTotalsPerRowAreTheFirstMatches: the counts of tables drawn at
// random (single totals, ranges, open and out of the dice's reach, rows
// that overlap, a catch-all, text keys and rows of two keys, which pick
// nothing) are those of asking every row of every total.
func TestTotalsPerRowAreTheFirstMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		lo := rng.IntN(5)
		tb := &check.Table{Dice: &check.DiceRange{Min: lo, Max: lo + rng.IntN(40)}}
		for range rng.IntN(12) {
			a, b := rng.IntN(60)-10, rng.IntN(60)-10
			k := check.RowKey{Lo: min(a, b), Hi: max(a, b)}
			switch rng.IntN(10) {
			case 0:
				k = check.RowKey{Any: true}
			case 1:
				k = check.RowKey{IsStr: true, Str: "x"}
			case 2:
				k.Hi = math.MaxInt
			case 3:
				k.Lo = math.MinInt
			}
			keys := []check.RowKey{k}
			if rng.IntN(15) == 0 {
				keys = append(keys, k)
			}
			tb.Rows = append(tb.Rows, &check.Row{Keys: keys})
		}
		if got, want := totalsPerRow(tb), naiveTotals(tb); !slices.Equal(got, want) {
			t.Fatalf("table %d (%d-%d, keys %v): got %v, want %v", n, tb.Dice.Min, tb.Dice.Max, keysOf(tb), got, want)
		}
	}
}

func keysOf(t *check.Table) [][]check.RowKey {
	var out [][]check.RowKey
	for _, r := range t.Rows {
		out = append(out, r.Keys)
	}
	return out
}

// TestTotalsPerRowOfAWideTable: a ruleset's d10000 table of its 10 000
// totals, one a row, explained: counted for each row by asking every row
// of every total, it was 5*10^11 comparisons (fray explain past 30 s,
// hours in all); the test's only bound on time is go test's own
// timeout. 100 000 rows that the dice cannot reach pick nothing.
func TestTotalsPerRowOfAWideTable(t *testing.T) {
	var src strings.Builder
	src.WriteString("ruleset \"wide\" {\n  source \"hostile\"\n}\n\ntable t d10000 {\n")
	for v := 1; v <= 10_000; v++ {
		fmt.Fprintf(&src, "  %d: %d\n", v, v)
	}
	src.WriteString("}\n\nphase p each round {\n  log \"{t()}\"\n}\n\nend when round > 1\n")
	dir := t.TempDir()
	path := filepath.Join(dir, "wide.fray")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m, diags := check.UnderRoot(dir).LoadRuleset(path, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc := Build(m, nil)
	rows := doc.Tables[0].Rows
	if len(rows) != 10_000 || rows[0].Chance != "1 of 10000 totals" || rows[9_999].Chance != "1 of 10000 totals" {
		t.Fatalf("rows %d, first %q, last %q", len(rows), rows[0].Chance, rows[len(rows)-1].Chance)
	}
	far := &check.Table{Dice: &check.DiceRange{Min: 1, Max: 10_000}}
	for v := range 100_000 {
		far.Rows = append(far.Rows, &check.Row{Keys: []check.RowKey{{Lo: 20_000 + v, Hi: 20_000 + v}}})
	}
	if slices.Max(totalsPerRow(far)) != 0 {
		t.Fatal("a row the dice cannot reach picks a total")
	}
}
