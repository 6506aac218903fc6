package interp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A built-in that walks a list the run keeps (a combatant's conditions)
// counts the walk toward --max-steps: a step for every 8 items. The
// hostile files cannot prove it, since an uncounted walk of a thousand
// items is slow, not endless; this test counts the iterations of a loop
// that asks such a built-in and fails when each cost about one step.
func TestWalksOfConditionsAreCounted(t *testing.T) {
	t.Parallel()
	const conds, maxSteps = 1000, 2_000_000
	var decls, applies strings.Builder
	for i := 1; i <= conds; i++ {
		fmt.Fprintf(&decls, "condition c%d {\n  lasts 9 rounds\n}\n", i)
		fmt.Fprintf(&applies, "    apply condition c%d to c\n", i)
	}
	for _, tc := range []struct {
		name, loop string
		found      bool // the condition is found without a walk
	}{
		{"has", `if has(c, "c1000") { c.hp += 0 }`, false},
		{"act", `act c`, false},
		// apply and remove find the condition in the combatant's list
		// (the twelfth red-team pass: the same condition applied again
		// in a loop to a combatant under 20 000 took minutes, walking
		// the list uncounted). They find it by a binary search now
		// (condAt): no walk, and the loop is still stopped by
		// --max-steps, each pass costing the loop's own steps.
		{"apply", `apply condition c1000 to c`, true},
		{"remove", `remove condition c1 from c`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules := fmt.Sprintf(`ruleset "walks" {
  source "test"
  default rest
}
combatant {
  hp: int = 3
}
action rest {
}
%s
phase p each round {
  declare
  for c in combatants {
%s    while true {
      %s
    }
  }
}
end when round > 3
`, decls.String(), applies.String(), tc.loop)
			enc := "encounter \"walks\" {\n  rules \"walks.fray\"\n}\n\nside a {\n  combatant x\n}\n\nside b {\n  combatant y\n}\n"
			e := loadWritten(t, "walks", rules, enc)
			_, err := New(Lower(e.Rules), e, Options{Seed: 1, MaxSteps: maxSteps}).Play()
			m := regexp.MustCompile(`went round (\d+) times`).FindStringSubmatch(fmt.Sprint(err))
			if m == nil {
				t.Fatalf("want the loop stopped at --max-steps, got %v", err)
			}
			n, _ := strconv.Atoi(m[1])
			if tc.found {
				if n < maxSteps/4 {
					t.Errorf("the loop went round %d times in %d steps: %s walks the %d conditions", n, maxSteps, tc.name, conds)
				}
				return
			}
			// Each pass walks 1000 conditions: at least 125 steps.
			if n > maxSteps/100 {
				t.Errorf("the loop went round %d times in %d steps: the walk of %d conditions is not counted", n, maxSteps, conds)
			}
		})
	}
}

// The end of a round counts down every condition of every combatant: a
// step for every 8 walked. Held until removed, they cost the walk every
// round, so a fight of a hundred combatants under a hundred conditions
// each runs out of --max-steps within its 100 000 rounds; uncounted, the
// rounds of nothing cost three steps each and the fight ran to its round
// limit (a thousand combatants under 250 each: hours).
func TestCountdownOfConditionsIsCounted(t *testing.T) {
	t.Parallel()
	const conds, who = 100, 100
	b := conditionsRuleset("held", conds)
	b.WriteString("phase p once {\n  for c in combatants {\n")
	for i := 1; i <= conds; i++ {
		fmt.Fprintf(b, "    apply condition c%d to c\n", i)
	}
	b.WriteString("  }\n}\nphase q each round {\n  let z = 1\n}\nend when round < 0\n")
	enc := "encounter \"held\" {\n  rules \"held.fray\"\n  rounds 100000\n}\n"
	for _, s := range []string{"a", "b"} {
		enc += "side " + s + " {\n"
		for i := 0; i < who/2; i++ {
			enc += fmt.Sprintf("  combatant %s%d\n", s, i)
		}
		enc += "}\n"
	}
	e := loadWritten(t, "held", b.String(), enc)
	res, err := New(Lower(e.Rules), e, Options{Seed: 1, MaxSteps: 2_000_000}).Play()
	if err == nil || !strings.Contains(err.Error(), "--max-steps") {
		t.Fatalf("want the fight stopped at --max-steps, got %v after %d rounds: the countdown of %d conditions is not counted", err, res.Rounds, conds*who)
	}
}
