package interp

import (
	"fmt"
	"testing"
)

// Applying n distinct conditions to one combatant finds each one's place
// in its list by a binary search: in the order they are declared, the
// statements and the look-ups are all the steps there are. It walked the
// list for each, n²/16 steps in all, so that 12 600 of them reached the
// default --max-steps (the sixteenth session's note). In the reverse
// order each is put in front of the others: that moved all of them, a
// copy counted a step for every 64 moved (condsMoved), 125 000 steps in
// all; the list now has room at its front too (conditions_list.go), and
// nothing moves.
func TestManyDistinctConditionsCostTheirStatements(t *testing.T) {
	t.Parallel()
	const n = 4000
	for _, tc := range []struct {
		name    string
		reverse bool
		most    int // steps at most
		moved   int // of which copies at least
	}{
		{"declared order", false, 2 * n, 0},
		{"reverse order", true, 2 * n, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := conditionsRuleset("many", n)
			b.WriteString("phase p once {\n  let c = first(combatants)\n")
			for i := 1; i <= n; i++ {
				j := i
				if tc.reverse {
					j = n + 1 - i
				}
				fmt.Fprintf(b, "  apply condition c%d to c\n", j)
			}
			b.WriteString("}\nphase q each round {\n  let z = 1\n}\nend when round >= 1\n")
			enc := "encounter \"many\" {\n  rules \"many.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n"
			e := loadWritten(t, "many", b.String(), enc)
			r := New(Lower(e.Rules), e, Options{Seed: 1})
			if _, err := r.Play(); err != nil {
				t.Fatal(err)
			}
			if len(r.conds[0]) != n {
				t.Fatalf("x is under %d conditions, want %d", len(r.conds[0]), n)
			}
			for i, on := range r.conds[0] {
				if on.k.Index != i {
					t.Fatalf("condition %d of x is %s: not in the order of declaration", i, on.k.Name)
				}
			}
			if r.steps > tc.most || r.steps < tc.moved {
				t.Errorf("%d distinct conditions applied in %s took %d steps, want %d to %d", n, tc.name, r.steps, tc.moved, tc.most)
			}
			t.Logf("%s: %d steps", tc.name, r.steps)
		})
	}
}
