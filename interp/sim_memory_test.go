package interp

import (
	"context"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// The gate's rule: a fight waits only while the heap is over the mark
// and an older fight plays.
func TestSimGateHoldsYoungerFights(t *testing.T) {
	for _, c := range []struct {
		name    string
		high    uint64
		playing []int
		fight   int
		want    bool
	}{
		{"heap low", 1 << 62, []int{3, 4, 5}, 5, false},
		{"heap high, the oldest", 0, []int{3, 4, 5}, 3, false},
		{"heap high, a younger one", 0, []int{3, 4, 5}, 5, true},
		{"heap high, the oldest after it left", 0, []int{4, 5}, 4, false},
		{"heap high, alone", 0, []int{7}, 7, false},
	} {
		g := newSimGate()
		g.high = c.high
		for _, i := range c.playing {
			g.enter(i)
		}
		if got := g.held(c.fight); got != c.want {
			t.Errorf("%s: fight %d held %v, want %v", c.name, c.fight, got, c.want)
		}
	}
}

// Eight fights at once, each keeping ~200 MB in scheduled blocks, held
// 1.3 GB live before the gate (a worker kept its last fight while
// waiting, too): the batch's heap now stays near simHeapHigh plus one
// fight. Not parallel: the heap measured is the process's.
// (The batch halts at its first fight out of work, but not before the
// eight under way have ended.)
func TestSimHeapIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 fights of ~200 MB")
	}
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "hostile", "schedule_holds_lists_encounter.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}} // what the fights keep, as of each collection
	var peak uint64
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	res := Simulate(context.Background(), Lower(enc.Rules), enc, SimOptions{N: 16, Seed: 1, Workers: 8})
	close(done)
	<-watched
	// Every fight runs out of --max-steps, so the batch halts at the
	// first (sim.go), once the eight under way have ended.
	if !res.Halted || res.HaltedAt != 0 {
		t.Errorf("halted %v at fight %d, want at fight 0 (every fight is over --max-steps)", res.Halted, res.HaltedAt)
	}
	if limit := uint64(900 << 20); peak > limit {
		t.Errorf("the batch kept a live heap of %d MB, over %d MB", peak>>20, limit>>20)
	}
}
