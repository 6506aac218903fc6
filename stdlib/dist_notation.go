package stdlib

import (
	"math/big"
	"strings"
)

// DiceDist is the exact distribution of dice, their notation and
// modifier included, within lim: past them, an error that names the
// limit (its column is 1).
func DiceDist(d Dice, lim DistLimits) (Dist, error) {
	b := &budget{lim: lim}
	dist, err := diceDist(d, b)
	if err != nil {
		if le, ok := err.(*limitErr); ok {
			return Dist{}, &ExprError{Column: 1, Msg: le.Error(), Limit: le.limit}
		}
		return Dist{}, err
	}
	return dist, nil
}

// Mean is the exact mean of the dice as a number; for notation whose
// distribution is past DefaultDistLimits, 0 and false.
func (d Dice) Mean() (float64, bool) {
	if d.Plain() {
		return float64(d.N)*float64(d.Faces+1)/2 + float64(d.Mod), true
	}
	dist, err := DiceDist(d, DefaultDistLimits)
	if err != nil {
		return 0, false
	}
	return dist.Mean(), true
}

// diceDist is the distribution of d, each convolution charged to b.
func diceDist(d Dice, b *budget) (Dist, error) {
	var out Dist
	var err error
	if d.Plain() {
		if err = b.afford(d.N, d.Faces); err != nil {
			return Dist{}, err
		}
		out, err = sumOf(d.N, Die(d.Faces), b)
	} else {
		out, err = notationDist(d, b)
	}
	if err != nil {
		return Dist{}, err
	}
	out.Min += d.Mod
	return out, nil
}

// oneDie is the distribution of one die of d, its explosions included.
// An exploding die of F faces shows kF+r (0 <= k <= MaxExplosions, r < F)
// in F^(MaxExplosions-k) of its F^(MaxExplosions+1) equally likely
// sequences of rolls, and (MaxExplosions+1)F in one.
func oneDie(d Dice, b *budget) (Dist, error) {
	if !d.x.explode {
		if d.Faces > b.lim.Values {
			return Dist{}, b.over(LimitValues)
		}
		return Die(d.Faces), nil
	}
	hi := d.dieMax()
	if hi > b.lim.Values {
		return Dist{}, b.over(LimitValues)
	}
	if err := b.charge(hi * (MaxExplosions + 2)); err != nil {
		return Dist{}, err
	}
	f := big.NewInt(int64(d.Faces))
	weight := new(big.Int).Exp(f, big.NewInt(MaxExplosions), nil)
	count := make([]*big.Int, hi)
	for k := 0; k <= MaxExplosions; k++ {
		w := new(big.Int).Set(weight)
		for r := 1; r < d.Faces; r++ {
			count[k*d.Faces+r-1] = w
		}
		count[(k+1)*d.Faces-1] = new(big.Int)
		weight = new(big.Int).Quo(weight, f)
	}
	count[hi-1] = big.NewInt(1)
	total := new(big.Int).Exp(f, big.NewInt(MaxExplosions+1), nil)
	return Dist{Min: 1, Count: count, Total: total}, nil
}

// notationDist is the distribution of dice with notation, before the
// modifier: each die's values (explosions included) mapped to what a
// kept die adds (its value, or 1 for a success and 0 for a failure),
// then, when every die is kept, a sum by convolution, and otherwise the
// keep rule's count over how many dice show each value.
func notationDist(d Dice, b *budget) (Dist, error) {
	die, err := oneDie(d, b)
	if err != nil {
		return Dist{}, err
	}
	add := func(v int) int { return v }
	if d.x.cmp != CmpNone {
		add = func(v int) int {
			if d.x.passes(v) {
				return 1
			}
			return 0
		}
	}
	k, high := d.kept()
	if k == d.N {
		each := mapDist(die, add)
		if w := SumOutcomes(d.N, len(each.Count), b.lim.Values); w > b.lim.Values {
			return Dist{}, b.over(LimitValues)
		}
		return sumOf(d.N, each, b)
	}
	return keepDist(d.N, k, high, die, add, b)
}

// mapDist is the distribution of f of the value (f >= 0, small).
func mapDist(d Dist, f func(int) int) Dist {
	hi := 0
	for i := range d.Count {
		hi = max(hi, f(d.Min+i))
	}
	lo := hi
	for i := range d.Count {
		lo = min(lo, f(d.Min+i))
	}
	out := make([]*big.Int, hi-lo+1)
	for i := range out {
		out[i] = new(big.Int)
	}
	for i, c := range d.Count {
		v := f(d.Min+i) - lo
		out[v].Add(out[v], c)
	}
	return Dist{Min: lo, Count: out, Total: d.Total}
}

