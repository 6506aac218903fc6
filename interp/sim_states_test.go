package interp_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/frayrules/fray/interp"
)

// A rule may give every combatant of every fight its own state (free
// text, up to --max-string): the report keeps the 100 least states, each
// cut to 100 bytes, and counts the rest together, the same at any number
// of workers. 500 combatants with states of 8 KB made fray sim -n 400 hold
// 1.8 GB and print a report of 1.5 GB.
func TestSimStatesAreBounded(t *testing.T) {
	var e strings.Builder
	e.WriteString("encounter \"states\" {\n  rules \"rules.fray\"\n}\n")
	for _, side := range []string{"a", "b"} {
		fmt.Fprintf(&e, "\nside %s {\n", side)
		for i := range 100 {
			fmt.Fprintf(&e, "  combatant %s%d\n", side, i)
		}
		e.WriteString("}\n")
	}
	const rules = `ruleset "states" {
  default wait
}

combatant {
  hp: int = 1
}

action wait {
}

phase p each round {
  let s = "é-état-"
  for i in 1..5 {
    s = s + s
  }
  for c in combatants {
    c.state = string(d1000) + (d2 == 1 ? s : "")
  }
}

end when round >= 1
`
	enc, why := checkGenerated(rules, e.String())
	if enc == nil {
		t.Fatal(why)
	}
	plan := interp.Lower(enc.Rules)
	const fights = 60
	one := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: fights, Seed: 1, Workers: 1})
	three := interp.Simulate(context.Background(), plan, enc, interp.SimOptions{N: fights, Seed: 1, Workers: 3})
	if !reflect.DeepEqual(one, three) {
		t.Error("the states counted differ at 1 and 3 workers")
	}
	if len(one.Out) != 100 || one.OutOther == 0 {
		t.Errorf("%d states kept, %d combatants under the others; want 100 and some", len(one.Out), one.OutOther)
	}
	total := one.OutOther
	for k, n := range one.Out {
		total += n
		if len(strings.TrimSuffix(k, "…")) > 100 || !utf8.ValidString(k) {
			t.Errorf("state %q kept: over 100 bytes, or cut inside a character", k)
		}
	}
	if total != fights*200 {
		t.Errorf("%d combatants out counted, want %d", total, fights*200)
	}
}
