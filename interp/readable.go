package interp

import (
	"fmt"
	"strings"
)

// The text log says rule names the way the table does (readable, in
// reason.go, turns underscores into spaces): a rule writes `phase
// surprise_round`, `action stand_up(target: combatant)`, `choice
// abort_spell` and `by turn_order`; the log says "surprise round", "brom
// acts: stand up (target grishak)", "halvaine chooses abort spell: false"
// and "then turn order". The verbose log (-v), fray test's texts and the
// JSON log keep the call form (`stand_up(target=grishak, hold=0)`): tools
// match on it.

// phaseTitle is a phase's heading in the text log.
func phaseTitle(name string) string { return Printable(readable(name)) }

// spokenCall is an action with the arguments given, as said at the table:
// "attack", "cast (spell Sleep, segments 2)". Text arguments lose their
// quotes; each part is "name value".
func spokenCall(action string, parts []string) string {
	if len(parts) == 0 {
		return readable(action)
	}
	return readable(action) + " (" + strings.Join(parts, ", ") + ")"
}

// spokenArg is one argument as said at the table: "target grishak",
// "spell Magic Missile".
func spokenArg(name string, v any) string {
	if s, ok := v.(string); ok {
		return readable(name) + " " + s
	}
	return readable(name) + " " + show(v)
}

// callForm is an action with arguments as the rule writes it, for the
// verbose log and tests: "cast(spell=\"Sleep\", segments=2)".
func callForm(action string, parts []string) string {
	return action + "(" + strings.Join(parts, ", ") + ")"
}

// count is a number of things in words: "1 round", "3 rounds".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
