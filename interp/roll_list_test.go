package interp

import (
	"strings"
	"testing"
)

func TestRollListNamesRunsAndStops(t *testing.T) {
	t.Parallel()
	many := func(d string, n int) []string { return strings.Split(strings.Repeat(d+" ", n), " ")[:n] }
	for _, c := range []struct {
		rolls []string
		want  string
	}{
		{nil, ""},
		{[]string{"2d6", "d20", "2d6", "d20"}, "2d6, d20, 2d6, d20"},
		{many("1000d1000000", 2), "1000d1000000, 1000d1000000"},
		{many("d6", 3), "d6, d6, d6"},
		{many("d6", 4), "d6 (4 times)"},
		{append(many("d6", 1800000), "d8", "d6"), "d6 (1800000 times), d8, d6"},
		{func() []string {
			var l []string
			for i := range 30 {
				l = append(l, []string{"d4", "d6"}[i%2])
			}
			return append(l, many("d8", 1000)...)
		}(), strings.Repeat("d4, d6, ", 10)[:len(strings.Repeat("d4, d6, ", 10))-2] + ", and 1010 more"},
	} {
		var l RollList
		for _, d := range c.rolls {
			l.Add(d)
		}
		if got := l.String(); got != c.want {
			t.Errorf("%d rolls: got %q, want %q", len(c.rolls), got, c.want)
		}
	}
}
