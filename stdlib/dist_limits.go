package stdlib

import (
	"fmt"
	"math/big"
)

// Limit names a bound of DistLimits.
type Limit string

// The limits of a distribution.
const (
	LimitValues Limit = "values" // DistLimits.Values
	LimitWork   Limit = "work"   // DistLimits.Work
	// LimitStopped: DistLimits.Yield asked the work to stop (the
	// playground's Stop); no flag raises it.
	LimitStopped Limit = "stopped"
)

// DistLimits bound the exact distribution of a dice expression, so that no
// expression (of thousands of terms, or of huge dice) keeps fray busy for
// long or fills its memory: every convolution is charged before it is
// done, and refused once the total would pass the limit.
type DistLimits struct {
	// Values is the most distinct values a distribution may have, the
	// final one or any made on the way; memory is linear in it.
	Values int
	// Work is the most steps of all the convolutions of one expression
	// together: a step is the multiply-add of two counts, weighted by
	// their size in 64-bit words as a multiplication and an addition cost
	// (counts grow with the number of dice), plus what a step costs
	// whatever the size (a call, a big.Int): wa*wb + wa + wb + 16.
	Work int
	// Yield, when set, is called before each convolution with the work
	// done so far; false stops the expression with an error whose Limit
	// is LimitStopped. The playground yields to its page there, so that
	// its Stop can arrive: an expression near Work takes seconds in the
	// browser, and between convolutions is the natural place to pause.
	Yield func(work int) bool
}

// MaxDistWidth and MaxDistWork are DefaultDistLimits: a second or so of
// work at most, and every expression of fray's tests and rules far below
// (500d6, 300d10 and 60d100 pass; 700d6 and 10d1000 do not).
const (
	MaxDistWidth = 100_000
	MaxDistWork  = 500_000_000
)

// DefaultDistLimits are the limits of ParseDist.
var DefaultDistLimits = DistLimits{Values: MaxDistWidth, Work: MaxDistWork}

// SumOutcomes is the number of distinct totals of n dice of the given
// faces, n*(faces-1)+1, capped at cap+1 so that it cannot overflow: a
// caller can count what an enumeration would go through before it starts.
func SumOutcomes(n, faces, cap int) int {
	if n < 1 || faces < 1 {
		return 1
	}
	if faces-1 > 0 && n > cap/(faces-1) {
		return cap + 1
	}
	return min(n*(faces-1)+1, cap+1)
}

// budget is the work an expression has done, against its limits. A nil
// budget has no limits.
type budget struct {
	lim  DistLimits
	work int
}

// limitErr is a limit a step would pass.
type limitErr struct {
	limit Limit
	value int
}

func (e *limitErr) Error() string {
	switch e.limit {
	case LimitValues:
		return fmt.Sprintf("the distribution is too large to compute exactly: over the limit of %d values", e.value)
	case LimitStopped:
		return fmt.Sprintf("stopped after %d steps of work: the distribution is not complete, so there is no result", e.value)
	}
	return fmt.Sprintf("the distribution is too large to compute exactly: over the limit of %d steps of work", e.value)
}

func (b *budget) over(l Limit) error {
	switch l {
	case LimitValues:
		return &limitErr{l, b.lim.Values}
	case LimitStopped:
		return &limitErr{l, b.work}
	}
	return &limitErr{l, b.lim.Work}
}

// add charges the convolution d.Add(e), or refuses it.
func (b *budget) add(d, e Dist) error {
	if b == nil {
		return nil
	}
	if len(d.Count)+len(e.Count)-1 > b.lim.Values {
		return b.over(LimitValues)
	}
	return b.charge(stepCost(len(d.Count), len(e.Count), d.Total, e.Total))
}

// charge takes steps from the budget, or refuses them.
func (b *budget) charge(steps int) error {
	if steps > b.lim.Work-b.work {
		return b.over(LimitWork)
	}
	if b.lim.Yield != nil && !b.lim.Yield(b.work) {
		return b.over(LimitStopped)
	}
	b.work += steps
	return nil
}

// stepCost is the work of convolving la counts of total ta with lb of
// total tb (every count is at most its total), capped far from overflow.
func stepCost(la, lb int, ta, tb *big.Int) int {
	wa, wb := words(ta), words(tb)
	const limit = 1 << 50
	if wa > limit/wb {
		return limit
	}
	weight := wa*wb + wa + wb + 16
	if la > limit/lb || la*lb > limit/weight {
		return limit
	}
	return la * lb * weight
}

// afford checks, before any of it is done, that the sum of n dice of the
// given faces fits the budget: it follows sumOf's convolutions with their
// lengths and totals only (faces^k, cheap to compute), so that a sum too
// large is refused at once rather than after a second of work.
func (b *budget) afford(n, faces int) error {
	if b == nil {
		return nil
	}
	if SumOutcomes(n, faces, b.lim.Values) > b.lim.Values {
		return b.over(LimitValues)
	}
	f := big.NewInt(int64(faces))
	resLen, resTotal := 1, big.NewInt(1)
	baseLen, baseTotal := faces, f
	steps := 0
	for k := n; k > 0; {
		if k&1 == 1 {
			steps += stepCost(resLen, baseLen, resTotal, baseTotal)
			resLen += baseLen - 1
			resTotal = new(big.Int).Mul(resTotal, baseTotal)
		}
		k >>= 1
		if k > 0 {
			steps += stepCost(baseLen, baseLen, baseTotal, baseTotal)
			baseLen = 2*baseLen - 1
			baseTotal = new(big.Int).Mul(baseTotal, baseTotal)
		}
		if steps > b.lim.Work-b.work {
			return b.over(LimitWork)
		}
	}
	return nil
}

// scale charges d.Scale(k), which makes (len-1)*k+1 values, or refuses it.
func (b *budget) scale(d Dist, k int) error {
	if b == nil {
		return nil
	}
	if len(d.Count) > 1 && (len(d.Count)-1) > (b.lim.Values-1)/k {
		return b.over(LimitValues)
	}
	return nil
}

// words is the size of n in 64-bit words, at least 1.
func words(n *big.Int) int {
	if n == nil {
		return 1
	}
	return max(1, (n.BitLen()+63)/64)
}
