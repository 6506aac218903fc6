package stdlib

import "testing"

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"orcs", true}, {"gnolls", true}, {"wolves", true}, {"Bandits", true},
		{"party", false}, {"boss", false}, {"magus", false}, {"band", false},
		{"kobold band", false}, {"orc warriors", true}, {"men", true},
		{"swordsmen", true}, {"the undead", true}, {"townsfolk", true},
		{"sheep", true}, {"watch", false}, {"", false}, {"  ", false},
		{"goblins!", true}, {"ogre", false},
	} {
		if got := Plural(c.name); got != c.want {
			t.Errorf("Plural(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
