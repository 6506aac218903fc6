package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// A map row is one token, and each of its characters can be a fault of
// its own: a row of 200 000 unknown symbols, of 100 000 | side by side,
// a row of - under a row of | (each - under no square), rows of one
// unknown symbol each. Each was a finding (two million of them in 4 MiB:
// a minute of lint and 3.5 GB of JSON); the first 100 are listed, and
// one finding at the map counts them all.
func TestMapFaultsAreListedUpToALimit(t *testing.T) {
	wide := ".|" + strings.Repeat(".|", 50000) + "."
	cases := []struct {
		name, rows string
		faults     int
	}{
		{"unknown symbols", `"a` + strings.Repeat("z", 200000) + `"`, 200000},
		{"| beside |", `"a` + strings.Repeat("||", 50000) + `."`, 99999}, // the first | stands between a and the next
		{"- under |", `"a.` + wide[2:] + `"  "` + strings.Repeat("-", len(wide)) + `"  "..` + wide[2:] + `"`, 50000},
		{"rows of one fault", `"a"` + strings.Repeat("\n  \"z\"", 20000), 20000},
		{"as many as are listed", `"a` + strings.Repeat("z", mapFaultsListed) + `"`, mapFaultsListed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			enc := "encounter \"Faults\" {\n  rules \"rules.fray\"\n}\n\nside heroes {\n  combatant ann\n}\n\nside orcs {\n  combatant orc\n}\n\nmap {\n  " +
				tc.rows + "\n  a: ann\n}\n"
			for name, text := range map[string]string{"rules.fray": shutRules, "enc.fray": enc} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ds := (Options{Root: dir}).Lint(filepath.Join(dir, "enc.fray"), diag.Sources{})
			listed, summary := 0, ""
			for _, d := range ds {
				switch {
				case d.Code == diag.CodeShutIn:
				case strings.HasPrefix(d.Summary, "this map has"):
					summary = d.Summary
				case d.Code == diag.CodeMap || d.Code == diag.CodeMapWall:
					listed++
				default:
					t.Fatalf("unexpected diagnostic: %s", d)
				}
			}
			want := ""
			if tc.faults > mapFaultsListed {
				want = fmt.Sprintf("this map has %d faults; the first %d are listed", tc.faults, mapFaultsListed)
			}
			if listed != min(tc.faults, mapFaultsListed) || summary != want {
				t.Errorf("%d faults listed and %q, want %d and %q", listed, summary, min(tc.faults, mapFaultsListed), want)
			}
		})
	}
}
