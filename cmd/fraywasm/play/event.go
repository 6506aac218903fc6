package play

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// maxPathsDefault is fray prob's --max-paths default.
const maxPathsDefault = 1_000_000

// probEvent is fray prob --encounter E --event COND [--after PHASE]
// [--sample N]: the chance that a condition holds after the set-up
// phases, exact over every sequence of dice they can roll, or estimated
// from N seeded set-ups. ctx is the page's Stop, as Ctrl-C is fray
// prob's: a sample stopped gives its estimate of the set-ups played,
// marked partial; an exact walk stopped gives none (a part of the
// sequences is no exact answer). progress hears the set-ups played (of
// Sample; of 0, unknown, for the exact walk) and is where the wasm
// build lets the page's Stop arrive.
func probEvent(ctx context.Context, r *Request, progress func(done, total int)) *Response {
	l := newLoader(r.Files)
	enc, diags := l.encounter(r.Path, r.Rules)
	ds := withText(diags, l.src)
	if enc == nil || diags.HasErrors() {
		return &Response{Diagnostics: ds, Error: "the files have errors: see the diagnostics"}
	}
	const name = "<event>"
	l.src[name] = r.Event
	cond, cdiags := enc.Rules.CompileQuestion(name, r.Event, enc.Rules.U.Bool)
	if cdiags.HasErrors() || cond == nil {
		var msg []string
		for _, d := range withText(cdiags, l.src) {
			msg = append(msg, strings.TrimRight(d.Text, "\n"))
		}
		return &Response{Diagnostics: ds, Error: strings.Join(msg, "\n")}
	}
	plan := interp.Lower(enc.Rules)
	if r.After != "" {
		if err := plan.CheckAfter(r.After); err != nil {
			return &Response{Diagnostics: ds, Error: err.Error()}
		}
	}
	when := "the set-up phases"
	if r.After != "" {
		when = "set-up phase " + r.After
	}
	rep := &ProbReport{Kind: "event", Rows: []ProbRow{}}
	opt := interp.Options{Stop: ctx.Done()}
	each := func(total int) func(int) {
		if progress == nil {
			return nil
		}
		return func(done int) { progress(done, total) }
	}
	var p *big.Rat
	if r.Sample > 0 {
		seed := uint64(1)
		if r.Seed != nil {
			seed = *r.Seed
		}
		hits, played, err := interp.SampleEventProbability(plan, enc, cond, r.After, r.Sample, seed, opt, each(r.Sample))
		stopped := errors.Is(err, interp.ErrInterrupted)
		if err != nil && !stopped {
			return failure(err, ds)
		}
		if played == 0 {
			return &Response{Diagnostics: ds, Error: fmt.Sprintf("stopped: none of the %d set-ups asked for was played, so there is no estimate", r.Sample)}
		}
		iv := interp.Proportion(hits, played)
		rep.Title = fmt.Sprintf("P(%s) ≈ %.2f%% [%.2f%%, %.2f%%] (95%% interval), after %s, from %d sampled set-ups, seed %d: not exact",
			r.Event, 100*iv.Estimate, 100*iv.Low, 100*iv.High, when, played, seed)
		if stopped {
			rep.Title += fmt.Sprintf(" (PARTIAL: stopped after %d of the %d set-ups asked for)", played, r.Sample)
			rep.Partial = true
		}
		p = big.NewRat(int64(hits), int64(played))
	} else {
		maxPaths := r.MaxPaths
		if maxPaths == 0 {
			maxPaths = maxPathsDefault
		}
		var paths int
		var err error
		p, paths, err = interp.EventProbability(plan, enc, cond, r.After, maxPaths, stdlib.MaxDistWork, opt, each(0))
		if errors.Is(err, interp.ErrInterrupted) {
			return &Response{Diagnostics: ds, Error: fmt.Sprintf("stopped after %d sequences of dice: an exact probability needs them all, so there is no result (--sample N estimates it)", paths)}
		}
		if err != nil {
			return failure(err, ds)
		}
		rep.Title = fmt.Sprintf("P(%s) = %s, after %s, over %d sequences of dice", r.Event, ratText(p), when, paths)
	}
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	rep.Rows = append(rep.Rows, ProbRow{Label: "holds", P: ratText(p), Float: float(p)}, ProbRow{Label: "does not", P: ratText(q), Float: float(q)})
	return &Response{Diagnostics: ds, Prob: rep}
}
