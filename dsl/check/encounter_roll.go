package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Roll is an encounter's value written as dice for a whole-number
// attribute, such as `hp = 2d8`: the run rolls it at set-up, with the
// fight's dice (so the seed, --dice and fray replay see it), logged as a
// roll by the combatant or side for the attribute. An attribute of type
// dice still takes the dice themselves.
type Roll struct {
	Dice stdlib.Dice
	At   diag.Range // the dice in the encounter file
}

// rollSetting reads `attr = DICE` for a whole-number attribute of the
// ruleset (not x or y, which place a combatant before the fight). handled
// is false when the value is something else (the ordinary literal rules
// apply to it); ok is false when the dice are malformed (reported).
func (c *checker) rollSetting(v *syntax.Value, at *Attr) (roll Roll, handled, ok bool) {
	if v == nil || (v.Dice == nil && v.String == nil) || at.Type.Kind != KInt || at.Builtin {
		return Roll{}, false, false
	}
	// With a modifier the dice are quoted, as for a dice attribute:
	// hp = "1d8+1".
	var text string
	if v.Dice != nil {
		text = *v.Dice
	} else {
		text = string(*v.String)
	}
	r := syntax.RangeOf(v.Pos, v.EndPos)
	d, err := stdlib.ParseDice(text)
	if err != nil && v.Dice == nil {
		return Roll{}, false, false // a string that is no dice: the literal's own error
	}
	if err != nil {
		c.errorf(diag.CodeBadValue, r, `a whole number, or dice to roll at set-up, written like 8, 2d8 or "1d8+1"`, "%s", err)
		return Roll{}, true, false
	}
	return Roll{Dice: d, At: r}, true, true
}
