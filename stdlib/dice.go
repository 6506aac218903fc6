package stdlib

import (
	"fmt"
	"strconv"
	"strings"
)

// Dice is a dice expression NdF+M, the value of a "dice" attribute.
type Dice struct {
	N     int `expr:"n"`
	Faces int `expr:"faces"`
	Mod   int `expr:"mod"`
}

// MaxDice and MaxFaces bound one roll; larger notation is rejected.
const (
	MaxDice  = 1000
	MaxFaces = 1000000
)

// ParseDice reads "d6", "2d6", "d%", "3d8+2" or "1d4-1".
func ParseDice(s string) (Dice, error) {
	var d Dice
	body := s
	if i := strings.IndexAny(s, "+-"); i > 0 {
		m, err := strconv.Atoi(s[i:])
		if err != nil {
			return d, fmt.Errorf("malformed dice modifier in %q", s)
		}
		if m > MaxFaces || m < -MaxFaces {
			return d, fmt.Errorf("the modifier of %q must be within ±%d", s, MaxFaces)
		}
		d.Mod = m
		body = s[:i]
	}
	i := strings.IndexByte(body, 'd')
	if i < 0 {
		return d, fmt.Errorf("%q is not dice notation (like 2d6)", s)
	}
	d.N = 1
	if i > 0 {
		n, err := strconv.Atoi(body[:i])
		if err != nil {
			return d, fmt.Errorf("malformed dice count in %q", s)
		}
		d.N = n
	}
	if body[i+1:] == "%" {
		d.Faces = 100
	} else {
		f, err := strconv.Atoi(body[i+1:])
		if err != nil {
			return d, fmt.Errorf("malformed dice faces in %q", s)
		}
		d.Faces = f
	}
	if d.N < 1 || d.N > MaxDice {
		return d, fmt.Errorf("%q rolls %d dice; the count must be 1 to %d", s, d.N, MaxDice)
	}
	if d.Faces < 2 || d.Faces > MaxFaces {
		return d, fmt.Errorf("%q has dice of %d face(s); dice have 2 to %d faces", s, d.Faces, MaxFaces)
	}
	return d, nil
}

// Min is the lowest total the dice can give.
func (d Dice) Min() int { return d.N + d.Mod }

// Max is the highest total the dice can give.
func (d Dice) Max() int { return d.N*d.Faces + d.Mod }

func (d Dice) String() string {
	s := ""
	if d.N != 1 {
		s = strconv.Itoa(d.N)
	}
	if d.Faces == 100 {
		s += "d%"
	} else {
		s += "d" + strconv.Itoa(d.Faces)
	}
	switch {
	case d.Mod > 0:
		s += "+" + strconv.Itoa(d.Mod)
	case d.Mod < 0:
		s += strconv.Itoa(d.Mod)
	}
	return s
}
