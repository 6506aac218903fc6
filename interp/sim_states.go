package interp

import "unicode/utf8"

// The states of the combatants out of the fight at the end, counted by a
// batch: a state is free text a rule sets, so a rule may give every
// combatant of every fight its own (c.state = s + string(d1000000)), and
// 500 combatants with states of 8 KB made fray sim -n 400 hold 1.8 GB and
// print a report of 1.5 GB. A batch keeps the simStates least states, each
// cut to simStateBytes; the combatants under the others are counted
// together (OutOther). The states kept do not depend on the order in which
// the fights are counted: a state among the least of all the batch's is
// among the least of any share of them, so no worker drops it, and its
// count is whole.
const (
	simStates     = 100
	simStateBytes = 100
)

// stateKey is a state as the report counts it: at most simStateBytes
// bytes, cut at a character, "…" after a cut.
func stateKey(s string) string {
	if len(s) <= simStateBytes {
		return s
	}
	cut := simStateBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// addOut counts n combatants out of the fight under the state key.
func (r *SimResult) addOut(key string, n int) {
	if _, ok := r.Out[key]; ok || len(r.Out) < simStates {
		r.Out[key] += n
		return
	}
	most := ""
	for k := range r.Out {
		if k > most {
			most = k
		}
	}
	if key > most {
		r.OutOther += n
		return
	}
	r.OutOther += r.Out[most]
	delete(r.Out, most)
	r.Out[key] = n
}
