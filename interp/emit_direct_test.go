package interp

import "testing"

// emitCopiesRules emits an event of one handler (a direct emit, in a
// quiet run) whose arguments are names of the action's frame of their
// parameter's type, copied by offset (self, foe, a whole number), and
// others evaluated (a truth kept in a local, a sum, a roll).
const emitCopiesRules = `ruleset "direct emits" {
  default strike
}

combatant {
  hp: int = 14
  dealt: int = 0
  crits: int = 0
}

event struck(by: combatant, target: combatant, amount: int, crit: bool, bonus: int, extra: int) "{by.name} strikes {target.name}"

on struck {
  target.hp -= amount + bonus + extra
  by.dealt += amount
  if crit {
    by.crits += 1
  }
  if target.hp <= 0 {
    target.alive = false
  }
}

action strike {
  let foe = pick(living(enemies(self)))
  let dmg = d6
  let crit = d20 >= 18
  if foe != nil {
    emit struck(self, foe, dmg, crit, dmg - 1, d4)
  }
}

phase turns each round {
  for c in living(combatants) {
    act c
  }
}

end when len(standing(sides)) <= 1
`

// A direct emit copies the arguments that name a field of its frame
// (directCopy) and evaluates the rest: the same fights as a logged run,
// which takes the general emit, and as every expression in the VM.
func TestDirectEmitCopiesArguments(t *testing.T) {
	enc := checkedEncounter(t, emitCopiesRules, actDefaultEncounter)
	p, vm := Lower(enc.Rules), LowerVM(enc.Rules)
	state := playedState
	for seed := uint64(1); seed <= 30; seed++ {
		got := state(New(p, enc, Options{Seed: seed}))
		if want := state(New(p, enc, Options{Seed: seed, Sink: func(*Event) {}})); want != got {
			t.Errorf("seed %d: a quiet run differs from a logged one:\nlogged:\n%s\nquiet:\n%s", seed, want, got)
		}
		if want := state(New(vm, enc, Options{Seed: seed})); want != got {
			t.Errorf("seed %d: a quiet run differs with every expression in the VM:\nvm:\n%s\nnative:\n%s", seed, want, got)
		}
	}
}
