package stdlib

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"
)

// TestDistLimits: an expression whose distribution would pass a limit is
// refused, with the limit named and a column inside the text; the same
// expression passes once the limit is raised.
func TestDistLimits(t *testing.T) {
	many := strings.Repeat("d100+", 2999) + "d100" // 3000 terms
	cases := []struct {
		src   string
		lim   DistLimits
		limit Limit
	}{
		{many, DefaultDistLimits, LimitWork},
		{strings.Repeat("3*d20+", 2999) + "3*d20", DefaultDistLimits, LimitWork},
		{"1000d1000000", DefaultDistLimits, LimitValues},
		{"1000d6", DefaultDistLimits, LimitWork},
		{"1000*1000*d6", DefaultDistLimits, LimitValues},
		{"d50000+d50000", DefaultDistLimits, LimitWork},
		{"d60000+d60000", DefaultDistLimits, LimitValues},
		{"3d6", DistLimits{Values: 15, Work: 1 << 30}, LimitValues},
		{"3d6", DistLimits{Values: 100, Work: 100}, LimitWork},
		{"4*d6", DistLimits{Values: 20, Work: 1 << 30}, LimitValues},
	}
	for _, c := range cases {
		start := time.Now()
		_, err := ParseDistLimited(c.src, c.lim)
		took := time.Since(start)
		name := c.src
		if len(name) > 20 {
			name = name[:20] + "..."
		}
		e, ok := err.(*ExprError)
		if !ok || e.Limit != c.limit || e.Column < 1 || e.Column > len(c.src)+1 {
			t.Errorf("%s: error %v, want one of limit %q with a column inside the text", name, err, c.limit)
			continue
		}
		if !strings.Contains(e.Msg, "over the limit of") {
			t.Errorf("%s: message %q does not give the limit", name, e.Msg)
		}
		// The work limit is about a second on a slow machine; a minute
		// is a hang, not a limit, even at a load average of 30.
		if took > time.Minute {
			t.Errorf("%s: refused after %s", name, took)
		}
	}
	// The same expressions within higher limits.
	if _, err := ParseDistLimited("3d6", DistLimits{Values: 16, Work: 1 << 30}); err != nil {
		t.Errorf("3d6 within 16 values: %v", err)
	}
	if _, err := ParseDistLimited("4*d6", DistLimits{Values: 21, Work: 1 << 30}); err != nil {
		t.Errorf("4*d6 within 21 values: %v", err)
	}
	if _, err := ParseDistLimited(strings.Repeat("d100+", 29)+"d100", DefaultDistLimits); err != nil {
		t.Errorf("30 terms: %v", err)
	}
}

// TestDistLimitsBeforeWork: a sum of dice too large is refused before any
// convolution, not after the budget is spent: at once.
// It counts the work charged, not the time taken: a timed bound fails on a
// loaded machine.
func TestDistLimitsBeforeWork(t *testing.T) {
	for _, src := range []string{"1000d6", "700d6", "10d1000", "100d100"} {
		p := &distParser{src: src, budget: budget{lim: DefaultDistLimits}}
		_, err := p.sum()
		if e, ok := err.(*ExprError); !ok || e.Limit != LimitWork {
			t.Errorf("%s: error %v, want the work limit", src, err)
		}
		if p.budget.work != 0 {
			t.Errorf("%s: refused after %d steps of work", src, p.budget.work)
		}
		if _, err := ParseDist(src); err == nil {
			t.Errorf("%s: ParseDist accepted it", src)
		}
	}
	if _, err := SumOfLimited(1000, 1000000, DefaultDistLimits); err == nil {
		t.Error("SumOfLimited(1000, 1000000) computed a distribution of a billion values")
	}
	if d, err := SumOfLimited(3, 6, DefaultDistLimits); err != nil || len(d.Count) != 16 {
		t.Errorf("SumOfLimited(3, 6): %d values, %v", len(d.Count), err)
	}
}

// TestDistMultiplierChain: a chain of multipliers is read in a loop; a
// long one neither grows the stack nor passes the values limit.
func TestDistMultiplierChain(t *testing.T) {
	d, err := ParseDist(strings.Repeat("1*", 200000) + "2*3*d6")
	if err != nil || d.Min != 6 || d.Max() != 36 {
		t.Fatalf("1*...*2*3*d6: min %d max %d, %v", d.Min, d.Max(), err)
	}
	_, err = ParseDist(strings.Repeat("2*", 200000) + "d6")
	if e, ok := err.(*ExprError); !ok || e.Limit != LimitValues || e.Column != 1 {
		t.Fatalf("2*2*...*d6: %v", err)
	}
	if _, err := ParseDist("0*d6"); err == nil {
		t.Fatal("0*d6 accepted")
	}
}

func TestSumOutcomes(t *testing.T) {
	for _, c := range []struct{ n, faces, cap, want int }{
		{1, 6, 100, 6},
		{2, 6, 100, 11},
		{3, 6, 100, 16},
		{1000, 1000000, 1000000, 1000001},
		{1 << 40, 1 << 40, 10, 11},
		{5, 1, 10, 1},
	} {
		if got := SumOutcomes(c.n, c.faces, c.cap); got != c.want {
			t.Errorf("SumOutcomes(%d, %d, %d) = %d, want %d", c.n, c.faces, c.cap, got, c.want)
		}
	}
}

// TestEachValue: fray prob's rows of 2d6, lowest first, each with the
// odds of at least and at most that total.
func TestEachValue(t *testing.T) {
	d, err := ParseDist("2d6")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	d.EachValue(func(v int, p, atLeast, atMost *big.Rat) {
		got = append(got, fmt.Sprintf("%d %s %s %s", v, p.RatString(), atLeast.RatString(), atMost.RatString()))
	})
	if len(got) != 11 || got[0] != "2 1/36 1 1/36" || got[5] != "7 1/6 7/12 7/12" || got[10] != "12 1/36 1/36 1" {
		t.Errorf("rows of 2d6: %q", got)
	}
}
