package stdlib

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The dice notation of AnyDice, Roll20 and Avrae, after NdF and before
// the modifier, in this order:
//
//	!         each die that shows its highest face is rolled again and
//	          added (d6!: 6, then 4, is 10), at most MaxExplosions times
//	khK klK   keep the K highest (lowest) dice: 4d6kh3
//	dhK dlK   drop the K highest (lowest) dice: 2d20dl1
//	>=T >T <=T <T =T
//	          count the (kept) dice whose value passes, instead of adding
//	          them: 5d6>=5 is the number of dice showing 5 or 6. The count
//	          of dice must be written (1d6>=5): `d20 >= 15`, with or
//	          without spaces, stays a comparison, true or false.
//
// An exploding die's value is the sum of its rolls; keep, drop and the
// comparison apply to those values.

// MaxExplosions bounds an exploding die: it is rolled again at most this
// many times (11 rolls), so that a roll always ends. Exact odds
// (ParseDist, fray prob) are computed for this rule: a d6! that shows 6
// eleven times is 66, never more.
const MaxExplosions = 10

// Keep says which dice of a roll count.
type Keep uint8

// The keep and drop rules.
const (
	KeepAll Keep = iota
	KeepHighest
	KeepLowest
	DropHighest
	DropLowest
)

var keepText = [...]string{"", "kh", "kl", "dh", "dl"}

// Cmp is the test of a count of successes.
type Cmp uint8

// The tests, in the order the notation is read (>= before >).
const (
	CmpNone Cmp = iota
	CmpGE
	CmpLE
	CmpGT
	CmpLT
	CmpEQ
)

var cmpText = [...]string{"", ">=", "<=", ">", "<", "="}

// notation is what a Dice adds to NdF+M; its zero value is plain dice.
type notation struct {
	explode bool
	keep    Keep
	keepN   int
	cmp     Cmp
	target  int
}

const notationHint = "after the dice come, in this order: ! (explode), kh/kl/dh/dl and a number of dice, a comparison and a number: 4d6kh3, d6!, 5d6>=5, 4d6!kh3+1"

func (x notation) String() string {
	s := ""
	if x.explode {
		s = "!"
	}
	if x.keep != KeepAll {
		s += keepText[x.keep] + strconv.Itoa(x.keepN)
	}
	if x.cmp != CmpNone {
		s += cmpText[x.cmp] + strconv.Itoa(x.target)
	}
	return s
}

// Plain reports whether the dice are NdF+M, with no notation: a roll of
// them is the sum of N dice, as it always was.
func (d Dice) Plain() bool { return d.x == notation{} }

// Explodes reports whether each die is rolled again on its highest face.
func (d Dice) Explodes() bool { return d.x.explode }

// Keeps is the keep or drop rule and its number of dice.
func (d Dice) Keeps() (Keep, int) { return d.x.keep, d.x.keepN }

// Counts is the test of a count of successes and its number, if any.
func (d Dice) Counts() (Cmp, int) { return d.x.cmp, d.x.target }

// kept is how many of the N dice count, and whether they are the highest.
func (d Dice) kept() (k int, high bool) {
	switch d.x.keep {
	case KeepHighest:
		return d.x.keepN, true
	case KeepLowest:
		return d.x.keepN, false
	case DropHighest:
		return d.N - d.x.keepN, false
	case DropLowest:
		return d.N - d.x.keepN, true
	}
	return d.N, true
}

// dieMax is the highest value of one die, its explosions included.
func (d Dice) dieMax() int {
	if d.x.explode {
		return d.Faces * (MaxExplosions + 1)
	}
	return d.Faces
}

// passes reports whether a die's value passes the count's test.
func (x notation) passes(v int) bool {
	switch x.cmp {
	case CmpGE:
		return v >= x.target
	case CmpLE:
		return v <= x.target
	case CmpGT:
		return v > x.target
	case CmpLT:
		return v < x.target
	}
	return v == x.target
}

// bounds are the lowest and highest result without the modifier.
func (d Dice) bounds() (int, int) {
	k, _ := d.kept()
	if d.x.cmp != CmpNone {
		return 0, k // neither always nor never passing: see notation()
	}
	return k, k * d.dieMax()
}

// notation reads what follows NdF and checks it against the dice.
func (p *diceScan) notation(d *Dice) error {
	s := p.s
	if p.i < len(s) && s[p.i] == '!' && !strings.HasPrefix(s[p.i:], "!=") {
		p.i++
		d.x.explode = true
	}
	at := p.i
	for k := KeepHighest; k <= DropLowest; k++ {
		if !p.eat(keepText[k]) {
			continue
		}
		n, ok := p.digits()
		if !ok {
			return p.fail(at, p.i, notationHint, "%s in %q needs a number of dice, like 4d6%s3", keepText[k], s, keepText[k])
		}
		d.x.keep, d.x.keepN = k, n
		if err := checkKeep(*d, s, at, p.i); err != nil {
			return err
		}
		break
	}
	at = p.i
	for c := CmpGE; c <= CmpEQ; c++ {
		if !p.eat(cmpText[c]) {
			continue
		}
		n, ok := p.digits()
		if !ok {
			return p.fail(at, p.i, notationHint, "%s in %q needs a number to compare each die with, like 5d6%s5", cmpText[c], s, cmpText[c])
		}
		d.x.cmp, d.x.target = c, n
		return checkCount(*d, s, at, p.i)
	}
	return nil
}

