package interp

import (
	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// settingValue is the value an encounter's setting stores: its literal,
// or, for dice given to a whole-number attribute (hp = 2d8, a
// check.Roll), a roll made now with the fight's dice, logged as who
// rolling for the attribute. Settings are applied in the encounter's
// order, so the rolls are too: the same seed or fixed dice give the same
// values, and fray prob and replay see the dice as any other.
func (r *Run) settingValue(v any, who, attr string) (any, error) {
	roll, ok := v.(check.Roll)
	if !ok {
		return v, nil
	}
	r.actors = append(r.actors, who)
	r.reason = attr
	n, err := stdlib.RollDice(r, roll.Dice)
	r.actors = r.actors[:len(r.actors)-1]
	if err != nil {
		if re, ok := err.(*RunError); ok {
			if re.At.Filename == "" {
				re.At = roll.At
			}
			return nil, re
		}
		return nil, &RunError{At: roll.At, Msg: err.Error()}
	}
	return n, nil
}
