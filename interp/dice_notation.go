package interp

import (
	"fmt"

	"github.com/frayrules/fray/stdlib"
)

// RollDice rolls a dice value with its modifier. Plain dice (NdF+M) roll
// as Roll does: the same dice from the stream, the same log line. Dice
// notation (4d6kh3, d6!, 5d6>=5) rolls die by die from the run's source,
// so that a seed, fixed dice and a replay give the same rolls; every die
// rolled, explosions and dropped dice included, counts toward the run's
// work and is listed in the log's faces, in order.
func (r *Run) RollDice(d stdlib.Dice) (int, error) {
	if d.Plain() {
		return r.rollPlus(d.N, d.Faces, d.Mod)
	}
	if d.N < 1 || d.N > stdlib.MaxDice || d.Faces < 2 || d.Faces > stdlib.MaxFaces {
		return 0, fmt.Errorf("cannot roll %v: 1 to %d dice of 2 to %d faces", d, stdlib.MaxDice, stdlib.MaxFaces)
	}
	if err := r.Work(d.N); err != nil {
		return 0, err
	}
	rolled := 0
	die := func(faces int) (int, error) {
		if rolled++; rolled > d.N { // an explosion: one more die of work
			if err := r.Work(1); err != nil {
				return 0, err
			}
		}
		return r.dice.Die(faces, r.needFn)
	}
	if r.opt.Sink == nil {
		// A quiet run: the same dice, the total alone, without the
		// faces and text nobody reads.
		total, err := d.Total(die)
		if err != nil {
			return 0, err
		}
		r.seq++ // the roll's place in the log, as in a logged run
		return total + d.Mod, nil
	}
	res, err := d.RollWith(die)
	if err != nil {
		return 0, err
	}
	spec := d
	spec.Mod = 0 // the JSON event has the dice and their total; the text adds the value's modifier
	who, why := r.who(), r.reason
	total := res.Total
	result := res.Text
	if d.Mod != 0 {
		result = plusMod(res.Text, res.Total, d.Mod)
	}
	r.emitLog(&Event{Kind: KRoll, Who: who, Why: why, Dice: spec.String(), Faces: res.Faces, Total: &total,
		Text: fmt.Sprintf("%s %s%s: %s", r.rollsBy(who), d, rollPurpose(why), result)})
	return res.Total + d.Mod, nil
}
