package syntax

import (
	"regexp"
	"strings"
)

// participle describes what it expected in its grammar's own notation
// ("<string> "{" HeaderField* "}""). These helpers turn that into words,
// and pick a hint from the construct the error is in, so that a syntax
// error reads like the rest of fray's diagnostics.

var (
	expectedRe  = regexp.MustCompile(`^(unexpected token "(?:[^"\\]|\\.)*")(?: \(expected (.*)\))?$`)
	literalRe   = regexp.MustCompile(`"([^"]+)"`)
	nonTermRe   = regexp.MustCompile(`\b[A-Z][A-Za-z]*[*+?]?`)
	tokenKindRe = regexp.MustCompile(`<(\w+)>`)
)

var tokenKindWords = map[string]string{
	"ident": "a name", "string": "a string in quotes", "number": "a number", "dice": "dice such as 2d6",
}

// simplifyExpected rewrites participle's expected-clause: a single
// token or a short list of alternatives is spelled out; anything more
// involved is left to the hint.
func simplifyExpected(exp string) string {
	exp = strings.TrimSpace(exp)
	if exp == "" {
		return ""
	}
	var words []string
	seen := map[string]bool{}
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	// The first element of a sequence is what was expected here.
	first := exp
	if !strings.HasPrefix(first, "(") {
		if i := strings.IndexByte(first, ' '); i > 0 {
			first = first[:i]
		}
	}
	if strings.ContainsAny(first, "(|") {
		return ""
	}
	for _, m := range tokenKindRe.FindAllStringSubmatch(first, -1) {
		if w, ok := tokenKindWords[m[1]]; ok {
			add(w)
		}
	}
	for _, m := range literalRe.FindAllStringSubmatch(first, -1) {
		add("`" + m[1] + "`")
	}
	if len(words) == 0 || nonTermRe.MatchString(tokenKindRe.ReplaceAllString(literalRe.ReplaceAllString(first, ""), "")) {
		return ""
	}
	return strings.Join(words, " or ")
}

// construct finds what the line of an error belongs to: the first word of
// the nearest line at or above it that starts a declaration, whether that
// is the error's own line, and that line's words.
func construct(src string, line int) (kw string, same bool, words []string) {
	lines := strings.Split(src, "\n")
	for l := min(line, len(lines)) - 1; l >= 0; l-- {
		f := strings.Fields(strings.SplitN(lines[l], "#", 2)[0])
		if len(f) == 0 {
			continue
		}
		w := f[0]
		if w == "override" && len(f) > 1 {
			w, f = f[1], f[1:]
		}
		if declKeywords[w] {
			return w, l == line-1, f
		}
		if l < line-1 && strings.HasPrefix(lines[l], "}") {
			return "", false, nil // a previous declaration closed: top level
		}
	}
	return "", false, nil
}

var declKeywords = map[string]bool{
	"ruleset": true, "encounter": true, "phase": true, "table": true, "event": true, "action": true,
	"modifiers": true, "fn": true, "const": true, "combatant": true, "side": true, "on": true, "map": true,
	"end": true, "round": true, "surprise": true, "ruling": true,
}

// constructHint is the form of the construct an error is in.
func constructHint(kw string, same bool, words []string) string {
	schema := len(words) > 1 && words[1] == "{"
	switch {
	case kw == "phase" && same:
		return "a phase says when it runs: phase NAME once, each round, each segment or at end, then { ... }"
	case (kw == "ruleset" || kw == "encounter") && same:
		return "the name is a string in quotes: " + kw + ` "Name" { ... }`
	case kw == "ruleset" || kw == "encounter":
		return `a header field is a name and its values, such as source "book.txt" or rounds 20`
	case kw == "table" && !same:
		return `a table row is its keys, a colon, then a label, a value or both: 1-4: "graze" 1`
	case kw == "table":
		return "a table is table NAME, optional (typed keys) and dice, then { rows }: table wounds d6 { ... }"
	case kw == "event" && same:
		return `an event is event NAME(param: type, ...) with an optional "template"`
	case kw == "fn" && same:
		return "a function is fn NAME(param: type, ...): type = expression, or a procedure, fn NAME(param: type, ...): type { statements } (the type optional)"
	case kw == "action" && same:
		return "an action is action NAME(param: type = default, ...) { statements }"
	case kw == "modifiers" && same:
		return "modifiers NAME(params) [over LIST as x] [aggregate sum|max|min|best|worst] { rows }"
	case kw == "modifiers":
		return `a modifier row is "label" value, optionally followed by when condition`
	case kw == "const":
		return "a constant is const NAME = expression, or const NAME: type = expression"
	case (kw == "combatant" || kw == "side") && schema && !same:
		return "an attribute is declared NAME: type = default, such as hp: int = 8"
	case kw == "combatant" && !schema:
		return "a combatant's settings are written NAME = value, one per line or separated by ;"
	case kw == "side" && !same:
		return "a side holds settings (NAME = value) and combatants (combatant NAME { ... })"
	case kw == "map" && !same:
		return `a map is rows in quotes ("#..a#"), then a legend (a: alice)`
	}
	return ""
}