// checkKeep refuses keeping more dice than are rolled, or none.
func checkKeep(d Dice, s string, from, to int) error {
	k, n := d.x.keepN, d.N
	switch d.x.keep {
	case KeepHighest, KeepLowest:
		if k < 1 || k > n {
			return &DiceError{From: from, To: to, Msg: fmt.Sprintf("%q keeps %d of %d dice; keep 1 to %d", s, k, n, n),
				Hint: "khK keeps the K highest dice and klK the K lowest, of the dice rolled: 4d6kh3"}
		}
	default:
		if n == 1 {
			return &DiceError{From: from, To: to, Msg: fmt.Sprintf("%q drops from a single die", s),
				Hint: "dhK and dlK drop dice from several: 2d20dl1 is the higher of two d20"}
		}
		if k < 1 || k >= n {
			return &DiceError{From: from, To: to, Msg: fmt.Sprintf("%q drops %d of %d dice; drop 1 to %d", s, k, n, n-1),
				Hint: "dhK drops the K highest dice and dlK the K lowest, leaving at least one: 4d6dl1"}
		}
	}
	return nil
}

// checkCount refuses a test that no die can pass, or that every die
// passes: the count would be a constant.
func checkCount(d Dice, s string, from, to int) error {
	hi := d.dieMax()
	t := d.x.target
	var never, always bool
	switch d.x.cmp {
	case CmpGE:
		never, always = t > hi, t <= 1
	case CmpGT:
		never, always = t >= hi, t < 1
	case CmpLE:
		never, always = t < 1, t >= hi
	case CmpLT:
		never, always = t <= 1, t > hi
	case CmpEQ:
		never = t < 1 || t > hi || d.x.explode && t%d.Faces == 0 && t != hi
	}
	shows := fmt.Sprintf("a d%d shows 1 to %d", d.Faces, hi)
	if d.x.explode {
		shows = fmt.Sprintf("an exploding d%d gives 1 to %d", d.Faces, hi)
	}
	switch {
	case never:
		return &DiceError{From: from, To: to, Msg: fmt.Sprintf("no die of %q can pass %s%d: %s", s, cmpText[d.x.cmp], t, shows), Hint: "compare each die with a value it can show, such as 5d6>=5"}
	case always:
		return &DiceError{From: from, To: to, Msg: fmt.Sprintf("every die of %q passes %s%d: %s", s, cmpText[d.x.cmp], t, shows), Hint: "the count would always be the number of dice; compare with a value some dice miss, such as 5d6>=5"}
	}
	return nil
}

// Rolled is one roll of dice notation: the result without the modifier,
// every die rolled in order (dropped dice and explosions included) and
// the roll as the log shows it.
type Rolled struct {
	Total int
	Faces []int
	Text  string
}

// RollWith rolls the dice one die at a time with die, which gives a
// result from 1 to faces: each die and its explosions in turn, then the
// keep or drop rule and the count. Plain dice roll as N dice added.
func (d Dice) RollWith(die func(faces int) (int, error)) (Rolled, error) {
	var out Rolled
	values := make([]int, d.N)
	rolls := make([][]int, d.N)
	for i := range d.N {
		for n := 0; ; n++ {
			v, err := die(d.Faces)
			if err != nil {
				return out, err
			}
			out.Faces = append(out.Faces, v)
			rolls[i] = append(rolls[i], v)
			values[i] += v
			if !d.x.explode || v != d.Faces || n == MaxExplosions {
				break
			}
		}
	}
	// The kept dice: the k highest (or lowest) values, the earlier die
	// first among equals.
	k, high := d.kept()
	order := make([]int, d.N)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		if high {
			return values[order[a]] > values[order[b]]
		}
		return values[order[a]] < values[order[b]]
	})
	keep := make([]bool, d.N)
	for _, i := range order[:k] {
		keep[i] = true
	}
	parts := make([]string, d.N)
	for i, v := range values {
		t := strconv.Itoa(v)
		if len(rolls[i]) > 1 {
			ss := make([]string, len(rolls[i]))
			for j, r := range rolls[i] {
				ss[j] = strconv.Itoa(r)
			}
			t = "[" + strings.Join(ss, "!") + "]"
		}
		switch {
		case !keep[i]:
			t = "(" + t + ")"
		case d.x.cmp == CmpNone:
			out.Total += v
		case d.x.passes(v):
			out.Total++
			t += "*"
		}
		parts[i] = t
	}
	sep := "+"
	if d.x.cmp != CmpNone {
		sep = " "
	}
	out.Text = strings.Join(parts, sep) + " = " + strconv.Itoa(out.Total)
	if d.x.cmp != CmpNone {
		out.Text += " success"
		if out.Total != 1 {
			out.Text += "es"
		}
	}
	return out, nil
}
