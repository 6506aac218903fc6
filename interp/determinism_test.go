package interp_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/frayrules/fray/interp"
)

func TestSameSeedSameLog(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	_, a := play(t, path, interp.Options{Seed: 7})
	_, b := play(t, path, interp.Options{Seed: 7})
	if a != b {
		t.Fatal("two runs with seed 7 differ")
	}
	_, c := play(t, path, interp.Options{Seed: 8})
	if a == c {
		t.Fatal("seeds 7 and 8 give the same fight")
	}
}

func TestSeededDiceAreUniformAndStable(t *testing.T) {
	d := interp.NewSeededDice(42)
	counts := make([]int, 7)
	for i := 0; i < 60000; i++ {
		v, err := d.Die(6, nil)
		if err != nil || v < 1 || v > 6 {
			t.Fatalf("die %d, %v", v, err)
		}
		counts[v]++
	}
	for f := 1; f <= 6; f++ {
		if counts[f] < 9500 || counts[f] > 10500 {
			t.Errorf("face %d came up %d times in 60000 rolls", f, counts[f])
		}
	}
	// The stream is ours, not math/rand's: pin its first values so a
	// change that would alter every recorded seed is caught.
	d = interp.NewSeededDice(1)
	var got []int
	for i := 0; i < 8; i++ {
		v, _ := d.Die(20, nil)
		got = append(got, v)
	}
	want := firstTwenties
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("seed 1 d20 stream = %v, want %v", got, want)
		}
	}
}

// firstTwenties is what seed 1 gives for eight d20 rolls.
var firstTwenties = []int{6, 20, 11, 16, 2, 9, 6, 14}

// Runs are single-goroutine, but a log must not depend on the scheduler:
// compare the bytes of every example at GOMAXPROCS 1 and 2.
func TestSameBytesAtAnyGOMAXPROCS(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "encounters", "*.fray"))
	worked, _ := filepath.Glob(filepath.Join("..", "testdata", "worked", "*.fray"))
	files = append(files, worked...)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, f := range files {
		runtime.GOMAXPROCS(1)
		_, a := play(t, f, interp.Options{Seed: 11})
		_, b := play(t, f, interp.Options{Seed: 11})
		runtime.GOMAXPROCS(2)
		_, c := play(t, f, interp.Options{Seed: 11})
		if a != b || a != c {
			t.Errorf("%s: logs differ between runs or GOMAXPROCS settings", f)
		}
	}
}
