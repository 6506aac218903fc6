package stdlib

import (
	"math/rand/v2"
	"testing"
)

// TestTotalAgreesWithRollWith: a quiet run's roll (Total) takes the same
// dice, in the same order, and gives the same total as a logged one
// (RollWith), for every kind of notation, more dice than its buffers
// hold included.
func TestTotalAgreesWithRollWith(t *testing.T) {
	specs := []string{"d6", "3d6", "d6!", "3d6!", "4d6kh3", "3d6dh1", "4d6dl1", "2d20kl1", "4d6!kh3", "5d6>=5", "5d6!>=5", "4d6kh2>=4", "6d4<=2", "3d8=8", "12d6kh5", "12d6kl5", "11d4!dh3", "20d6>4"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range specs {
		d, err := ParseDice(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		for range 2000 {
			var seq []int
			logged, err := d.RollWith(func(faces int) (int, error) {
				v := 1 + rng.IntN(faces)
				if rng.IntN(3) == 0 {
					v = faces // explosions, and ties among the kept
				}
				seq = append(seq, v)
				return v, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			i := 0
			quiet, err := d.Total(func(int) (int, error) {
				i++
				if i > len(seq) {
					return 0, errNeedDie
				}
				return seq[i-1], nil
			})
			if err != nil || quiet != logged.Total || i != len(seq) {
				t.Fatalf("%s on %v: Total gave %d (%v) after %d dice, RollWith %d (%s)", spec, seq, quiet, err, i, logged.Total, logged.Text)
			}
		}
	}
}

// TestTotalMakesNothing: a quiet roll of up to 8 dice allocates nothing.
func TestTotalMakesNothing(t *testing.T) {
	d, err := ParseDice("8d6!kh3")
	if err != nil {
		t.Fatal(err)
	}
	die := func(faces int) (int, error) { return faces / 2, nil }
	if n := testing.AllocsPerRun(100, func() { _, _ = d.Total(die) }); n != 0 {
		t.Errorf("Total allocated %v times a roll", n)
	}
}
