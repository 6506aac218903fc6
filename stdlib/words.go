package stdlib

import (
	"strings"
	"unicode"
)

// Plural reports whether a name reads as an English plural, for the verb
// that follows it in a log line: "orcs are surprised", "the party is".
// It looks at the name's last word: a plural ends in s but not in ss or
// us ("orcs", "wolves", "gnolls"; not "boss" or "magus"), or is one of
// the plurals English makes otherwise ("men", "the undead"). Group nouns
// ("party", "band", "warband", "company") are singular. The engine's own
// lines (a side's roll: "orcs roll") use the same guess.
func Plural(name string) bool {
	// The last word, without the punctuation around it; no allocation
	// unless it has capitals (log templates ask this in quiet runs too).
	last := strings.TrimRight(name, " \t.,;:!?'\"()")
	if i := strings.LastIndexAny(last, " \t"); i >= 0 {
		last = last[i+1:]
	}
	last = strings.TrimLeft(last, "'\"(")
	if last == "" {
		return false
	}
	if strings.ContainsFunc(last, unicode.IsUpper) {
		last = strings.ToLower(last)
	}
	if irregularPlurals[last] {
		return true
	}
	for _, suffix := range irregularPluralEndings {
		if strings.HasSuffix(last, suffix) {
			return true
		}
	}
	return strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "us")
}

// irregularPlurals are plurals that do not end in s, and collective
// names a table treats as plural ("the undead rise").
var irregularPlurals = map[string]bool{
	"men": true, "women": true, "children": true, "people": true, "folk": true,
	"mice": true, "lice": true, "geese": true, "feet": true, "teeth": true,
	"oxen": true, "kine": true, "cattle": true, "swine": true, "sheep": true,
	"deer": true, "kin": true, "brethren": true, "undead": true, "dead": true,
	"fungi": true, "cacti": true, "magi": true, "cherubim": true, "seraphim": true,
	"dice": true,
}

// irregularPluralEndings make plurals of compounds: "swordsmen",
// "horsemen", "kinsfolk", "townsfolk".
var irregularPluralEndings = []string{"men", "folk", "children", "people"}
