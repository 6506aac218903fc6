package interp

import (
	"strings"
)

// The text log reads rule names the way the table says them: a rule
// writes `phase surprise_round`, `action stand_up(target: combatant)` and
// `choice abort_spell`, the log says "surprise round", "brom acts: stand
// up (target grishak)" and "halvaine chooses abort spell: false". The
// verbose log (-v), fray test's texts and the JSON log keep the names and
// the call form (`stand_up(target=grishak, hold=0)`): tools match on them.

// spoken is a rule name as said at the table: underscores are spaces.
func spoken(name string) string { return strings.ReplaceAll(name, "_", " ") }

// phaseTitle is a phase's heading in the text log.
func phaseTitle(name string) string { return Printable(spoken(name)) }

// spokenCall is an action with the arguments given, as said at the table:
// "attack", "cast (spell Sleep, segments 2)". Text arguments lose their
// quotes; each part is "name value".
func spokenCall(action string, parts []string) string {
	if len(parts) == 0 {
		return spoken(action)
	}
	return spoken(action) + " (" + strings.Join(parts, ", ") + ")"
}

// spokenArg is one argument as said at the table: "target grishak",
// "spell Magic Missile".
func spokenArg(name string, v any) string {
	if s, ok := v.(string); ok {
		return spoken(name) + " " + s
	}
	return spoken(name) + " " + show(v)
}

// callForm is an action with arguments as the rule writes it, for the
// verbose log and tests: "cast(spell=\"Sleep\", segments=2)".
func callForm(action string, parts []string) string {
	return action + "(" + strings.Join(parts, ", ") + ")"
}
