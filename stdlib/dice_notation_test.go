package stdlib

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// AnyDice's published figures for the notation (anydice.com: output
// [highest 3 of 4d6], d20 >= 15, output 5d6 >= 5 as a count, ...), and
// hand counts: exact fractions where they are short, else means to 4
// decimals.
func TestNotationOddsMatchAnyDice(t *testing.T) {
	cases := []struct {
		src      string
		min, max int
		mean     float64 // to 1e-4
		at       int     // a value, and its exact chance
		p        *big.Rat
	}{
		{"4d6kh3", 3, 18, 12.2446, 18, big.NewRat(21, 1296)},
		{"4d6dl1", 3, 18, 12.2446, 3, big.NewRat(1, 1296)},
		{"2d20kh1", 1, 20, 13.825, 20, big.NewRat(39, 400)},
		{"2d20kl1", 1, 20, 7.175, 1, big.NewRat(39, 400)},
		{"2d20dh1", 1, 20, 7.175, 20, big.NewRat(1, 400)},
		{"3d6kl1", 1, 6, 2.0417, 6, big.NewRat(1, 216)},
		{"5d6>=5", 0, 5, 5.0 / 3, 0, big.NewRat(32, 243)},
		{"10d10>6", 0, 10, 4, 10, big.NewRat(1024, 9765625)},
		{"3d6=6", 0, 3, 0.5, 3, big.NewRat(1, 216)},
		{"4d6<3", 0, 4, 4.0 / 3, 4, big.NewRat(1, 81)},
		{"6d6<=1", 0, 6, 1, 0, big.NewRat(15625, 46656)},
		// An exploding d6 averages 3.5 * (1 + 1/6 + ... + 1/6^10): 4.2
		// less 4.2/6^11; 6 then 4 is 10, in 1 of 36.
		{"d6!", 1, 66, 4.2 - 4.2/math.Pow(6, 11), 10, big.NewRat(1, 36)},
		{"d6!", 1, 66, 4.2 - 4.2/math.Pow(6, 11), 6, new(big.Rat)},
		{"d6!", 1, 66, 4.2 - 4.2/math.Pow(6, 11), 66, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(11), nil))},
		{"4d6kh3+2", 5, 20, 14.2446, 20, big.NewRat(21, 1296)},
		{"d20+5", 6, 25, 15.5, 6, big.NewRat(1, 20)},
	}
	for _, c := range cases {
		q, err := ParseQuestionLimited(c.src, DefaultDistLimits)
		if err != nil || q.Cond {
			t.Errorf("%s: %v (a comparison: %v)", c.src, err, q.Cond)
			continue
		}
		d := q.Dist
		if d.Min != c.min || d.Max() != c.max {
			t.Errorf("%s: %d to %d, want %d to %d", c.src, d.Min, d.Max(), c.min, c.max)
		}
		if math.Abs(d.Mean()-c.mean) > 1e-4 {
			t.Errorf("%s: mean %.6f, want %.4f", c.src, d.Mean(), c.mean)
		}
		if got := d.P(c.at); got.Cmp(c.p) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", c.src, c.at, got, c.p)
		}
		total := new(big.Int)
		for _, n := range d.Count {
			total.Add(total, n)
		}
		if total.Cmp(d.Total) != 0 {
			t.Errorf("%s: the counts add up to %s of %s", c.src, total, d.Total)
		}
	}
}

// Comparisons are chances: P(d20 >= 15) = 3/10 as on AnyDice.
func TestComparisonChances(t *testing.T) {
	cases := []struct {
		src string
		p   *big.Rat
	}{
		{"d20 >= 15", big.NewRat(3, 10)},
		{"d20>=15", big.NewRat(3, 10)},
		{"d20 + 5 > 20", big.NewRat(1, 4)},
		{"2d6 = 7", big.NewRat(1, 6)},
		{"2d6 == 7", big.NewRat(1, 6)},
		{"2d6 != 7", big.NewRat(5, 6)},
		{"d6 < d6", big.NewRat(5, 12)},
		{"2d20kh1 >= 15", big.NewRat(51, 100)},
		{"4d6kh3 <= 5", big.NewRat(15, 1296)},
		{"5d6>=5 >= 3", big.NewRat(51, 243)},
	}
	for _, c := range cases {
		q, err := ParseQuestionLimited(c.src, DefaultDistLimits)
		if err != nil || !q.Cond {
			t.Errorf("%s: %v (a comparison: %v)", c.src, err, q.Cond)
			continue
		}
		if q.P.Cmp(c.p) != 0 {
			t.Errorf("P(%s) = %s, want %s", c.src, q.P, c.p)
		}
	}
}

