package stdlib

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Dist is the exact distribution of a sum of dice and constants: Count[i]
// ways out of Total to get Min+i. Counts are exact big integers, so the
// probabilities are exact fractions however many dice there are.
type Dist struct {
	Min   int
	Count []*big.Int
	Total *big.Int
}

// Constant is the distribution of a fixed number.
func Constant(n int) Dist {
	return Dist{Min: n, Count: []*big.Int{big.NewInt(1)}, Total: big.NewInt(1)}
}

// Die is the distribution of one die.
func Die(faces int) Dist {
	c := make([]*big.Int, faces)
	for i := range c {
		c[i] = big.NewInt(1)
	}
	return Dist{Min: 1, Count: c, Total: big.NewInt(int64(faces))}
}

// Max is the highest value with a non-zero count.
func (d Dist) Max() int { return d.Min + len(d.Count) - 1 }

// Add is the distribution of the sum of two independent values.
func (d Dist) Add(e Dist) Dist {
	out := make([]*big.Int, len(d.Count)+len(e.Count)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	var tmp big.Int
	for i, a := range d.Count {
		if a.Sign() == 0 {
			continue
		}
		for j, b := range e.Count {
			out[i+j].Add(out[i+j], tmp.Mul(a, b))
		}
	}
	return Dist{Min: d.Min + e.Min, Count: out, Total: new(big.Int).Mul(d.Total, e.Total)}
}

// Neg is the distribution of minus the value.
func (d Dist) Neg() Dist {
	out := make([]*big.Int, len(d.Count))
	for i, c := range d.Count {
		out[len(out)-1-i] = c
	}
	return Dist{Min: -d.Max(), Count: out, Total: d.Total}
}

// Scale is the distribution of k times the value (k > 0).
func (d Dist) Scale(k int) Dist {
	if k == 1 {
		return d
	}
	out := make([]*big.Int, (len(d.Count)-1)*k+1)
	for i := range out {
		out[i] = new(big.Int)
	}
	for i, c := range d.Count {
		out[i*k] = c
	}
	return Dist{Min: d.Min * k, Count: out, Total: d.Total}
}

// SumOf is the distribution of the sum of n dice of the given faces,
// however large: SumOfLimited refuses, before computing, a sum past its
// limits (SumOutcomes counts its values without computing it).
func SumOf(n, faces int) Dist {
	d, _ := sumOf(n, Die(faces), nil)
	return d
}

// SumOfLimited is SumOf within lim: past them, an error that names the
// limit (its column is 1) and nothing computed beyond it.
func SumOfLimited(n, faces int, lim DistLimits) (Dist, error) {
	b := &budget{lim: lim}
	err := b.afford(n, faces)
	var d Dist
	if err == nil {
		d, err = sumOf(n, Die(faces), b)
	}
	if err != nil {
		return Dist{}, &ExprError{Column: 1, Msg: err.Error(), Limit: err.(*limitErr).limit}
	}
	return d, nil
}

// sumOf is the sum of n dice, by repeated squaring of convolutions; each
// convolution is charged to b first (nil: no limit).
func sumOf(n int, die Dist, b *budget) (Dist, error) {
	result := Constant(0)
	base := die
	for n > 0 {
		if n&1 == 1 {
			if err := b.add(result, base); err != nil {
				return Dist{}, err
			}
			result = result.Add(base)
		}
		n >>= 1
		if n > 0 {
			if err := b.add(base, base); err != nil {
				return Dist{}, err
			}
			base = base.Add(base)
		}
	}
	return result, nil
}

// P is the exact probability of value v.
func (d Dist) P(v int) *big.Rat {
	i := v - d.Min
	if i < 0 || i >= len(d.Count) {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(d.Count[i], d.Total)
}

// Mean and SD of the distribution.
func (d Dist) Mean() float64 {
	m, _ := d.moment(1).Float64()
	return m
}

// SD is the standard deviation.
func (d Dist) SD() float64 {
	m1 := d.moment(1)
	m2 := d.moment(2)
	v, _ := new(big.Rat).Sub(m2, new(big.Rat).Mul(m1, m1)).Float64()
	return math.Sqrt(math.Max(0, v))
}

// EachValue calls f for each value d can take, lowest first, with its
// probability and those of a value at least and at most as high (the
// rows of fray prob's table, in the CLI and the playground). f must not
// keep the rationals: atMost is the running sum.
func (d Dist) EachValue(f func(v int, p, atLeast, atMost *big.Rat)) {
	atMost := new(big.Rat)
	for v := d.Min; v <= d.Max(); v++ {
		p := d.P(v)
		if p.Sign() == 0 {
			continue
		}
		atLeast := new(big.Rat).Sub(big.NewRat(1, 1), atMost)
		atMost.Add(atMost, p)
		f(v, p, atLeast, atMost)
	}
}

// MeanRat is the exact mean.
func (d Dist) MeanRat() *big.Rat { return d.moment(1) }

func (d Dist) moment(k int) *big.Rat {
	sum := new(big.Int)
	var t, x big.Int
	for i, c := range d.Count {
		x.SetInt64(int64(d.Min + i))
		if k == 2 {
			x.Mul(&x, &x)
		}
		sum.Add(sum, t.Mul(c, &x))
	}
	return new(big.Rat).SetFrac(sum, d.Total)
}

// ExprError is a mistake in a dice expression, at a column from 1.
type ExprError struct {
	Column int
	Msg    string
	Limit  Limit // which limit the expression reached, if that is the mistake
}

func (e *ExprError) Error() string { return fmt.Sprintf("column %d: %s", e.Column, e.Msg) }

// ParseDist reads a sum of dice and numbers, such as "3d6", "2d6+1",
// "d20 - d4", "d%" or "3*d6+2", and returns its exact distribution,
// within DefaultDistLimits.
func ParseDist(src string) (Dist, error) { return ParseDistLimited(src, DefaultDistLimits) }

// ParseDistLimited is ParseDist within lim: an expression whose
// distribution would pass them is refused before the work is done, with
// an error whose Limit says which.
func ParseDistLimited(src string, lim DistLimits) (Dist, error) {
	p := &distParser{src: src, budget: budget{lim: lim}}
	d, err := p.sum()
	if err != nil {
		return Dist{}, err
	}
	p.space()
	if p.i < len(p.src) {
		return Dist{}, p.fail("unexpected %q", p.here())
	}
	return d, nil
}

type distParser struct {
	src    string
	i      int
	budget budget // the work done so far, against the limits
}

func (p *distParser) fail(format string, args ...any) error {
	return &ExprError{Column: p.i + 1, Msg: fmt.Sprintf(format, args...)}
}

// failLimit is the ExprError of a limit the budget refused.
func (p *distParser) failLimit(err error) error {
	return &ExprError{Column: p.i + 1, Msg: err.Error(), Limit: err.(*limitErr).limit}
}

func (p *distParser) space() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

func (p *distParser) sum() (Dist, error) {
	p.space()
	neg := false
	if p.i < len(p.src) && p.src[p.i] == '-' {
		neg = true
		p.i++
	}
	d, err := p.term()
	if err != nil {
		return d, err
	}
	if neg {
		d = d.Neg()
	}
	for {
		p.space()
		if p.i >= len(p.src) || (p.src[p.i] != '+' && p.src[p.i] != '-') {
			return d, nil
		}
		op := p.src[p.i]
		p.i++
		t, err := p.term()
		if err != nil {
			return d, err
		}
		if op == '-' {
			t = t.Neg()
		}
		if err := p.budget.add(d, t); err != nil {
			return d, p.failLimit(err)
		}
		d = d.Add(t)
	}
}

// term is [k*]...NdF, [k*]...dF or a number. A chain of multipliers is
// read in a loop, not by recursion: an expression of any length keeps the
// stack flat.
func (p *distParser) term() (Dist, error) {
	p.space()
	start := p.i
	factor := 1
	for {
		at := p.i
		n, ok := p.number()
		p.space()
		if !ok || p.i >= len(p.src) || p.src[p.i] != '*' {
			p.i = at
			break
		}
		p.i++
		p.space()
		if n < 1 || n > MaxDice {
			p.i = at
			return Dist{}, p.fail("a multiplier must be 1 to %d", MaxDice)
		}
		factor *= n
		if factor > p.budget.lim.Values {
			// The width is at least the factor, for any dice; also keeps
			// the product far from overflowing.
			p.i = start
			return Dist{}, p.failLimit(p.budget.over(LimitValues))
		}
	}
	t, err := p.base()
	if err != nil || factor == 1 {
		return t, err
	}
	if err := p.budget.scale(t, factor); err != nil {
		p.i = start
		return Dist{}, p.failLimit(err)
	}
	return t.Scale(factor), nil
}

// base is NdF, dF or a number, without a multiplier.
func (p *distParser) base() (Dist, error) {
	p.space()
	start := p.i
	if err := p.tooLong(); err != nil {
		return Dist{}, err
	}
	n, ok := p.number()
	p.space() // so that "3 d6" reaches ParseDice, which names its mistake
	if p.i < len(p.src) && p.src[p.i] == 'd' {
		p.i++
		if err := p.tooLong(); err != nil {
			return Dist{}, err
		}
		if p.i < len(p.src) && p.src[p.i] == '%' {
			p.i++
		} else if _, ok := p.number(); !ok {
			return Dist{}, p.fail("dice need faces, like d6 or d%%")
		}
		p.i += scanNotation(p.src[p.i:], ok)
		text := strings.TrimSpace(p.src[start:p.i])
		lead := start + strings.Index(p.src[start:p.i], text[:1])
		d, err := ParseDice(text)
		if err != nil {
			p.i = start
			if de, ok := err.(*DiceError); ok && de.Hint != "" {
				p.i = lead + de.From
			}
			return Dist{}, p.fail("%v", err)
		}
		dist, err := diceDist(d, &p.budget)
		if err != nil {
			p.i = start
			return Dist{}, p.failLimit(err)
		}
		return dist, nil
	}
	if ok {
		return Constant(n), nil
	}
	if p.i >= len(p.src) {
		return Dist{}, p.fail("the expression ends where a number or dice should be")
	}
	if name := p.callName(); name != "" {
		// max(d8!, d6!) >= 4, a wild card's trait roll: the tenth
		// homebrew round's writer asked for it.
		return Dist{}, p.fail("%s(...) is a function, which prob does not take: it reads numbers and dice (4d6kh3, d6!, 5d6>=5) with + - * and one comparison; a rule's roll is asked with --rules FILE --table NAME, or --encounter FILE --event COND", name)
	}
	return Dist{}, p.fail("expected a number or dice, found %q", p.here())
}

// tooLong is the error of a number of more digits than number reads,
// at p.i: it was "expected a number or dice, found "1"" (or "dice need
// faces" after a d), as if the number were not one.
func (p *distParser) tooLong() error {
	j := p.i
	for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
		j++
	}
	if j-p.i <= maxDigits {
		return nil
	}
	return p.fail("the number %s is too large: prob reads whole numbers of at most %d digits", p.src[p.i:j], maxDigits)
}

// maxDigits is the most digits of a number prob reads: 999999999 is
// far over any count of dice or faces, and no product of two overflows.
const maxDigits = 9

func (p *distParser) number() (int, bool) {
	j := p.i
	for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
		j++
	}
	if j == p.i || j-p.i > maxDigits {
		return 0, false
	}
	n, _ := strconv.Atoi(p.src[p.i:j])
	p.i = j
	return n, true
}
