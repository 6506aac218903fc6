package stdlib

import (
	"errors"
	"fmt"
	"math/big"
)

// Ranges. expr-lang's lo..hi counts up and is empty when hi < lo, so
// that `1..n` with n = 0 loops no times, as rules expect; a range that
// turned round by itself when its bounds crossed would run such a loop
// twice (1, then 0). Counting down is asked for by name instead:
// downto(hi, lo). The checker warns about a range of two literal
// numbers that is always empty (F620), pointing at downto.

// ListLimiter is what a World may also be: one that bounds the items of
// the lists an expression builds (the run's --max-expr-memory).
type ListLimiter interface {
	MaxList() int
}

// DownTo is hi, hi-1, ..., lo: empty when hi < lo. The numbers count
// toward the run's work as a range's do, and a list over the world's
// --max-expr-memory is refused before it is made.
func DownTo(w World, hi, lo int) ([]int, error) {
	n, err := countSpan(w, lo, hi, 0, func() string { return fmt.Sprintf("downto(%d, %d)", hi, lo) })
	if err != nil || n == 0 {
		return []int{}, err
	}
	out := make([]int, n)
	for i := range out {
		out[i] = hi - i
	}
	return out, nil
}

// RangeFunc is the internal function lo..hi becomes where its bounds
// are not both literals (a literal range's length is checked before the
// run, --max-iterations). expr-lang's range takes hi-lo+1 as its
// length, which wraps round for bounds a whole int apart: -2^63..2^63-1
// was an empty list in its VM, and the native loop counted from lo for
// ever, its items held (gigabytes).
const RangeFunc = "__range"

// Range is lo, lo+1, ..., hi: empty when hi < lo; counted as DownTo.
func Range(w World, lo, hi int) ([]int, error) {
	n, err := RangeLen(w, lo, hi)
	if err != nil || n == 0 {
		return []int{}, err
	}
	out := make([]int, n)
	for i := range out {
		out[i] = lo + i
	}
	return out, nil
}

// ErrMemoryBudget is a range over the list limit, in the words of
// expr-lang's VM (the run names the flag where it reports it).
var ErrMemoryBudget = errors.New("memory budget exceeded")

// RangeLen is the length of lo..hi, counted toward the world's work;
// a range as long as its --max-expr-memory is refused, as expr-lang's
// VM refuses it (in its words, which the run names the flag in).
func RangeLen(w World, lo, hi int) (int, error) {
	return countSpan(w, lo, hi, 1, nil)
}

// countSpan is how many whole numbers lie from lo to hi (0 when hi <
// lo), exact for any two ints, counted toward w's work. A count over
// the list limit less spare is an error, naming the call what says.
func countSpan(w World, lo, hi, spare int, what func() string) (int, error) {
	if hi < lo {
		return 0, nil
	}
	span := uint64(hi) - uint64(lo) // exact: the count less one, up to 2^64-1
	limit := uint64(1 << 62)        // a world without a limit of its own still makes no such list
	if l, ok := w.(ListLimiter); ok {
		limit = uint64(l.MaxList())
	}
	if span >= limit-min(limit, uint64(spare)) {
		if what == nil {
			return 0, ErrMemoryBudget
		}
		count := new(big.Int).Add(new(big.Int).SetUint64(span), big.NewInt(1))
		return 0, fmt.Errorf("%s would make a list of %s numbers, over the limit of %d; raise it with --max-expr-memory", what(), count, limit)
	}
	n := int(span) + 1
	return n, w.Work(n)
}

func downtoImpl(w World, a []any) (any, error) { return DownTo(w, a[0].(int), a[1].(int)) }

func rangeImpl(w World, a []any) (any, error) { return Range(w, a[0].(int), a[1].(int)) }
