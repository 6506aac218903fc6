package interp

import "testing"

// The text log names a roll in a reader's words; the JSON keeps the name.
func TestRollPurpose(t *testing.T) {
	for _, c := range []struct{ why, want string }{
		{"surprise_roll", " for surprise"},
		{"attack_roll", " for attack"},
		{"roll_to_hit", " for to hit"},
		{"base_init", " for base init"},
		{"hit", " for hit"},
		{"_roll", " for  roll"}, // nothing left to name: the words as written
		{"own_roll", " for own roll"},
		{"init_roll", " for init"},
		{"r", ""},
		{"condition", ""},
		{"", ""},
		{"act held", ""},
		{"table blunt_injury", " on the blunt injury table"},
		{"apply morale", " on the morale table"},
		{"condition stunned", " for stunned"},
		{"pick among 3", " to pick one of 3"},
		{"melee weapons: lower speed factor", " for melee weapons: lower speed factor"},
	} {
		if got := rollPurpose(c.why); got != c.want {
			t.Errorf("rollPurpose(%q) = %q, want %q", c.why, got, c.want)
		}
	}
	if got := scheduledName("halvaine", "spell_effect"); got != "halvaine's spell effect" {
		t.Errorf("scheduledName = %q", got)
	}
}

func TestPluralName(t *testing.T) {
	for name, want := range map[string]bool{"orcs": true, "gnolls": true, "party": false, "boss": false, "brom": false} {
		if got := pluralName(name); got != want {
			t.Errorf("pluralName(%q) = %v, want %v", name, got, want)
		}
	}
}