// keepDist is the distribution of what the k highest (or lowest) of n
// dice add (add of each kept die's value, >= 0), each die of
// distribution die. It goes through the die's values from the best
// down, placing j of the n dice so far: c more dice showing value v
// happen in C(n-j, c) * count(v)^c ways, and the first k placed are the
// ones kept. The state is (j, what the kept dice add).
func keepDist(n, k int, high bool, die Dist, add func(int) int, b *budget) (Dist, error) {
	most := 0
	for i := range die.Count {
		most = max(most, add(die.Min+i))
	}
	width := k*most + 1
	if width > b.lim.Values {
		return Dist{}, b.over(LimitValues)
	}
	// The whole work is charged before any of it is done: for each value
	// a die can show, at most (n+1) * width * (n+1) products of counts no
	// larger than the total, and the table of binomials first.
	total := new(big.Int).Exp(die.Total, big.NewInt(int64(n)), nil)
	shown := 0
	for _, c := range die.Count {
		if c.Sign() != 0 {
			shown++
		}
	}
	per := stepCost((n+1)*width, n+1, total, total)
	if err := b.charge((n + 1) * (n + 1)); err != nil {
		return Dist{}, err
	}
	if shown > (b.lim.Work-b.work)/per {
		return Dist{}, b.over(LimitWork)
	}
	b.work += shown * per
	binom := make([][]*big.Int, n+1) // binom[m][c] = C(m, c)
	for m := range binom {
		binom[m] = make([]*big.Int, m+1)
		for c := range binom[m] {
			binom[m][c] = new(big.Int).Binomial(int64(m), int64(c))
		}
	}
	// dp[j][s]: ways to place j dice with a kept sum of s.
	newTable := func() [][]*big.Int {
		t := make([][]*big.Int, n+1)
		for j := range t {
			t[j] = make([]*big.Int, width)
		}
		return t
	}
	dp := newTable()
	dp[0][0] = big.NewInt(1)
	pow := make([]*big.Int, n+1)
	var term big.Int
	for idx := range die.Count {
		i := idx
		if high {
			i = len(die.Count) - 1 - idx
		}
		w, a := die.Count[i], add(die.Min+i)
		if w.Sign() == 0 {
			continue
		}
		pow[0] = big.NewInt(1)
		for c := 1; c <= n; c++ {
			pow[c] = new(big.Int).Mul(pow[c-1], w)
		}
		next := newTable()
		for j := 0; j <= n; j++ {
			for s, ways := range dp[j] {
				if ways == nil || ways.Sign() == 0 {
					continue
				}
				for c := 0; c <= n-j; c++ {
					ns := s + min(c, max(0, k-j))*a
					term.Mul(ways, binom[n-j][c])
					term.Mul(&term, pow[c])
					if next[j+c][ns] == nil {
						next[j+c][ns] = new(big.Int)
					}
					next[j+c][ns].Add(next[j+c][ns], &term)
				}
			}
		}
		dp = next
	}
	counts := dp[n]
	lo, hi := 0, len(counts)-1
	for lo < hi && (counts[lo] == nil || counts[lo].Sign() == 0) {
		lo++
	}
	for hi > lo && (counts[hi] == nil || counts[hi].Sign() == 0) {
		hi--
	}
	out := make([]*big.Int, hi-lo+1)
	for i := range out {
		if c := counts[lo+i]; c != nil {
			out[i] = c
		} else {
			out[i] = new(big.Int)
		}
	}
	return Dist{Min: lo, Count: out, Total: total}, nil
}

// scanNotation measures the notation after NdF at the start of s, as
// the rule-file lexer does: ! (not !=), a keep or drop rule with its
// number, and, when the count of dice was written, a comparison with its
// number, all without spaces. Whether they are right is ParseDice's
// to say.
func scanNotation(s string, counted bool) int {
	i := 0
	if strings.HasPrefix(s, "!") && !strings.HasPrefix(s, "!=") {
		i++
	}
	digitsAt := func(j int) int {
		n := 0
		for j+n < len(s) && s[j+n] >= '0' && s[j+n] <= '9' {
			n++
		}
		return n
	}
	for _, k := range keepText[1:] {
		if strings.HasPrefix(s[i:], k) {
			i += len(k) + digitsAt(i+len(k))
			break
		}
	}
	if counted {
		for _, c := range cmpText[1:] {
			if strings.HasPrefix(s[i:], c) && digitsAt(i+len(c)) > 0 {
				i += len(c) + digitsAt(i+len(c))
				break
			}
		}
	}
	return i
}

// Question is what fray prob answers for an expression: the exact
// distribution of a sum of dice and numbers or, for a comparison of two
// (`d20 >= 15`, `2d6 + 1 > d8`), the exact chance that it holds.
type Question struct {
	Dist Dist     // the distribution (not a comparison)
	Cond bool     // a comparison
	P    *big.Rat // the chance it holds (a comparison)
}

// comparisons, longest first so that >= is not read as >.
var comparisons = []string{">=", "<=", "==", "!=", ">", "<", "="}

// ParseQuestionLimited reads a dice expression, or two compared with
// >=, >, <=, <, == (or =) or !=, within lim.
func ParseQuestionLimited(src string, lim DistLimits) (Question, error) {
	p := &distParser{src: src, budget: budget{lim: lim}}
	d, err := p.sum()
	if err != nil {
		return Question{}, err
	}
	p.space()
	op := ""
	for _, c := range comparisons {
		if strings.HasPrefix(p.src[p.i:], c) {
			op = c
			p.i += len(c)
			break
		}
	}
	if op == "" {
		if p.i < len(p.src) {
			return Question{}, p.fail("unexpected %q", p.here())
		}
		return Question{Dist: d}, nil
	}
	at := p.i
	e, err := p.sum()
	if err != nil {
		return Question{}, err
	}
	p.space()
	if p.i < len(p.src) {
		return Question{}, p.fail("unexpected %q", p.here())
	}
	// X op Y is (X - Y) op 0.
	neg := e.Neg()
	if err := p.budget.add(d, neg); err != nil {
		p.i = at
		return Question{}, p.failLimit(err)
	}
	diff := d.Add(neg)
	hits := new(big.Int)
	for i, c := range diff.Count {
		v := diff.Min + i
		var ok bool
		switch op {
		case ">=":
			ok = v >= 0
		case "<=":
			ok = v <= 0
		case ">":
			ok = v > 0
		case "<":
			ok = v < 0
		case "!=":
			ok = v != 0
		default:
			ok = v == 0
		}
		if ok {
			hits.Add(hits, c)
		}
	}
	return Question{Cond: true, P: new(big.Rat).SetFrac(hits, diff.Total)}, nil
}
