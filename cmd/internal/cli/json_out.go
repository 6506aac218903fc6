package cli

import (
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The JSON documents fray prints. Each has a schema in docs/schema/
// (checked against real output by schema_test.go) and a schema_version
// that changes only when a field is renamed or removed or changes
// meaning. Keys are snake_case; names that are data (sides, combatants,
// events) are values, never keys, so that a schema can describe them.
const (
	lintSchemaVersion = 1 // docs/schema/lint.json
	simSchemaVersion  = 1 // docs/schema/sim.json
	probSchemaVersion = 1 // docs/schema/prob.json
)

// lintJSON is the document of fray lint --format json.
type lintJSON struct {
	SchemaVersion int              `json:"schema_version"`
	Diagnostics   diag.Diagnostics `json:"diagnostics"`
}

// intervalJSON is an estimate with its 95% confidence interval.
type intervalJSON struct {
	Estimate float64 `json:"estimate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

func intervalOf(iv interp.Interval) intervalJSON { return intervalJSON{iv.Estimate, iv.Low, iv.High} }

// simJSONDoc is the document of fray sim --format json.
type simJSONDoc struct {
	SchemaVersion int            `json:"schema_version"`
	Encounter     string         `json:"encounter"`
	Seed          uint64         `json:"seed"`
	Interrupted   bool           `json:"interrupted"`
	Result        simResultJSON  `json:"result"`
	Compare       *simResultJSON `json:"compare,omitempty"`
	Differences   []diffRow      `json:"differences,omitempty"`
}

// simResultJSON is the report of one ruleset's batch.
type simResultJSON struct {
	Ruleset      string          `json:"ruleset"`
	Fights       int             `json:"fights"`
	Partial      bool            `json:"partial"`
	Failed       int             `json:"failed"`
	Wins         []sideShare     `json:"wins"`
	NoSideStands intervalJSON    `json:"no_side_stands"`
	RoundLimit   intervalJSON    `json:"round_limit"`
	NoWinner     intervalJSON    `json:"no_winner"`
	Rounds       roundsJSON      `json:"rounds"`
	Survivors    []sideMean      `json:"survivors"`
	Deaths       []combatantRate `json:"deaths"`
	Events       []eventRate     `json:"events"`
	// OutOfFight is present only for rulesets that take combatants out
	// of the fight: how many per fight were, by their state, at the end.
	OutOfFight []outRate `json:"out_of_fight,omitempty"`
	// OutOfFightOther is present only when more states than the report
	// keeps were met: the combatants per fight out under the others.
	OutOfFightOther float64 `json:"out_of_fight_other,omitempty"`
	// NotPresent is present only when some combatant ended a fight
	// alive, with no state, but not present (a latecomer who never
	// came): how many per fight.
	NotPresent float64 `json:"not_present,omitempty"`
	// WhoLeftOut is present only when the events were counted without
	// who acted (interp.SimResult.WhoLeftOut).
	WhoLeftOut bool `json:"who_left_out,omitempty"`
}

type outRate struct {
	State    string  `json:"state"`
	PerFight float64 `json:"per_fight"`
}

type sideShare struct {
	Side  string       `json:"side"`
	Share intervalJSON `json:"share"`
}

type sideMean struct {
	Side string       `json:"side"`
	Mean intervalJSON `json:"mean"`
}

type combatantRate struct {
	Combatant string       `json:"combatant"`
	Share     intervalJSON `json:"share"`
}

// eventRate is how often a rule event happened: in what share of the
// fights, and how many times per fight. Who is set for the count of one
// combatant's part in the event, and empty for the event as a whole.
type eventRate struct {
	Event    string       `json:"event"`
	Who      string       `json:"who,omitempty"`
	Share    intervalJSON `json:"share"`
	PerFight float64      `json:"per_fight"`
}

type roundsJSON struct {
	Mean      intervalJSON `json:"mean"`
	Median    int          `json:"median"`
	SD        float64      `json:"sd"`
	Min       int          `json:"min"`
	Max       int          `json:"max"`
	Histogram []roundCount `json:"histogram"`
}

type roundCount struct {
	Rounds int `json:"rounds"`
	Fights int `json:"fights"`
}

// simResultOf is the JSON report of one batch.
func simResultOf(enc *check.Encounter, r *interp.SimResult) simResultJSON {
	done := r.Runs - r.Errors
	out := simResultJSON{Ruleset: enc.Rules.Name, Fights: r.Runs, Partial: r.Partial, Failed: r.Errors,
		NoSideStands: intervalOf(interp.Proportion(r.NoneStand, done)),
		RoundLimit:   intervalOf(interp.Proportion(r.Capped, done)),
		NoWinner:     intervalOf(interp.Proportion(r.NoWinner, done)),
		Wins:         []sideShare{}, Survivors: []sideMean{}, Deaths: []combatantRate{}, Events: []eventRate{}}
	for _, s := range r.Sides {
		out.Wins = append(out.Wins, sideShare{s, intervalOf(interp.Proportion(r.Wins[s], done))})
		iv, _ := r.MeanSurvivors(s)
		out.Survivors = append(out.Survivors, sideMean{s, intervalOf(iv)})
	}
	for _, c := range r.Fighters {
		out.Deaths = append(out.Deaths, combatantRate{c, intervalOf(interp.Proportion(r.Deaths[c], done))})
	}
	for _, e := range sortedKeys(r.EventRuns) {
		// The simulator counts "event · who" beside "event"; an event's
		// name is an identifier, so the first separator splits them.
		name, who, _ := strings.Cut(e, " · ")
		out.Events = append(out.Events, eventRate{Event: name, Who: who, Share: intervalOf(interp.Proportion(r.EventRuns[e], done)),
			PerFight: float64(r.EventSum[e]) / float64(max(1, done))})
	}
	out.WhoLeftOut = r.WhoLeftOut
	out.OutOfFightOther = float64(r.OutOther) / float64(max(1, done))
	out.NotPresent = float64(r.Absent) / float64(max(1, done))
	for _, why := range sortedKeys(r.Out) {
		out.OutOfFight = append(out.OutOfFight, outRate{why, float64(r.Out[why]) / float64(max(1, done))})
	}
	st := r.RoundSummary()
	out.Rounds = roundsJSON{Mean: intervalOf(st.Mean), Median: st.Median, SD: st.SD, Min: st.Min, Max: st.Max, Histogram: []roundCount{}}
	for i, k := range st.Rounds {
		out.Rounds.Histogram = append(out.Rounds.Histogram, roundCount{k, st.Counts[i]})
	}
	return out
}

func simJSON(a, b *check.Encounter, ra, rb *interp.SimResult, seed uint64) *simJSONDoc {
	out := &simJSONDoc{SchemaVersion: simSchemaVersion, Encounter: a.Name, Seed: seed, Result: simResultOf(a, ra)}
	if rb != nil {
		cmp := simResultOf(b, rb)
		out.Compare = &cmp
		out.Differences = comparisonRows(ra, rb)
	}
	return out
}

// probExprJSON is the document of fray prob EXPR --format json. P and
// the other fractions are exact ("1/36"); the percentages are numbers.
type probExprJSON struct {
	SchemaVersion int            `json:"schema_version"`
	Kind          string         `json:"kind"` // "expression"
	Expression    string         `json:"expression"`
	Min           int            `json:"min"`
	Max           int            `json:"max"`
	Mean          float64        `json:"mean"`
	MeanExact     string         `json:"mean_exact"`
	SD            float64        `json:"sd"`
	Values        []probValueRow `json:"values"`
}

// probValueRow is one value of a distribution.
type probValueRow struct {
	Value          int     `json:"value"`
	P              string  `json:"p"`
	Percent        float64 `json:"percent"`
	AtLeast        string  `json:"at_least"`
	AtLeastPercent float64 `json:"at_least_percent"`
	AtMost         string  `json:"at_most"`
	AtMostPercent  float64 `json:"at_most_percent"`
}

// probConditionJSON is the document of fray prob for a comparison
// (`d20 >= 15`): the chance that it holds.
type probConditionJSON struct {
	SchemaVersion int     `json:"schema_version"`
	Kind          string  `json:"kind"` // "condition"
	Expression    string  `json:"expression"`
	P             string  `json:"p"`
	Percent       float64 `json:"percent"`
}

// probTableJSON is the document of fray prob --table --format json.
type probTableJSON struct {
	SchemaVersion int            `json:"schema_version"`
	Kind          string         `json:"kind"` // "table"
	Table         string         `json:"table"`
	Dice          string         `json:"dice"`
	Rows          []probTableRow `json:"rows"`
}

type probTableRow struct {
	Keys    string  `json:"keys"`
	Label   string  `json:"label,omitempty"`
	Value   string  `json:"value,omitempty"`
	P       string  `json:"p"`
	Percent float64 `json:"percent"`
}

// probEventJSON is the document of fray prob --event --format json:
// exact (P, Percent and DiceSequences set) or, with --sample, an
// estimate (Estimate, Sampled and Seed set).
type probEventJSON struct {
	SchemaVersion int           `json:"schema_version"`
	Kind          string        `json:"kind"` // "event"
	Event         string        `json:"event"`
	After         string        `json:"after,omitempty"`
	Exact         bool          `json:"exact"`
	P             string        `json:"p,omitempty"`
	Percent       *float64      `json:"percent,omitempty"`
	DiceSequences int           `json:"dice_sequences,omitempty"`
	Estimate      *intervalJSON `json:"estimate,omitempty"`
	Sampled       int           `json:"sampled,omitempty"`
	Seed          *uint64       `json:"seed,omitempty"`
}
