package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// Comparison is a recorded fight set against the same fight played again,
// perhaps under other rules: the first event that differs and how the
// outcome changed.
type Comparison struct {
	Recorded, Replayed []*Event
	Diff               *Difference // nil: the same fight, event for event
	Err                error       // why the replay stopped early, if it did
	Dice               *DiceChange // nil: the recorded dice served every roll
	// Was and Now are the outcomes of the recorded and replayed fights.
	Was, Now Outcome
	// Checked is false when the recorded ruleset, played again, did not
	// give the recorded fight (the rule file has changed since): Was then
	// knows only what the log says, not the combatants' final state.
	Checked bool
}

// DiceChange says where the recorded dice stopped serving the replay: a
// rule change can roll more dice, or other dice, than the recording has.
// From that die on, the replay rolls from the recorded seed.
type DiceChange struct {
	Die    int    `json:"die"`             // 1-based number of the die
	Faces  int    `json:"faces"`           // the die the replay asked for
	Value  int    `json:"value,omitempty"` // the recorded value that did not fit; 0 when none was left
	Need   string `json:"for"`             // what the die was for
	Seed   uint64 `json:"seed"`            // the seed the rest of the replay rolled from
	RanOut bool   `json:"ran_out"`         // the recording had no die left
}

// Outcome is how a fight ended: from its end event and, when the fight
// was played here, the combatants' final state.
type Outcome struct {
	Ended          bool // the log has an end event
	Round, Segment int
	Standing       []string
	Text           string           // the end event's text
	Combatants     []CombatantState // nil when the final state is not known
}

// CombatantState is a combatant at the end of a fight: whether it is
// alive and the attributes its encounter sets (its sheet: hit points,
// armour and the like, named by the encounter, not by fray).
type CombatantState struct {
	Name, Side string
	Alive      bool
	Attrs      []AttrValue
}

// AttrValue is one attribute's final value.
type AttrValue struct {
	Name  string
	Value any
}

// Compare replays a recording under enc with the recorded dice and sets
// the two fights side by side. base, when not nil, is the recorded
// encounter under the recorded ruleset: played with the same dice it
// should give the recorded fight again, and then gives the recorded
// combatants' final state. base may be enc itself.
func Compare(rec *Recording, base, enc *check.Encounter) *Comparison {
	c := &Comparison{Recorded: rec.Events}
	now, states, dice, err := replayOnce(rec, enc)
	c.Replayed, c.Err, c.Dice = now, err, dice
	c.Diff = firstDifference(rec.Events, now, err)
	c.Was = outcomeOf(rec.Events)
	c.Now = outcomeOf(now)
	c.Now.Combatants = states
	if base == nil {
		return c
	}
	if base == enc {
		c.Checked = c.Diff == nil
		if c.Checked {
			c.Was.Combatants = states
		}
		return c
	}
	again, was, _, err := replayOnce(rec, base)
	if firstDifference(rec.Events, again, err) == nil {
		c.Checked = true
		c.Was.Combatants = was
	}
	return c
}

// replayOnce plays enc with the recording's dice and returns its events,
// the combatants' final state, and where the recorded dice gave out.
func replayOnce(rec *Recording, enc *check.Encounter) ([]*Event, []CombatantState, *DiceChange, error) {
	var got []*Event
	opt := Options{Seed: rec.Seed, Dice: rec.Dice, MaxRounds: rec.MaxRounds, Why: rec.Why, Sink: func(e *Event) {
		cp := *e
		got = append(got, &cp)
	}}
	if opt.Dice == nil {
		opt.Dice = []int{}
	}
	r := New(Lower(enc.Rules), enc, opt)
	d := &replayDice{vals: rec.Dice, seed: rec.Seed}
	r.setDice(d)
	_, err := r.Play()
	return got, r.finalStates(), d.change, err
}

// replayDice gives the recorded dice in order while each fits the die
// asked for. The first that does not fit, or the first asked for when
// none is left, ends them: the rest roll from the recorded seed, so a
// replay under a rule that rolls other dice still plays to its end, the
// same way every time.
type replayDice struct {
	vals   []int
	i      int
	seed   uint64
	rest   *SeededDice
	change *DiceChange
}

