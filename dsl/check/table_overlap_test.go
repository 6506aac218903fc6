package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// tableFile writes a ruleset with one table "big" fed by dice, whose
// rows are given, and returns its path.
func tableFile(t *testing.T, dice string, rows []string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "ruleset \"tables\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\ntable big %s {\n", dice)
	for _, r := range rows {
		fmt.Fprintf(&b, "  %s: \"r\"\n", r)
	}
	b.WriteString("}\n\nphase p each round {\n  for c in combatants {\n    apply big to c\n    c.hp -= 1\n  }\n}\n\nend when round > 1\n")
	path := filepath.Join(t.TempDir(), "tables.fray")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func count(diags diag.Diagnostics, code string) int {
	n := 0
	for _, d := range diags {
		if d.Code == code {
			n++
		}
	}
	return n
}

// A table of many rows is checked for overlaps in about one comparison
// per row, not one per pair (which took minutes for 100 000 rows); rows
// that do overlap are each reported once, and what stays quadratic (a
// table of equal or wide rows) stops at --max-iterations.
func TestTableOverlapsAreChecked(t *testing.T) {
	t.Parallel()
	distinct := make([]string, 100000)
	for i := range distinct {
		distinct[i] = fmt.Sprint(i + 1)
	}
	same := make([]string, 100000)
	for i := range same {
		same[i] = "1-6"
	}
	wide := make([]string, 20000)
	for i := range wide {
		wide[i] = fmt.Sprintf("%d-1000", i%1000+1)
	}
	for _, tc := range []struct {
		name     string
		dice     string
		rows     []string
		overlaps int // F203 findings, -1 for "some, far fewer than pairs"
		limit    bool
	}{
		{name: "distinct rows", dice: "d100000", rows: distinct},
		{name: "one finding per row", dice: "d6", rows: []string{"1-6", "1-2", "2", "3-6"}, overlaps: 3},
		{name: "a narrow range meets a number", dice: "d6", rows: []string{"1-3", "4", "6", "5-6"}, overlaps: 1},
		{name: "a wide range meets a number", dice: "d100", rows: []string{"1-99", "100", "50"}, overlaps: 1},
		{name: "equal rows", dice: "d6", rows: same, overlaps: -1, limit: true},
		{name: "wide rows", dice: "d1000", rows: wide, overlaps: -1, limit: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tableFile(t, tc.dice, tc.rows)
			diags, _ := lintWithin(t, Options{}, path)
			got := count(diags, diag.CodeTableOverlap)
			switch {
			case tc.overlaps >= 0 && got != tc.overlaps:
				t.Errorf("%d overlaps reported, want %d: %v", got, tc.overlaps, diags)
			case tc.overlaps < 0 && (got == 0 || got > 10000):
				t.Errorf("%d overlaps reported, want some and far fewer than the pairs", got)
			}
			limits := 0
			for _, d := range diags {
				if d.Code == diag.CodeLimit {
					limits++
					if !strings.Contains(d.Detail, "--max-iterations") || d.Subject.Start.Line < 1 {
						t.Errorf("the limit is not placed or does not name its flag: %v", d)
					}
				}
			}
			if want := map[bool]int{true: 1}[tc.limit]; limits != want {
				t.Errorf("%d limits reported, want %d", limits, want)
			}
		})
	}
}
