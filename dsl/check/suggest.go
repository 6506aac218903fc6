package check

import (
	"iter"
	"slices"
	"unicode/utf8"
)

// Suggestions: "did you mean ...?" for a misspelled name. Each finding
// compares its name with every name it could have meant, so a file of
// twenty thousand declarations and as many misspellings asks for four
// hundred million comparisons, and two names a hundred thousand
// characters long cost ten billion steps for one. The comparison is
// therefore bounded (names too different in length are skipped, the
// distance stops at the largest a suggestion allows) and charged to a
// budget per file: past it, findings keep their hint without the
// suggestion. The check of a file is sequential, so which findings get
// one does not vary between runs.

// suggestWork is the work (names looked at, cells of the distance's
// table) one file may spend on suggestions: about a tenth of a second,
// thousands of times what a real file needs.
const suggestWork = 50_000_000

// suggester holds what is left of a file's budget for suggestions.
type suggester struct{ left int }

func newSuggester() *suggester { return &suggester{left: suggestWork} }

// didYouMean appends a suggestion of the closest known name to a hint.
func (c *checker) didYouMean(name string, known []string, hint string) string {
	return c.sugg.didYouMean(name, known, hint)
}

// didYouMean appends a suggestion of the closest known name to a hint,
// for a list of names fixed by the language (a budget of its own).
func didYouMean(name string, known []string, hint string) string {
	return newSuggester().didYouMean(name, known, hint)
}

// didYouMean appends to hint the known name closest to name, if one is
// close enough (an edit distance of at most a third of the name's
// length, plus one); of equally close names, the first in sorted order.
func (s *suggester) didYouMean(name string, known []string, hint string) string {
	return s.closest(name, slices.Values(known), hint)
}

// closest is didYouMean over names given one by one, each charged to
// the budget as it comes: a caller need not list thousands of names (in
// scope, say) for a finding that the budget no longer lets look at them.
func (s *suggester) closest(name string, known iter.Seq[string], hint string) string {
	if s.left <= 0 {
		return hint
	}
	bound := max(1, len(name)/3+1) // the farthest a suggestion may be
	a := []rune(name)
	best := ""
	for k := range known {
		s.left--
		if s.left <= 0 {
			return hint
		}
		if k == name {
			return hint // not misspelled after all: nothing to suggest
		}
		if abs(utf8.RuneCountInString(k)-len(a)) > bound {
			continue // too different in length to be within bound
		}
		d, ok := s.distanceWithin(a, []rune(k), bound)
		if !ok {
			if s.left <= 0 {
				return hint
			}
			continue
		}
		if best == "" || d < bound || k < best {
			best, bound = k, d // later names must be as close to win
		}
	}
	if best == "" {
		return hint
	}
	return "did you mean " + best + "? " + hint
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// distanceWithin is the edit distance of a and b when it is at most
// limit (ok false otherwise, or when the budget runs out). Only the band
// of the table within limit of its diagonal can hold such a distance,
// and a row whose every cell is over limit ends the search.
func (s *suggester) distanceWithin(a, b []rune, limit int) (int, bool) {
	if abs(len(a)-len(b)) > limit {
		return 0, false
	}
	over := limit + 1
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		s.left -= hi - lo + 1
		if s.left <= 0 {
			return 0, false
		}
		cur[0] = min(i, over)
		if lo > 1 {
			cur[lo-1] = over
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, over)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if hi < len(b) {
			cur[hi+1] = over
		}
		if rowMin > limit {
			return 0, false
		}
		prev, cur = cur, prev
	}
	if prev[len(b)] > limit {
		return 0, false
	}
	return prev[len(b)], true
}