// errNeedDie stops a roll where the scripted dice run out.
var errNeedDie = errors.New("need a die")

// enumerateRolls rolls d over every sequence of die results, each
// weighted by its chance, and counts the totals: an independent way to
// the exact distribution, through the same code that rolls in a fight.
func enumerateRolls(t *testing.T, d Dice) map[int]*big.Rat {
	t.Helper()
	out := map[int]*big.Rat{}
	var walk func(prefix []int)
	walk = func(prefix []int) {
		i := 0
		r, err := d.RollWith(func(faces int) (int, error) {
			if i == len(prefix) {
				return 0, errNeedDie
			}
			i++
			return prefix[i-1], nil
		})
		if errors.Is(err, errNeedDie) {
			for f := 1; f <= d.Faces; f++ {
				walk(append(append([]int(nil), prefix...), f))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Faces) != len(prefix) {
			t.Fatalf("%s rolled %d dice of %d given", d, len(r.Faces), len(prefix))
		}
		p := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(int64(d.Faces)), big.NewInt(int64(len(prefix))), nil))
		v := r.Total + d.Mod
		if out[v] == nil {
			out[v] = new(big.Rat)
		}
		out[v].Add(out[v], p)
	}
	walk(nil)
	return out
}

// TestRollsFollowTheirDistribution: for small dice of every kind, what
// the rolls give over all die sequences is the computed distribution.
func TestRollsFollowTheirDistribution(t *testing.T) {
	for _, src := range []string{"3d4kh2", "3d4kl2", "4d3dh1", "4d3dl2", "3d4>=3", "3d4<2", "4d3=2", "d3!", "2d3!", "2d2!kh1", "3d3!kl2+1", "3d4kh2>=3", "3d4kl2<=2", "2d3!>=4", "2d4-1"} {
		d, err := ParseDice(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		dist, err := DiceDist(d, DefaultDistLimits)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		got := enumerateRolls(t, d)
		for v := dist.Min; v <= dist.Max(); v++ {
			want := dist.P(v)
			g := got[v]
			if g == nil {
				g = new(big.Rat)
			}
			if g.Cmp(want) != 0 {
				t.Errorf("%s: the rolls give %d with chance %s, the distribution says %s", src, v, g, want)
			}
			delete(got, v)
		}
		for v, p := range got {
			t.Errorf("%s: the rolls give %d (chance %s), outside the distribution", src, v, p)
		}
		if lo, hi := d.Min(), d.Max(); lo > dist.Min || hi < dist.Max() {
			t.Errorf("%s: Min/Max %d..%d do not cover the distribution's %d..%d", src, lo, hi, dist.Min, dist.Max())
		}
	}
}

func TestRollText(t *testing.T) {
	cases := []struct {
		src   string
		faces []int
		text  string
		total int
	}{
		{"4d6kh3", []int{6, 2, 5, 3}, "6+(2)+5+3 = 14", 14},
		{"4d6dh1", []int{6, 2, 5, 3}, "(6)+2+5+3 = 10", 10},
		{"2d20kh1", []int{7, 7}, "7+(7) = 7", 7},
		{"d6!", []int{6, 6, 2}, "[6!6!2] = 14", 14},
		{"5d6>=5", []int{5, 2, 6, 1, 5}, "5* 2 6* 1 5* = 3 successes", 3},
		{"2d6>=5", []int{5, 2}, "5* 2 = 1 success", 1},
		{"3d6kh2>=5", []int{6, 1, 4}, "6* (1) 4 = 1 success", 1},
	}
	for _, c := range cases {
		d, err := ParseDice(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		i := 0
		r, err := d.RollWith(func(int) (int, error) { i++; return c.faces[i-1], nil })
		if err != nil || r.Text != c.text || r.Total != c.total || i != len(c.faces) {
			t.Errorf("%s over %v: %q = %d (%d dice, %v); want %q = %d", c.src, c.faces, r.Text, r.Total, i, err, c.text, c.total)
		}
	}
	// An exploding die stops after MaxExplosions more rolls.
	d, _ := ParseDice("d2!")
	r, _ := d.RollWith(func(int) (int, error) { return 2, nil })
	if len(r.Faces) != MaxExplosions+1 || r.Total != 2*(MaxExplosions+1) {
		t.Errorf("d2! on endless 2s: %d rolls, total %d", len(r.Faces), r.Total)
	}
}

func TestParseNotation(t *testing.T) {
	good := map[string]string{
		"4d6kh3": "4d6kh3", "4d6KH3": "", "d6!": "d6!", "1d6!": "d6!", "5d6>=5": "5d6>=5", "1d20>=15": "1d20>=15", "d20>=15": "1d20>=15",
		"4d6!kh3+1": "4d6!kh3+1", "3d6dl1-2": "3d6dl1-2", "d%!": "d%!", "10d10>7": "10d10>7", "6d6=6": "6d6=6", "5d6<3": "5d6<3", "5d6<=2": "5d6<=2",
	}
	for in, want := range good {
		d, err := ParseDice(in)
		if want == "" {
			if err == nil {
				t.Errorf("ParseDice(%q) = %v, want an error", in, d)
			}
			continue
		}
		if err != nil || d.String() != want {
			t.Errorf("ParseDice(%q) = %q, %v; want %q", in, d.String(), err, want)
		}
	}
	bad := []struct{ in, msg string }{
		{"4d6kh5", `"4d6kh5" keeps 5 of 4 dice; keep 1 to 4`},
		{"4d6kh0", `"4d6kh0" keeps 0 of 4 dice; keep 1 to 4`},
		{"4d6dl4", `"4d6dl4" drops 4 of 4 dice; drop 1 to 3`},
		{"d20dl1", `"d20dl1" drops from a single die`},
		{"4d6kh", `kh in "4d6kh" needs a number of dice, like 4d6kh3`},
		{"5d6>=7", `no die of "5d6>=7" can pass >=7: a d6 shows 1 to 6`},
		{"5d6>=1", `every die of "5d6>=1" passes >=1: a d6 shows 1 to 6`},
		{"5d6>6", `no die of "5d6>6" can pass >6: a d6 shows 1 to 6`},
		{"5d6<=6", `every die of "5d6<=6" passes <=6: a d6 shows 1 to 6`},
		{"5d6=7", `no die of "5d6=7" can pass =7: a d6 shows 1 to 6`},
		{"5d6!=6", `unexpected "!=6" in dice "5d6!=6"`},
		{"3d6!=12", `unexpected "!=12" in dice "3d6!=12"`},
		{"3d6!>=70", `no die of "3d6!>=70" can pass >=70: an exploding d6 gives 1 to 66`},
		{"5d6>=", `>= in "5d6>=" needs a number to compare each die with, like 5d6>=5`},
		{"4d6kh3!", `unexpected "!" in dice "4d6kh3!"`},
		{"4d6x", `unexpected "x" in dice "4d6x"`},
	}
	for _, b := range bad {
		_, err := ParseDice(b.in)
		if err == nil || err.Error() != b.msg {
			t.Errorf("ParseDice(%q): %v; want %s", b.in, err, b.msg)
		}
		var de *DiceError
		if errors.As(err, &de) && (de.From < 0 || de.To > len(b.in) || de.From >= de.To) {
			t.Errorf("ParseDice(%q): the error's span %d..%d is outside the text", b.in, de.From, de.To)
		}
	}
}

// The work limits hold for the notation: a keep of many dice is
// refused before it is computed, naming the limit.
func TestNotationLimits(t *testing.T) {
	for _, src := range []string{"1000d1000kh500", "d1000000!", "1000d6!kh999"} {
		_, err := ParseDistLimited(src, DefaultDistLimits)
		var e *ExprError
		if !errors.As(err, &e) || e.Limit == "" {
			t.Errorf("%s: %v, want a limit", src, err)
		}
	}
}
