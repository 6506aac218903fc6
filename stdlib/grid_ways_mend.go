package stdlib

import (
	"math"
	"math/bits"
)

// Mending a field (grid_ways.go) after squares were taken or freed, as a
// search that shortens and lengthens shortest ways does: the key of a
// square is (level, label), the least over the squares it may step onto
// of (their level + 1, their label), 0 and itself for a free square of
// the ring. Keys only grow when squares are taken and only shrink when
// they are freed, so the two are mended one after the other:
//
//  1. Taken: a square whose key came from a taken one keeps it if another
//     square one step nearer has the same label (then its least is the
//     same); else it is lost, and so, in turn, may be the squares whose
//     keys came from it. Levels are decided in order, so a square's
//     support one level nearer is final when it is looked at. The lost
//     squares then get their keys again by a search in order of level
//     from the squares round them that kept theirs.
//  2. Freed: a freed square takes the least key of the squares it may
//     step onto (or 0, if of the ring), and passes it on, in order of
//     level, to every square whose key it lowers.
//
// Each costs the squares whose keys change and their neighbours: a step
// of one mover changes a few, not the map.

// mend brings f up to date with the squares whose counts changed.
func (g *Grid) mend(w *Ways, moves []uint16, c Crowd, f *wayField) {
	if len(f.pending) == 0 {
		return
	}
	if len(w.lost) != len(f.lv) {
		w.lost, w.done, w.stamp = make([]uint32, len(f.lv)), make([]uint32, len(f.lv)), 0
	}
	if w.stamp > math.MaxUint32-8 { // a mend takes four stamps: go round before
		clear(w.lost)
		clear(w.done)
		w.stamp = 0
	}
	back := g.backSteps()
	// The squares whose taken or free state changed: taken ones first
	// (marked at once), freed ones kept for step 2.
	w.newStamp()
	freed := w.queue[:0]
	w.clearBuckets()
	for _, x := range f.pending {
		taken := c.Count[x] > 0
		if (f.lv[x] == wayTaken) == taken || w.done[x] == w.stamp {
			continue
		}
		w.done[x] = w.stamp // looked at once
		if !taken {
			f.lv[x] = -1
			freed = append(freed, x)
			continue
		}
		old := f.lv[x]
		f.lv[x] = wayTaken
		if old >= 0 {
			g.pushDependents(w, moves, back, f, x, old)
		}
	}
	f.pending = f.pending[:0]
	// 1. Taken: which keys are lost, level by level.
	lost := w.lostq[:0]
	w.newStamp()
	for l := 0; l < len(w.buck); l++ {
		for _, i := range w.buck[l] {
			if f.lv[i] != int32(l) || w.lost[i] == w.stamp {
				continue
			}
			if g.supported(moves, back, f, i) {
				continue
			}
			w.lost[i] = w.stamp
			f.lv[i] = wayLost
			lost = append(lost, i)
			g.pushDependents(w, moves, back, f, i, int32(l))
		}
	}
	// The lost squares' keys again, from the squares round them that kept
	// theirs, then among themselves in order of level.
	w.clearBuckets()
	for _, i := range lost {
		if l, lab, ok := g.bestNext(moves, back, f, i); ok {
			f.lv[i], f.lab[i] = l, lab
			w.push(l, i)
		}
	}
	g.spread(w, moves, back, f, true)
	for _, i := range lost {
		if f.lv[i] == wayLost {
			f.lv[i] = -1 // the ring cannot be reached from it any more
		}
	}
	// 2. Freed: each takes its least key, and passes it on.
	w.clearBuckets()
	for _, x := range freed {
		if g.solid[x] || g.window != nil && g.window[x] {
			continue
		}
		if inRing(g.at(x), f.goal, f.r) {
			f.lv[x], f.lab[x] = 0, x
		} else if l, lab, ok := g.bestNext(moves, back, f, x); ok {
			f.lv[x], f.lab[x] = l, lab
		} else {
			continue
		}
		w.push(f.lv[x], x)
	}
	g.spread(w, moves, back, f, false)
	w.queue, w.lostq = freed[:0], lost[:0]
	if w.check != nil {
		w.check(g, f, c)
	}
}

// newStamp starts a new mark of w.lost and w.done (mend keeps it from
// going round).
func (w *Ways) newStamp() { w.stamp++ }

// clearBuckets empties the buckets by level.
func (w *Ways) clearBuckets() {
	for l := range w.buck {
		w.buck[l] = w.buck[l][:0]
	}
}

