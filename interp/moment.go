package interp

import (
	"fmt"
	"math"

	"github.com/frayrules/fray/dsl/diag"
)

// Moments and ticks are whole numbers a rule gives (schedule after N, at
// M, segment N), so arithmetic on them must not wrap round: a block due
// "after 9223372036854775807" would otherwise be due in the past, or run
// at once. These helpers refuse, at the statement, a moment the clock
// cannot count to.

// laterMoment is now + n moments, or false when that is past the largest
// or smallest moment the clock can count.
func laterMoment(now, n int) (int, bool) {
	if (n > 0 && now > math.MaxInt-n) || (n < 0 && now < math.MinInt-n) {
		return 0, false
	}
	return now + n, true
}

// momentOverflow is the error of a schedule whose due moment is out of
// the clock's range.
func momentOverflow(at diag.Range, label string, n int, unit string) error {
	return &RunError{At: at, Msg: fmt.Sprintf("cannot schedule %q %d %ss from now: past the last %s fray can count", label, n, unit, unit)}
}
