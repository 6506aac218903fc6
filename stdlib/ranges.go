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
	n, ok := span(lo, hi, listLimit(w))
	if !ok {
		count := new(big.Int).Add(new(big.Int).SetUint64(uint64(hi)-uint64(lo)), big.NewInt(1))
		return nil, fmt.Errorf("downto(%d, %d) would make a list of %s numbers, over the limit of %d; raise it with --max-expr-memory", hi, lo, count, listLimit(w))
	}
	if err := w.Work(n); err != nil {
		return nil, err
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

// ErrMemoryBudget is a range over the list limit, in the words of
// expr-lang's VM (the run names the flag where it reports it).
var ErrMemoryBudget = errors.New("memory budget exceeded")

// Range is lo, lo+1, ..., hi: empty when hi < lo; counted as DownTo.
func Range(w World, lo, hi int) ([]int, error) {
	n, err := RangeLen(w, lo, hi)
	if err != nil {
		return nil, err
	}
	return upFrom(lo, n), nil
}

// RangeLen is the length of lo..hi, counted toward the world's work;
// a range as long as its --max-expr-memory is refused, as expr-lang's
// VM refuses it.
func RangeLen(w World, lo, hi int) (int, error) {
	n, ok := span(lo, hi, listLimit(w)-1)
	if !ok {
		return 0, ErrMemoryBudget
	}
	return n, w.Work(n)
}

// RangeWithin is lo..hi without a world (a test's expectation, run by
// expr-lang's VM under its budget of limit items): refused as the VM
// refuses a range as long as its budget.
func RangeWithin(lo, hi int, limit uint) ([]int, error) {
	n, ok := span(lo, hi, uint64(max(limit, 1))-1)
	if !ok {
		return nil, ErrMemoryBudget
	}
	return upFrom(lo, n), nil
}

// span is how many whole numbers lie from lo to hi (0 when hi < lo),
// exact for any two ints (hi-lo+1 wraps round), and whether that is at
// most most.
func span(lo, hi int, most uint64) (int, bool) {
	if hi < lo {
		return 0, true
	}
	less := uint64(hi) - uint64(lo) // the count less one: up to 2^64-1
	if less >= most {
		return 0, false
	}
	return int(less) + 1, true
}

// listLimit is the most items a list w's expressions make may hold: its
// --max-expr-memory, or 2^62 for a world without one.
func listLimit(w World) uint64 {
	if l, ok := w.(ListLimiter); ok {
		return uint64(max(l.MaxList(), 1))
	}
	return 1 << 62
}

func upFrom(lo, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = lo + i
	}
	return out
}

func downtoImpl(w World, a []any) (any, error) { return DownTo(w, a[0].(int), a[1].(int)) }

func rangeImpl(w World, a []any) (any, error) { return Range(w, a[0].(int), a[1].(int)) }
