package explain

import "github.com/frayrules/fray/dsl/check"

// maxTotals is the widest dice a table's rows are counted for: past it
// the checklist shows no count (a d1000000 table is not read by hand).
const maxTotals = 10_000

// totalsPerRow counts, for a dice-fed table, how many of the totals its
// dice can roll pick each row: the first row whose key holds a total
// picks it. It goes over the rows once, each giving the totals of its
// key not given yet, found by a jump past those already given (next,
// with its path halved), so the work is the totals and the rows, not
// their product: asking every row of every total, for each row, made a
// d10000 table of its 10 000 totals 5*10^11 comparisons (fray explain
// past 30 s). nil when the dice span more than maxTotals totals.
func totalsPerRow(t *check.Table) []int {
	lo, hi := t.Dice.Min, t.Dice.Max
	span := hi - lo + 1
	if span <= 0 || span > maxTotals {
		return nil
	}
	next := make([]int, span+1) // next[i]: where to look for a total not given, from i
	for i := range next {
		next[i] = i
	}
	find := func(i int) int {
		for next[i] != i {
			next[i] = next[next[i]]
			i = next[i]
		}
		return i
	}
	picks := make([]int, len(t.Rows))
	for j, row := range t.Rows {
		if len(row.Keys) != 1 || row.Keys[0].IsStr {
			continue
		}
		k := row.Keys[0]
		from, to := 0, span-1
		if !k.Any {
			if k.Hi < lo || k.Lo > hi {
				continue
			}
			from, to = max(k.Lo, lo)-lo, min(k.Hi, hi)-lo
		}
		for i := find(from); i <= to; i = find(i) {
			picks[j]++
			next[i] = i + 1
		}
	}
	return picks
}
