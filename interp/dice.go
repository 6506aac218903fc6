package interp

import (
	"fmt"
)

// DiceSource supplies die results.
type DiceSource interface {
	// Die returns one result from 1 to faces; what asks for it is described by need.
	Die(faces int, need func() string) (int, error)
}

// SeededDice is a deterministic stream (splitmix64), identical on every
// platform and Go version, so a seed always replays the same fight.
type SeededDice struct{ state uint64 }

// NewSeededDice starts a stream from a seed.
func NewSeededDice(seed uint64) *SeededDice { return &SeededDice{state: seed} }

// Reseed restarts the stream from a seed: it then gives what
// NewSeededDice(seed) would.
func (s *SeededDice) Reseed(seed uint64) { s.state = seed }

func (s *SeededDice) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Die draws uniformly from 1..faces by rejection, without modulo bias.
func (s *SeededDice) Die(faces int, _ func() string) (int, error) { return s.die(faces), nil }

// die is Die without the interface's error, which a stream never gives.
func (s *SeededDice) die(faces int) int {
	n := uint64(faces)
	limit := ^uint64(0) - (^uint64(0) % n)
	for {
		v := s.next()
		if v < limit {
			return int(v%n) + 1
		}
	}
}

// FixedDice replays a list of results, as at a real table or in a
// worked example, and fails clearly when the list runs out.
type FixedDice struct {
	vals []int
	i    int
}

// NewFixedDice replays vals in order.
func NewFixedDice(vals []int) *FixedDice { return &FixedDice{vals: vals} }

// Die returns the next listed result.
func (f *FixedDice) Die(faces int, need func() string) (int, error) {
	if f.i >= len(f.vals) {
		return 0, fmt.Errorf("the fixed dice ran out: die %d (a d%d for %s) was needed, but only %d were listed", f.i+1, faces, need(), len(f.vals))
	}
	v := f.vals[f.i]
	if v < 1 || v > faces {
		return 0, fmt.Errorf("fixed die %d is %d, which a d%d cannot show (needed for %s)", f.i+1, v, faces, need())
	}
	f.i++
	return v, nil
}

// Used is how many fixed dice were consumed.
func (f *FixedDice) Used() int { return f.i }