// friendlySyntax rewrites an "unexpected token" message and chooses its
// hint from the construct at the error.
func friendlySyntax(msg, src string, line int) (summary, hint string) {
	hint = syntaxHint(msg)
	m := expectedRe.FindStringSubmatch(msg)
	if m == nil {
		return msg, hint
	}
	summary = m[1]
	if exp := simplifyExpected(m[2]); exp != "" {
		summary += ", expected " + exp
	} else {
		summary += fnHeadExpected(src, line, msg)
	}
	if strings.Contains(msg, `"<EOF>"`) {
		return summary, hint
	}
	kw, same, words := construct(src, line)
	if h := constructHint(kw, same, words); h != "" {
		hint = h
	}
	if kw == "combatant" && same {
		if h := outsideSideHint(msg, src, lineStart(src, line), words); h != "" {
			hint = h
		}
	}
	if m := loopJumpRe.FindStringSubmatch(msg); m != nil {
		// for c in ... { if done { continue } ... }: the tenth homebrew
		// round's writer reached for a statement fray does not have.
		hint = "fray has no " + m[1] + ": put the rest of the loop's body in an else (or an if), loop with while over a condition, or return to leave the whole body"
	}
	if m := callAssignRe.FindStringSubmatch(lineAt(src, line)); m != nil {
		// box().state = "kept": the thirteenth homebrew round's writer
		// assigned through what a function gives.
		hint = "only a name and its attributes can be assigned to (c.state = ...), not what a call gives: keep it in a let first (let b = " + m[1] + " then b" + m[2] + " = ...)"
	}
	if lineAt(src, line) != "" && oneRoundRe.MatchString(lineAt(src, line)) {
		// apply condition dazed to c for 1 round: the optional duration
		// does not parse, so the error is at its "for", read as a loop.
		hint = "a duration is for N rounds, plural even for one: apply condition X to c for 1 rounds"
	}
	return summary, hint
}

// callAssignRe is an assignment to an attribute of a call's result:
// the call, and the attribute path after it.
var callAssignRe = regexp.MustCompile(`^\s*([A-Za-z_]\w*\s*\([^=]*\))((?:\.[A-Za-z_]\w*)+)\s*[-+]?=[^=]`)

// loopJumpRe is a continue or break where a statement should be.
var loopJumpRe = regexp.MustCompile(`unexpected token "(continue|break)"`)

// oneRoundRe is an apply whose duration ends in "round", not "rounds".
var oneRoundRe = regexp.MustCompile(`^\s*apply\s+condition\b.*\bfor\b.*\bround\s*(#.*)?$`)

// lineStart is the offset of line (1-based) of src.
func lineStart(src string, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return off
}

// lineAt is line (1-based) of src, or "".
func lineAt(src string, line int) string {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	return lines[line-1]
}

// diceSettingRe is NAME = DICE just before an error, and diceModRe the
// modifier the error is at.
var (
	diceSettingRe = regexp.MustCompile(`\b(\w+)\s*=\s*(\d*d(?:\d+|%))\s*$`)
	diceModRe     = regexp.MustCompile(`^([+-])\s*(\d+)`)
)

// diceModifierHint is the hint for an encounter's setting written as a
// rule writes dice (damage = d6 + 1, found by the eleventh homebrew
// round): a setting's value is one literal, so the modifier is an
// unexpected "+", and the hint said only "settings are written NAME =
// value". A dice value with a modifier is written in quotes there.
func diceModifierHint(msg, src string, off int) string {
	if off < 0 || off > len(src) || !(strings.Contains(msg, `unexpected token "+"`) || strings.Contains(msg, `unexpected token "-"`)) {
		return ""
	}
	start := strings.LastIndexByte(src[:off], '\n') + 1
	set := diceSettingRe.FindStringSubmatch(src[start:off])
	if set == nil {
		return ""
	}
	want := set[2] + "+1"
	if mod := diceModRe.FindStringSubmatch(src[off:]); mod != nil {
		want = set[2] + mod[1] + mod[2]
	}
	return `a setting's dice with a modifier are written in quotes: ` + set[1] + ` = "` + want + `"`
}
