package interp

import (
	"runtime/metrics"
	"slices"
	"sync"
	"time"
)

// A batch's memory. One fight may hold a few hundred megabytes within
// its default limits (lists made and kept in scheduled blocks, strings
// in attributes: each counts toward --max-steps, but what it keeps is
// not given back until the fight ends), and a batch plays one fight per
// core: eight such fights at once held 1.3 GB, sixty-four 2.3 GB. No
// limit of one fight can tell, so the batch watches its heap (the bytes
// of its objects, live or not yet collected, which the runtime keeps up
// to date, unlike the live heap measured at each collection): while
// it is over simHeapHigh, every fight but the oldest playing waits, at
// its next poll of the budget (Options.pause; the first is at its first
// statement), until
// the heap is back under or it is the oldest. The oldest never waits, so
// the batch goes on; and fight i is the same fight whenever it runs, so
// the report does not change.

// simHeapHigh is the live heap above which a batch plays one fight at a
// time: with the fight that goes on, the process stays under ~1 GB.
const simHeapHigh = 384 << 20

// simGate holds the fights of a batch back while its heap is high.
type simGate struct {
	mu      sync.Mutex
	playing []int // the fights being played
	sample  []metrics.Sample
	high    uint64
}

func newSimGate() *simGate {
	return &simGate{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}, high: simHeapHigh}
}

// enter counts fight i as playing. It does not wait: the worker's Runner
// still holds the fight it played last until the next one resets it, so
// a fight waits at its first poll of the budget, after that reset.
func (g *simGate) enter(i int) {
	g.mu.Lock()
	g.playing = append(g.playing, i)
	g.mu.Unlock()
}

// leave counts fight i as played.
func (g *simGate) leave(i int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if k := slices.Index(g.playing, i); k >= 0 {
		g.playing = slices.Delete(g.playing, k, k+1)
	}
}

// pause is fight i's Options.pause: at every poll of its budget it
// waits while the heap is high and an older fight plays.
func (g *simGate) pause(i int, stop <-chan struct{}) func() {
	return func() { g.wait(i, stop) }
}

// wait returns once fight i is the oldest playing, the live heap is
// under the mark, or stop closes (the fight then stops at its budget).
func (g *simGate) wait(i int, stop <-chan struct{}) {
	for g.held(i) {
		select {
		case <-stop:
			return
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// held reports whether fight i must wait now.
func (g *simGate) held(i int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.playing) == 0 || slices.Min(g.playing) == i {
		return false
	}
	metrics.Read(g.sample)
	return g.sample[0].Value.Kind() == metrics.KindUint64 && g.sample[0].Value.Uint64() > g.high
}