// push puts square i in the bucket of level l.
func (w *Ways) push(l, i int32) {
	for int(l) >= len(w.buck) {
		w.buck = append(w.buck, nil)
	}
	w.buck[l] = append(w.buck[l], i)
}

// pushDependents puts in the buckets the squares that may step onto x and
// whose level is one more than x's (l): their keys may have come from x.
func (g *Grid) pushDependents(w *Ways, moves []uint16, back [8]int32, f *wayField, x, l int32) {
	for m := moves[x] >> 8; m != 0; m &= m - 1 {
		if i := x - back[bits.TrailingZeros16(m)]; f.lv[i] == l+1 {
			w.push(l+1, i)
		}
	}
}

// supported reports whether square i, at level l > 0, still has a square
// one step nearer the ring with its label (then its key is unchanged).
func (g *Grid) supported(moves []uint16, back [8]int32, f *wayField, i int32) bool {
	l, lab := f.lv[i], f.lab[i]
	for m := moves[i] & 0xff; m != 0; m &= m - 1 {
		if j := i + back[bits.TrailingZeros16(m)]; f.lv[j] == l-1 && f.lab[j] == lab {
			return true
		}
	}
	return false
}

// bestNext is the least key (level + 1, label) over the squares i may
// step onto that have one; ok is false when none has.
func (g *Grid) bestNext(moves []uint16, back [8]int32, f *wayField, i int32) (l, lab int32, ok bool) {
	for m := moves[i] & 0xff; m != 0; m &= m - 1 {
		j := i + back[bits.TrailingZeros16(m)]
		if lj := f.lv[j]; lj >= 0 && (!ok || lj+1 < l || lj+1 == l && f.lab[j] < lab) {
			l, lab, ok = lj+1, f.lab[j], true
		}
	}
	return l, lab, ok
}

// spread passes keys on from the squares in the buckets, in order of
// level, to the squares that may step onto them and whose keys they
// lower: among the lost squares only (onlyLost: their neighbours kept
// keys no longer way can beat), or to any free square.
func (g *Grid) spread(w *Ways, moves []uint16, back [8]int32, f *wayField, onlyLost bool) {
	w.newStamp()
	lostStamp := w.stamp - 1 // the lost squares were marked by the stamp before
	for l := int32(0); int(l) < len(w.buck); l++ {
		for n := 0; n < len(w.buck[l]); n++ {
			j := w.buck[l][n]
			if f.lv[j] != l || w.done[j] == w.stamp {
				continue // stale, or passed on already
			}
			w.done[j] = w.stamp
			lab := f.lab[j]
			for m := moves[j] >> 8; m != 0; m &= m - 1 {
				i := j - back[bits.TrailingZeros16(m)]
				li := f.lv[i]
				switch {
				case li == wayTaken:
					continue
				case onlyLost && w.lost[i] != lostStamp:
					continue
				case li < 0, l+1 < li, l+1 == li && lab < f.lab[i]:
					f.lv[i], f.lab[i] = l+1, lab
					w.push(l+1, i)
				}
			}
		}
	}
}

// readField is Step's answer from the field when the mover at from can
// reach the ring (ok): ringStep's, read off the field's levels and labels.
func (g *Grid) readField(moves []uint16, f *wayField, from Point, squares int) (_ Point, ok bool) {
	back := g.backSteps()
	s := g.index(from)
	d, t := int32(-1), int32(-1)
	for m := moves[s] & 0xff; m != 0; m &= m - 1 {
		j := s + back[bits.TrailingZeros16(m)]
		if lj := f.lv[j]; lj >= 0 && (d < 0 || lj+1 < d || lj+1 == d && f.lab[j] < t) {
			d, t = lj+1, f.lab[j]
		}
	}
	switch {
	case d < 0:
		return from, false
	case int(d) <= squares:
		return g.at(t), true
	case squares <= 0:
		return from, true
	}
	at := s
	for n := range squares {
		rest := d - int32(n) - 1 // steps from the next square to the ring
		moved := false
		for k := range back {
			if moves[at]>>k&1 == 0 {
				continue
			}
			if j := at + back[k]; f.lv[j] == rest && f.lab[j] == t {
				at, moved = j, true
				break
			}
		}
		if !moved {
			return from, false // cannot happen: at is on a shortest way to t
		}
	}
	return g.at(at), true
}
