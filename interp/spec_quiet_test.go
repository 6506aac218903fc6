package interp_test

import (
	"fmt"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/interp"
)

// A quiet run (fray sim, prob --sample) takes plan-time short ways that a
// logged run does not (an emit straight into its one handler's frame, one
// seeded die, a log line's text skipped when it can neither fail nor
// roll), so every spec case is also played without a log: it must end
// the same, with the same result or the same error.

// specOutcome checks the two files and plays them, logged (a sink that
// drops the log) or quiet; "" when they do not check.
func specOutcome(rulesSrc, encSrc string, opt interp.Options, quiet bool) string {
	rf, diags := syntax.Parse("rules.fray", rulesSrc)
	if rf == nil || diags.HasErrors() {
		return ""
	}
	m, diags := check.UnderRoot("..").Check(rf)
	if diags.HasErrors() {
		return ""
	}
	ef, diags := syntax.Parse("encounter.fray", encSrc)
	if ef == nil || diags.HasErrors() {
		return ""
	}
	enc, diags := check.CheckEncounter(ef, m)
	if diags.HasErrors() {
		return ""
	}
	opt = withEncounterDice(enc, opt)
	if !quiet {
		opt.Sink = func(*interp.Event) {}
	}
	r := interp.New(interp.Lower(enc.Rules), enc, opt)
	res, err := r.Play()
	seq, steps, _ := r.Counted()
	return fmt.Sprintf("result %+v\nerror %v\nlog entries %d, steps %d", res, err, seq, steps)
}
