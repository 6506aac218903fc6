package interp

import (
	"strconv"
	"strings"

	"github.com/frayrules/fray/stdlib"
)

// The log names what a roll is for, and what a scheduled block is, in
// words a game master can read aloud. The engine knows a roll only by
// the name it is stored under (r.reason: an attribute, a local, a
// table, a parameter) and a scheduled block by its label; the JSON log
// keeps that name exactly in `why` and `name` (tools read it), and the
// text reads it as words: `surprise_roll` is "surprise", `base_init`
// "base init", `table blunt_injury` "the blunt injury table". A name
// that says nothing to a reader (a one-letter local, the condition of
// an if) gives a roll line without "for".

// rollPurpose is the " for ..." part of a roll's line for the reason
// why, with its leading space, or "" when the reason is internal.
func rollPurpose(why string) string {
	switch why {
	case "", "condition", "list", "log", "declare", "act", "act held", "segment":
		return "" // the engine's own steps: no name a rule gave
	}
	if rest, ok := strings.CutPrefix(why, "table "); ok {
		return " on the " + tableWords(rest) + " table"
	}
	if rest, ok := strings.CutPrefix(why, "apply "); ok {
		return " on the " + tableWords(rest) + " table"
	}
	if rest, ok := strings.CutPrefix(why, "condition "); ok {
		return " for " + readable(rest)
	}
	if rest, ok := strings.CutPrefix(why, "pick among "); ok {
		if _, err := strconv.Atoi(rest); err == nil {
			return " to pick one of " + rest
		}
	}
	w := readable(rollName(why))
	if len(w) <= 1 {
		return "" // a one-letter local (`let r = d6`) names nothing for a reader
	}
	return " for " + w
}

// rollName drops a "_roll" suffix or "roll_" prefix: the line already
// says the die is rolled ("rolls d6 for surprise", not "for surprise
// roll"). A stem shorter than a word of four letters keeps it: `own_roll`
// reads "for own roll", not "for own".
func rollName(name string) string {
	if s, ok := strings.CutSuffix(name, "_roll"); ok && len(s) >= 4 {
		return s
	}
	if s, ok := strings.CutPrefix(name, "roll_"); ok && len(s) >= 4 {
		return s
	}
	return name
}

// readable is an identifier as words: underscores become spaces.
// Labels a rule wrote as text (an order's "melee weapons: lower speed
// factor") have none and pass unchanged.
func readable(name string) string {
	return strings.ReplaceAll(name, "_", " ")
}

// tableWords is a table's name as the text log says it before "table"
// ("the blunt injury table", "blunt injury table, 4: ..."): a name that
// says table already, wound_table, is not said twice ("the wound table
// table", the fifth round of homebrew rulesets), as rollName drops a
// "_roll". The JSON log and -v keep the name exactly.
func tableWords(name string) string {
	if s, ok := strings.CutSuffix(name, "_table"); ok && s != "" {
		return readable(s)
	}
	return readable(name)
}

// scheduledName is how the text log names a scheduled block: its
// owner's, in words ("halvaine's spell").
func scheduledName(owner, label string) string {
	return owner + "'s " + readable(label)
}

// rollsBy is the subject and verb of a roll's line: "brom rolls", and
// for a side named in the plural, as sides often are, "orcs roll" (a
// side named as a group, "party", keeps "rolls"). Only logged runs ask.
func (r *Run) rollsBy(who string) string {
	if who == "" {
		// A roll no combatant or side makes: the referee's (the
		// header's `referee "the DM"`).
		if r.m.Referee != "" {
			return r.m.Referee + " rolls"
		}
		return "the referee rolls"
	}
	if pluralName(who) {
		for _, s := range r.sidesP() {
			if nameAt(s) == who {
				return who + " roll"
			}
		}
	}
	return who + " rolls"
}

// pluralName reports whether a name reads as an English plural: the
// guess of the rules' plural(name) (stdlib.Plural).
func pluralName(name string) bool { return stdlib.Plural(name) }