func (d *replayDice) Die(faces int, need func() string) (int, error) {
	if d.rest == nil {
		if d.i < len(d.vals) && d.vals[d.i] >= 1 && d.vals[d.i] <= faces {
			d.i++
			return d.vals[d.i-1], nil
		}
		d.change = &DiceChange{Die: d.i + 1, Faces: faces, Need: need(), Seed: d.seed, RanOut: d.i >= len(d.vals)}
		if !d.change.RanOut {
			d.change.Value = d.vals[d.i]
		}
		d.rest = NewSeededDice(d.seed)
	}
	return d.rest.Die(faces, need)
}

// outcomeOf reads a fight's outcome from its last end event.
func outcomeOf(events []*Event) Outcome {
	for i := len(events) - 1; i >= 0; i-- {
		e := events[i]
		if e.Kind != KEnd {
			continue
		}
		o := Outcome{Ended: true, Round: e.Round, Segment: e.Segment, Text: e.Text}
		switch s := e.Args["standing"].(type) {
		case []string: // played here
			o.Standing = append([]string{}, s...)
		case []any: // read from a log
			for _, v := range s {
				o.Standing = append(o.Standing, fmt.Sprint(v))
			}
		}
		return o
	}
	return Outcome{}
}

// finalStates reads every combatant's state after a fight: alive, and
// the attributes its encounter sets, in the encounter's order.
func (r *Run) finalStates() []CombatantState {
	if len(r.comb) == 0 {
		return nil
	}
	var out []CombatantState
	ci := 0
	for _, s := range r.enc.Sides {
		for _, cs := range s.Combatants {
			if ci >= len(r.comb) {
				return out
			}
			e := r.comb[ci].Elem()
			st := CombatantState{Name: cs.Name, Side: s.Name, Alive: e.Field(check.FieldAlive).Bool()}
			for _, set := range cs.Sets {
				st.Attrs = append(st.Attrs, AttrValue{Name: set.Attr.Name, Value: jsonValue(e.Field(set.Attr.Field))})
			}
			out = append(out, st)
			ci++
		}
	}
	return out
}

// AttrChange is one difference between two final states.
type AttrChange struct {
	Name string `json:"name"`
	Was  any    `json:"recorded"`
	Now  any    `json:"replayed"`
}

// StateChange is how one combatant's end differs between two fights.
type StateChange struct {
	Name     string       `json:"name"`
	WasAlive bool         `json:"recorded_alive"`
	NowAlive bool         `json:"replayed_alive"`
	Attrs    []AttrChange `json:"attributes,omitempty"`
	// Missing is "recorded" or "replayed" when the combatant is only in
	// the other fight.
	Missing string `json:"missing_from,omitempty"`
}

// Changes lists, combatant by combatant, how the final states differ:
// whether each is alive, and the attributes both fights know that ended
// with other values. nil when either state is not known.
func (c *Comparison) Changes() []StateChange {
	if c.Was.Combatants == nil || c.Now.Combatants == nil {
		return nil
	}
	was := map[string]CombatantState{}
	for _, s := range c.Was.Combatants {
		was[s.Name] = s
	}
	var out []StateChange
	seen := map[string]bool{}
	for _, n := range c.Now.Combatants {
		seen[n.Name] = true
		w, ok := was[n.Name]
		if !ok {
			out = append(out, StateChange{Name: n.Name, NowAlive: n.Alive, Missing: "recorded"})
			continue
		}
		ch := StateChange{Name: n.Name, WasAlive: w.Alive, NowAlive: n.Alive}
		for _, na := range n.Attrs {
			for _, wa := range w.Attrs {
				if wa.Name == na.Name && !reflect.DeepEqual(wa.Value, na.Value) {
					ch.Attrs = append(ch.Attrs, AttrChange{Name: na.Name, Was: wa.Value, Now: na.Value})
				}
			}
		}
		if ch.WasAlive != ch.NowAlive || len(ch.Attrs) > 0 {
			out = append(out, ch)
		}
	}
	for _, w := range c.Was.Combatants {
		if !seen[w.Name] {
			out = append(out, StateChange{Name: w.Name, WasAlive: w.Alive, Missing: "replayed"})
		}
	}
	return out
}
