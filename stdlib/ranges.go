package stdlib

import "fmt"

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
	if hi < lo {
		return []int{}, nil
	}
	size := uint64(hi) - uint64(lo) + 1 // exact even when hi-lo overflows an int
	if l, ok := w.(ListLimiter); ok && size > uint64(l.MaxList()) {
		return nil, fmt.Errorf("downto(%d, %d) would make a list of %d numbers, over the limit of %d; raise it with --max-expr-memory", hi, lo, size, l.MaxList())
	}
	if err := w.Work(int(size)); err != nil {
		return nil, err
	}
	out := make([]int, 0, size)
	for i := hi; ; i-- {
		out = append(out, i)
		if i == lo {
			return out, nil
		}
	}
}

func downtoImpl(w World, a []any) (any, error) { return DownTo(w, a[0].(int), a[1].(int)) }
