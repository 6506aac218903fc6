package fraytest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/interp/fraytest"
)

// doubled is an expression that makes a value twice, n times over, from
// start with op ("+" for strings): a few hundred bytes of text that make
// 2^n times start's size.
func doubled(start, op string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "let s0 = %s; ", start)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "let s%d = s%d %s s%d; ", i, i-1, op, i-1)
	}
	fmt.Fprintf(&b, "s%d", n)
	return b.String()
}

// An expectation's work is estimated before it runs over the fight's
// own log (ExpectWork). The size of the whole log went to every string
// of an expectation that made one of the log anywhere (a join, a string,
// a toJSON), so a count of the events comparing their kind beside a join
// of the log cost the log's bytes for each event: refused, naming
// --max-iterations, past about 5 000 events. Strings are now sized
// where they are made, and expectations that read a log of 50 000 events
// once or a few times run with default flags, while those that read it
// for each event, or make a string that doubles, are still refused at
// their line. The strings that doubled (let s1 = s0 + s0, ..., a
// reduce of #acc + #acc) and a replace of "" in the log's text, each a
// few dozen bytes of expectation, were not counted at all: past 20 s and
// 8 GB, or out of memory. And the estimate of reduces nested in reduces
// is linear in them (each is estimated once for where it is).
func TestExpectationOverALongLog(t *testing.T) {
	const events = 50_000
	pass := map[string]string{
		"a count beside a join":  `count(events, .kind == "event" && .name == "tick") == 50000 && len(join(log, "")) > 0`,
		"lines looked for":       `count(log, # contains "tick 4") > 0 && find("tick 50000") >= 0 && len(string(map(events, .seq))) > 0`,
		"every event read":       `all(events, .seq >= 0 && .round >= 0) && toJSON(first(events)) != "" && !any(events, .faces == [6, 6])`,
		"the log's text":         `first(map([1], let whole = join(log, "\n"); whole contains "tick 49999" && len(split(whole, "\n")) == len(log) && upper(last(log)) != ""))`,
		"reduces nested 18 deep": `reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, reduce(1..2, 1, 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0), 0) == 1`,
		"a reduce of the log":    `reduce(events, #acc + (.name == "tick" ? 1 : 0), 0) == 50000 && len(reduce(1..10, #acc + "x", "")) == 10`,
	}
	refuse := map[string]string{
		"a count inside a count":      `count(events, let s = .seq; count(events, .seq <= s) >= 0) == 1`,
		"a join of the log in a loop": `len(map(1..5000, join(log, ""))) == 5000`,
		"a list doubled sixty deep":   `string(first(map([1], ` + listDoubled(60) + `))) == ""`,
		"a string doubled":            `len(first(map([1], ` + doubled(`"xxxxxxxx"`, "+", 50) + `))) > 0`,
		"the log's text doubled":      `len(first(map([1], ` + doubled(`join(log, "")`, "+", 20) + `))) > 0`,
		"a reduce doubling a string":  `len(reduce(1..50, #acc + #acc, "x")) > 0`,
		"a replace of nothing":        `len(replace(replace(join(log, ""), "", join(log, "")), "", "x")) > 0`,
		"the log repeated":            `len(repeat(join(log, ""), 1000000)) > 0`,
		"JSON of JSON, 40 deep":       `len(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON(toJSON("\"\\"))))))))))))))))))))))))))))))))))))))))) > 0`,
		"base64 of base64, 60 deep":   `len(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(toBase64(join(log, "")))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))) > 0`,
	}
	dir := t.TempDir()
	var tests strings.Builder
	for _, set := range []map[string]string{pass, refuse} {
		for name, e := range set {
			fmt.Fprintf(&tests, "test %q {\n  expect %s\n}\n\n", name, e)
		}
	}
	files := map[string]string{
		"r.fray": fmt.Sprintf("ruleset \"many events\" {\n  source \"hostile\"\n}\n\ncombatant {\n  hp: int = 3\n}\n\nevent tick(n: int) \"tick {n}\"\n\n"+
			"phase p each round {\n  if round == 1 {\n    for i in 1..%d {\n      emit tick(i)\n    }\n  }\n}\n\nend when round > 1\n", events),
		"log_test.fray": "encounter \"e\" {\n  rules \"r.fray\"\n  rounds 3\n}\n\nside a {\n  combatant x\n}\n\nside b {\n  combatant y\n}\n\n" + tests.String(),
	}
	outcomes := runLogTest(t, dir, files)
	if len(outcomes) != len(pass)+len(refuse) {
		t.Fatalf("%d outcomes, want %d", len(outcomes), len(pass)+len(refuse))
	}
	for _, o := range outcomes {
		var b strings.Builder
		fraytest.WriteOutcome(&b, o, false)
		if _, ok := pass[o.Name]; ok {
			if o.Result != fraytest.Pass {
				t.Errorf("%q over %d events: %s, want it to pass:\n%s", o.Name, events, o.Result, b.String())
			}
			continue
		}
		if o.Result != fraytest.Error || !strings.Contains(b.String(), fmt.Sprintf("log of %d events", events+2)) || !strings.Contains(b.String(), "raise it with --max-iterations") {
			t.Errorf("%q: %s, want an error at its expect naming --max-iterations:\n%s", o.Name, o.Result, b.String())
		}
	}
}

// listDoubled is a list that holds another twice, n deep.
func listDoubled(n int) string {
	var b strings.Builder
	b.WriteString("let a0 = [1, 1]; ")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "let a%d = [a%d, a%d]; ", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "a%d", n)
	return b.String()
}
