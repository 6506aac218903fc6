package stdlib

import (
	"fmt"
	"strconv"
	"strings"
)

// Dice is a dice expression, the value of a "dice" attribute: N dice of
// Faces faces plus Mod, and optionally the notation players of AnyDice,
// Roll20 and Avrae know (see dice_notation.go): 4d6kh3 keeps the three
// highest, d6! explodes, 5d6>=5 counts the dice that show 5 or more.
// The notation is in unexported fields, read with methods, so that
// expressions see only n, faces and mod, as before.
type Dice struct {
	N     int `expr:"n"`
	Faces int `expr:"faces"`
	Mod   int `expr:"mod"`
	x     notation
}

// MaxDice and MaxFaces bound one roll; larger notation is rejected.
const (
	MaxDice  = 1000
	MaxFaces = 1000000
)

// DiceError is a mistake in dice notation, at the bytes From to To of
// the text (end exclusive), so that a caller can underline just them.
type DiceError struct {
	From, To int
	Msg      string
	Hint     string // how to write it instead, if the mistake is in the new notation
}

func (e *DiceError) Error() string { return e.Msg }

// ParseDice reads "d6", "2d6", "d%", "3d8+2" or "1d4-1", and the
// notation: "4d6kh3", "4d6kl1", "5d6dh1", "5d6dl2", "d6!", "3d6!",
// "5d6>=5" (also >, <=, < and =), in that order, then the modifier:
// "4d6!kh3+1".
func ParseDice(s string) (Dice, error) {
	p := diceScan{s: s}
	d := Dice{N: 1}
	if strings.IndexByte(s, 'd') < 0 {
		return d, p.fail(0, len(s), "", "%q is not dice notation (like 2d6)", s)
	}
	if n, ok := p.digits(); ok {
		d.N = n
	}
	if !p.eat("d") {
		return d, p.fail(0, max(1, strings.IndexByte(s, 'd')), "", "malformed dice count in %q", s)
	}
	if p.eat("%") {
		d.Faces = 100
	} else if f, ok := p.digits(); ok {
		d.Faces = f
	} else {
		return d, p.fail(p.i, len(s), "", "malformed dice faces in %q", s)
	}
	if d.N < 1 || d.N > MaxDice {
		return d, p.fail(0, p.i, "", "%q rolls %d dice; the count must be 1 to %d", s, d.N, MaxDice)
	}
	if d.Faces < 2 || d.Faces > MaxFaces {
		return d, p.fail(0, p.i, "", "%q has dice of %d face(s); dice have 2 to %d faces", s, d.Faces, MaxFaces)
	}
	if err := p.notation(&d); err != nil {
		return d, err
	}
	if p.i < len(s) && (s[p.i] == '+' || s[p.i] == '-') {
		at := p.i
		m, err := strconv.Atoi(s[p.i:])
		if err != nil {
			return d, p.fail(at, len(s), "", "malformed dice modifier in %q", s)
		}
		if m > MaxFaces || m < -MaxFaces {
			return d, p.fail(at, len(s), "", "the modifier of %q must be within ±%d", s, MaxFaces)
		}
		d.Mod = m
		p.i = len(s)
	}
	if p.i < len(s) {
		return d, p.fail(p.i, len(s), notationHint, "unexpected %q in dice %q", s[p.i:], s)
	}
	return d, nil
}

// diceScan reads dice notation left to right.
type diceScan struct {
	s string
	i int
}

func (p *diceScan) eat(lit string) bool {
	if len(p.s)-p.i >= len(lit) && p.s[p.i:p.i+len(lit)] == lit {
		p.i += len(lit)
		return true
	}
	return false
}

// digits reads a whole number of at most 9 digits (so it cannot
// overflow); a longer one is not read.
func (p *diceScan) digits() (int, bool) {
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j == p.i || j-p.i > 9 {
		return 0, false
	}
	n, _ := strconv.Atoi(p.s[p.i:j])
	p.i = j
	return n, true
}

func (p *diceScan) fail(from, to int, hint, format string, args ...any) error {
	return &DiceError{From: from, To: max(to, from+1), Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// Min is the lowest total the dice can give.
func (d Dice) Min() int {
	lo, _ := d.bounds()
	return lo + d.Mod
}

// Max is the highest total the dice can give.
func (d Dice) Max() int {
	_, hi := d.bounds()
	return hi + d.Mod
}

func (d Dice) String() string {
	s := ""
	if d.N != 1 || d.x.cmp != CmpNone {
		s = strconv.Itoa(d.N)
	}
	if d.Faces == 100 {
		s += "d%"
	} else {
		s += "d" + strconv.Itoa(d.Faces)
	}
	s += d.x.String()
	switch {
	case d.Mod > 0:
		s += "+" + strconv.Itoa(d.Mod)
	case d.Mod < 0:
		s += strconv.Itoa(d.Mod)
	}
	return s
}
