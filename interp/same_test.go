package interp_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// == of combatants in expr-lang's VM copied both (its OpDeref) and
// compared every attribute: under a ruleset of 3000 attributes a loop of
// them ran past 60 s within --max-steps. The checker makes such a
// comparison a call of stdlib.SameFunc, by identity: 500 of them under
// 2000 attributes allocate no copy (without it, 16 KB each twice: 16 MB).
func TestEntityEqualityCopiesNothing(t *testing.T) {
	var attrs strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&attrs, "  a%d: int = %d\n", i, i)
	}
	rules := `ruleset "same" {
}

combatant {
  hp: int = 1
` + attrs.String() + `}

phase p once {
  let c = first(combatants)
  let many = concat([c], [c])
  let n = 0
  while n < 500 {
    n += 1
    let x = findLastIndex(many, # != #)
  }
  log "{n}"
}

phase q each round {
}

end when round >= 1
`
	enc := `encounter "same" {
  rules "rules.fray"
}

side a {
  combatant ann
}

side b {
  combatant bob
}
`
	e, why := checkGenerated(rules, enc)
	if e == nil {
		t.Fatal(why)
	}
	for _, p := range []struct {
		name  string
		lower func(*check.Model) *interp.Plan
	}{{"native", interp.Lower}, {"vm", interp.LowerVM}} {
		plan := p.lower(e.Rules)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := interp.New(plan, e, interp.Options{Seed: 1}).Play()
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%s plan: 500 comparisons of combatants allocated %d bytes (copies of them?)", p.name, got)
		}
	}
}
