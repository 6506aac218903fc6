package play

import (
	"context"
	"sort"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// SimReport is what fray sim reports, as data for the page's tables and
// charts. Shares carry 95% Wilson intervals.
type SimReport struct {
	Encounter  string   `json:"encounter"`
	Ruleset    string   `json:"ruleset"`
	Seed       uint64   `json:"seed"`
	Fights     int      `json:"fights"`
	Failed     int      `json:"failed"`
	FirstError string   `json:"first_error,omitempty"`
	Partial    bool     `json:"partial"`
	Outcomes   []Share  `json:"outcomes"`
	Rounds     Rounds   `json:"rounds"`
	Survivors  []Mean   `json:"survivors"`
	Deaths     []Share  `json:"deaths"`
	Events     []Share  `json:"events"`
	Sides      []string `json:"sides"`
}

// Interval is an estimate with its 95% interval (interp.Interval, with
// the names the page reads).
type Interval struct {
	Estimate float64 `json:"estimate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

func interval(iv interp.Interval) Interval { return Interval{iv.Estimate, iv.Low, iv.High} }

// Share is how many of the fights something happened in.
type Share struct {
	Label    string   `json:"label"`
	Count    int      `json:"count"`
	Share    Interval `json:"share"`
	PerFight float64  `json:"per_fight,omitempty"` // events: times per fight
}

// Mean is a mean with its 95% interval.
type Mean struct {
	Label string   `json:"label"`
	Mean  Interval `json:"mean"`
}

// Rounds sums up how long the fights lasted.
type Rounds struct {
	Mean      Interval `json:"mean"`
	Median    int      `json:"median"`
	SD        float64  `json:"sd"`
	Min       int      `json:"min"`
	Max       int      `json:"max"`
	Histogram [][2]int `json:"histogram"` // [rounds, fights]
}

// DiffRow is one line of a comparison, as fray sim --compare prints it.
type DiffRow struct {
	What        string  `json:"what"`
	A           float64 `json:"a"`
	B           float64 `json:"b"`
	Diff        float64 `json:"difference"`
	Significant bool    `json:"significant"`
	Mean        bool    `json:"mean,omitempty"`
}

// sim plays r.N fights of the encounter r.Path without its script, and
// with r.Compare the same fights under a second ruleset.
func sim(ctx context.Context, r *Request, progress func(done, total int)) *Response {
	l := newLoader(r.Files)
	l.unscripted = true // the fights are unscripted: a script for one ruleset may not suit the other
	enc, diags := l.encounter(r.Path, r.Rules)
	var other *check.Encounter
	if enc != nil && !diags.HasErrors() && r.Compare != "" {
		var more = diags
		other, more = l.encounter(r.Path, r.Compare)
		diags = append(diags, more...).Sort()
	}
	ds := withText(diags, l.src)
	if enc == nil || diags.HasErrors() || (r.Compare != "" && other == nil) {
		return &Response{Diagnostics: ds, Error: "the files have errors: see the diagnostics"}
	}
	n := r.N
	if n == 0 {
		n = 1000
	}
	var seed uint64 = 1
	if r.Seed != nil {
		seed = *r.Seed
	}
	total := n
	if other != nil {
		total *= 2
	}
	offset := 0
	opt := interp.SimOptions{N: n, Seed: seed, Workers: 1, MaxRounds: r.MaxRounds, Fight: r.options()}
	if progress != nil {
		opt.Progress = func(done int) { progress(offset+done, total) }
	}
	a := interp.Simulate(ctx, interp.Lower(enc.Rules), enc, opt)
	if a.Halted {
		return &Response{Diagnostics: ds, Error: a.HaltReason(n)}
	}
	resp := &Response{Diagnostics: ds, Sim: simReport(enc, a, seed)}
	if other != nil && !a.Partial {
		offset = n
		b := interp.Simulate(ctx, interp.Lower(other.Rules), other, opt)
		if b.Halted {
			return &Response{Diagnostics: ds, Error: "under " + r.Compare + ": " + b.HaltReason(n)}
		}
		resp.Compare = simReport(other, b, seed)
		resp.Differences = comparison(a, b)
	}
	return resp
}

func simReport(enc *check.Encounter, r *interp.SimResult, seed uint64) *SimReport {
	done := r.Runs - r.Errors
	share := func(label string, k int) Share {
		return Share{Label: label, Count: k, Share: interval(interp.Proportion(k, done))}
	}
	rep := &SimReport{Encounter: enc.Name, Ruleset: enc.Rules.Name, Seed: seed, Fights: r.Runs, Failed: r.Errors,
		Partial: r.Partial, Sides: r.Sides}
	if r.FirstErr != nil {
		rep.FirstError = r.FirstErr.Error()
	}
	for _, s := range r.Sides {
		rep.Outcomes = append(rep.Outcomes, share("won by "+s, r.Wins[s]))
	}
	rep.Outcomes = append(rep.Outcomes, share("no side stands", r.NoneStand), share("round limit reached", r.Capped))
	if r.NoWinner > 0 {
		rep.Outcomes = append(rep.Outcomes, share("ended, no winner", r.NoWinner))
	}
	st := r.RoundSummary()
	rep.Rounds = Rounds{Mean: interval(st.Mean), Median: st.Median, SD: st.SD, Min: st.Min, Max: st.Max, Histogram: [][2]int{}}
	for i, k := range st.Rounds {
		rep.Rounds.Histogram = append(rep.Rounds.Histogram, [2]int{k, st.Counts[i]})
	}
	for _, s := range r.Sides {
		iv, _ := r.MeanSurvivors(s)
		rep.Survivors = append(rep.Survivors, Mean{Label: s, Mean: interval(iv)})
	}
	for _, c := range r.Fighters {
		rep.Deaths = append(rep.Deaths, share(c, r.Deaths[c]))
	}
	for _, e := range sortedKeys(r.EventRuns) {
		s := share(e, r.EventRuns[e])
		s.PerFight = float64(r.EventSum[e]) / float64(max(1, done))
		rep.Events = append(rep.Events, s)
	}
	return rep
}

// comparison lines up two results as fray sim --compare does: wins,
// stops, survivors, deaths, rule events and mean rounds, each tested
// at 95%.
func comparison(ra, rb *interp.SimResult) []DiffRow {
	na, nb := ra.Runs-ra.Errors, rb.Runs-rb.Errors
	var rows []DiffRow
	row := func(label string, ka, kb int) {
		d, sig := interp.DiffProportions(ka, na, kb, nb)
		rows = append(rows, DiffRow{What: label, A: float64(ka) / float64(max(1, na)), B: float64(kb) / float64(max(1, nb)), Diff: d, Significant: sig})
	}
	for _, s := range ra.Sides {
		row("won by "+s, ra.Wins[s], rb.Wins[s])
	}
	row("no side stands", ra.NoneStand, rb.NoneStand)
	row("round limit reached", ra.Capped, rb.Capped)
	for _, s := range ra.Sides {
		ia, _ := ra.MeanSurvivors(s)
		ib, _ := rb.MeanSurvivors(s)
		d, sig := interp.DiffSurvivors(ra, rb, s)
		rows = append(rows, DiffRow{What: s + " survivors", A: ia.Estimate, B: ib.Estimate, Diff: d, Significant: sig, Mean: true})
	}
	for _, c := range ra.Fighters {
		row(c+" dies", ra.Deaths[c], rb.Deaths[c])
	}
	events := map[string]int{}
	for _, r := range []*interp.SimResult{ra, rb} {
		for e := range r.EventRuns {
			if !strings.Contains(e, "·") {
				events[e] = 1
			}
		}
	}
	for _, e := range sortedKeys(events) {
		row("event "+e, ra.EventRuns[e], rb.EventRuns[e])
	}
	sa, sb := ra.RoundSummary(), rb.RoundSummary()
	d, sig := interp.DiffMeans(sa, sb)
	return append(rows, DiffRow{What: "mean rounds", A: sa.Mean.Estimate, B: sb.Mean.Estimate, Diff: d, Significant: sig, Mean: true})
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
