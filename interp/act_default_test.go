package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// actDefaultRules is a ruleset in which nobody declares: every act
// performs the default action, which takes no arguments (defaultAct),
// some acts are skipped by a condition, and the phase acts now and then for
// nobody (its error).
const actDefaultRules = `ruleset "act by default" {
  default strike
}

combatant {
  hp: int = 12
}

condition dazed {
  cannot act
  lasts 1 rounds
}

event hit(target: combatant, amount: int) "{target.name} takes {amount}"

on hit {
  target.hp -= amount
  if target.hp <= 0 {
    target.alive = false
  } else if amount >= 4 {
    apply condition dazed to target
  }
}

action strike {
  let foe = pick(living(enemies(self)))
  if foe != nil && d20 >= 8 {
    emit hit(foe, d6)
  }
}

phase turns each round {
  for c in living(combatants) {
    act c
  }
  if round == 3 && d6 >= 5 {
    let nobody = first(filter(combatants, .name == "nobody"))
    act nobody
  }
}

end when len(standing(sides)) <= 1
`

const actDefaultEncounter = `encounter "two sides" {
  rules "rules.fray"
}

side a {
  combatant ann
  combatant amy
}

side b {
  combatant bob
  combatant bea
}
`

// An act planned where nobody declares (actDefault) is the same act as
// the general one: an anonymous run, which takes actDefault's own way,
// plays the same fights as a logged one, to the last attribute, log
// entry and error (a condition's skipped turns, act of nobody in some
// third rounds); and a ruleset with a declare statement keeps the general way.
func TestActDefaultIsTheSameAct(t *testing.T) {
	enc := checkedEncounter(t, actDefaultRules, actDefaultEncounter)
	p := Lower(enc.Rules)
	ct := enc.Rules.U.Combatant.R // a combatant is held by its pointer
	if p.defaultAct(ct) == nil {
		t.Fatal("the default action is not planned for act: the test would prove nothing")
	}
	state := playedState
	vm := LowerVM(enc.Rules) // act's general way: the VM's combatant is no native name
	errors, skipped := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		logged, anon := New(p, enc, Options{Seed: seed, Sink: func(e *Event) {
			if e.Kind == KCondition && e.Args["change"] == "cannot act" {
				skipped++
			}
		}}), New(p, enc, Options{Seed: seed})
		if !anon.anonymous {
			t.Fatal("a quiet seeded run is not anonymous")
		}
		got := state(anon)
		if want := state(logged); want != got {
			t.Errorf("seed %d: an anonymous run differs from a logged one:\nlogged:\n%s\nanonymous:\n%s", seed, want, got)
		}
		if want := state(New(vm, enc, Options{Seed: seed})); want != got {
			t.Errorf("seed %d: an anonymous run differs from one of act's general way:\ngeneral:\n%s\nanonymous:\n%s", seed, want, got)
		}
		if strings.Contains(got, "act needs a combatant, found nobody") {
			errors++
		}
	}
	if errors == 0 || skipped == 0 {
		t.Errorf("%d fights reached the act of nobody, %d turns were skipped: each way must be tested", errors, skipped)
	}
	declaring := strings.Replace(actDefaultRules, "phase turns each round {", "phase choose each round {\n  declare\n}\n\nphase turns each round {", 1)
	if p := Lower(checkedEncounter(t, declaring, actDefaultEncounter).Rules); p.defaultAct(ct) != nil {
		t.Error("a ruleset whose phase declares plans act by the default action alone")
	}
}

// checkedEncounter checks a ruleset and an encounter given as text.
func checkedEncounter(t *testing.T, rules, encounter string) *check.Encounter {
	t.Helper()
	rf, diags := syntax.Parse("rules.fray", rules)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	m, diags := check.UnderRoot("..").Check(rf)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ef, diags := syntax.Parse("encounter.fray", encounter)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	enc, diags := check.CheckEncounter(ef, m)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return enc
}

// playedState plays r and gives what the fight left: its result, error,
// count of log entries and every combatant's attributes, so that two
// plans of one fight can be compared whole.
func playedState(r *Run) string {
	res, err := r.Play()
	var b strings.Builder
	fmt.Fprintf(&b, "result %+v, error %v, log entries %d\n", res, err, r.seq)
	for _, v := range r.comb {
		e := v.Elem()
		for i := 0; i < e.NumField(); i++ {
			fmt.Fprintf(&b, "%s ", show(e.Field(i)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
