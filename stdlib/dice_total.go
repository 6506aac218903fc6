package stdlib

import "slices"

// Total rolls as RollWith does, the same dice in the same order from
// die, and gives the total alone, making nothing: a quiet run's roll
// (no log line to write), which RollWith's faces and text cost a dozen
// allocations (a fifth of the musketeers homebrew's fight went to its
// exploding dice).
func (d Dice) Total(die func(faces int) (int, error)) (int, error) {
	var buf [8]int
	values := buf[:0]
	if d.N > len(buf) {
		values = make([]int, 0, d.N)
	}
	for range d.N {
		v := 0
		for n := 0; ; n++ {
			x, err := die(d.Faces)
			if err != nil {
				return 0, err
			}
			v += x
			if !d.x.explode || x != d.Faces || n == MaxExplosions {
				break
			}
		}
		values = append(values, v)
	}
	k, high := d.kept()
	total := 0
	if k >= d.N {
		for _, v := range values {
			total += d.counts(v)
		}
		return total, nil
	}
	// The kept dice, as RollWith keeps them: the k highest (or lowest),
	// the earlier die first among equals.
	var obuf [8]int
	order := obuf[:0]
	if d.N > len(obuf) {
		order = make([]int, 0, d.N)
	}
	for i := range d.N {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if high {
			return values[b] - values[a]
		}
		return values[a] - values[b]
	})
	for _, i := range order[:k] {
		total += d.counts(values[i])
	}
	return total, nil
}

// counts is what a kept die of value v adds to the total: v, or with a
// comparison 1 if it passes it (a success), else 0.
func (d Dice) counts(v int) int {
	switch {
	case d.x.cmp == CmpNone:
		return v
	case d.x.passes(v):
		return 1
	}
	return 0
}
