package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

func newProbCmd(stdout, stderr io.Writer) *cobra.Command {
	var rules, table, encounter, event, after, format string
	var maxPaths, sample int
	var seed uint64
	var limits runLimits
	lim := stdlib.DefaultDistLimits
	cmd := &cobra.Command{
		Use:   "prob [EXPR]",
		Short: "Exact odds of dice, of a table's rows, or of a set-up event",
		Long: `prob computes exact distributions, by convolution, never by sampling:

  fray prob 3d6                       a dice expression: sums and differences
                                      of dice (NdF, d%) and numbers, k*NdF,
                                      with the notation 4d6kh3 (kl, dh, dl),
                                      d6! (explodes at most 10 times) and
                                      5d6>=5 (counts the dice that pass)
  fray prob 'd20 + 5 >= 15'           the chance of a comparison of two
                                      expressions (>=, >, <=, <, ==, !=)
  fray prob --rules R --table NAME    each row of a dice-fed table
  fray prob --encounter E --event 'any(sides, .name == "party" && .surprised > 0)'
                                      the chance that a condition holds after
                                      the encounter's set-up phases, over every
                                      sequence of dice they can roll (a sum
                                      of dice counts as one roll of its totals)

A set-up with too many sequences to enumerate is refused with the rolls it
makes; --sample N then estimates the chance from N seeded set-ups, with a
95% interval, and says that it is an estimate.

An expression or a table whose exact distribution would have more than
--max-values values, or take more than --max-work steps to compute, is
refused before the work is done, naming the limit.

Probabilities are printed as exact fractions and as percentages, with
at-least and at-most columns for values; --format json gives the same data.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			if lim.Values < 1 || lim.Work < 1 || maxPaths < 1 {
				return usageErr("--max-values, --max-work and --max-paths must be at least 1")
			}
			switch {
			case len(args) == 1 && table == "" && event == "":
				return probExpr(stdout, args[0], format, lim)
			case len(args) == 0 && table != "" && event == "":
				if rules == "" {
					return usageErr("--table needs --rules")
				}
				return probTable(optionsOf(cmd), stdout, stderr, rules, table, format, lim)
			case len(args) == 0 && event != "" && table == "":
				if encounter == "" {
					return usageErr("--event needs --encounter")
				}
				if sample < 0 {
					return usageErr("--sample must be positive")
				}
				if err := limits.check(); err != nil {
					return err
				}
				var opt interp.Options
				limits.apply(&opt)
				// Ctrl-C cancels the command's context (see Main): the
				// set-ups stop, a sample reports those played, marked.
				opt.Stop = cmd.Context().Done()
				setupsPlayed, _ := cmd.Context().Value(setupsPlayedKey{}).(func(int))
				return probEvent(optionsOf(cmd), stdout, stderr, encounter, rules, event, after, format, maxPaths, lim.Work, sample, seed, opt, setupsPlayed)
			}
			return usageErr("give a dice expression, or --rules with --table, or --encounter with --event")
		},
	}
	f := cmd.Flags()
	f.StringVar(&rules, "rules", "", "the ruleset (for --table; for --event, instead of the encounter's)")
	f.StringVar(&table, "table", "", "a table of the ruleset fed by dice")
	f.StringVar(&encounter, "encounter", "", "the encounter whose set-up the --event is about")
	f.StringVar(&event, "event", "", "a condition (an expression over sides and combatants) after the set-up phases")
	f.StringVar(&after, "after", "", "evaluate --event after this set-up phase (default: after all of them)")
	f.IntVar(&maxPaths, "max-paths", 1_000_000, "most dice sequences --event may enumerate")
	f.IntVar(&lim.Values, "max-values", lim.Values, "most distinct values an exact distribution may have")
	f.IntVar(&lim.Work, "max-work", lim.Work, "most steps of work for one distribution (multiply-adds, weighted by the size of the numbers; for --event, the steps of every set-up played)")
	f.IntVar(&sample, "sample", 0, "estimate --event from this many seeded set-ups instead of enumerating (not exact)")
	f.Uint64Var(&seed, "seed", 1, "the seed of --sample")
	f.StringVar(&format, "format", "text", "output format: text or json")
	// The set-up's limits: its errors name these flags (--max-steps of a
	// set-up that rolls until a 6, --max-expr-memory of a long range),
	// which prob lacked.
	limits.addFlags(f, "a set-up (for --event)")
	return cmd
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.String()
}

func pct(r *big.Rat) string { return fmt.Sprintf("%.2f%%", pctNum(r)) }

// pctNum is r as a percentage, a number (for JSON).
func pctNum(r *big.Rat) float64 {
	f, _ := r.Float64()
	return 100 * f
}

// limitFlags are the flags that raise each limit of a distribution.
var limitFlags = map[stdlib.Limit]string{stdlib.LimitValues: "--max-values", stdlib.LimitWork: "--max-work"}

// distMsg is the message of a dice expression's mistake, with the flag
// that raises the limit it reached, if that is the mistake.
func distMsg(e *stdlib.ExprError) string {
	if flag, ok := limitFlags[e.Limit]; ok {
		return e.Msg + "; raise it with " + flag
	}
	return e.Msg
}

// exprSnippet shows the expression under its error as lint shows a
// source line: escaped (a line break or an escape sequence typed into the
// argument cannot make a line or recolour the terminal), cut to a window
// around the error, the caret laid out by each character's width.
func exprSnippet(src string, col int) string {
	shown, carets := diag.ShowLine(src, col, col+1)
	return "  " + shown + "\n  " + carets
}

// charColumn is the column, counted in characters as every fray position
// is, of the byte column col (from 1) of src.
func charColumn(src string, col int) int {
	return utf8.RuneCountInString(src[:max(0, min(col-1, len(src)))]) + 1
}

func probExpr(stdout io.Writer, src, format string, lim stdlib.DistLimits) error {
	q, err := stdlib.ParseQuestionLimited(src, lim)
	if err != nil {
		if e, ok := err.(*stdlib.ExprError); ok {
			col := charColumn(src, e.Column)
			return &exitError{code: exitFindings, msg: fmt.Sprintf("<expression>:1:%d: error: %s\n%s", col, distMsg(e), exprSnippet(src, col))}
		}
		return &exitError{code: exitFindings, msg: err.Error()}
	}
	if q.Cond {
		if format == "json" {
			return writeJSON(stdout, probConditionJSON{SchemaVersion: probSchemaVersion, Kind: "condition", Expression: src, P: ratText(q.P), Percent: pctNum(q.P)})
		}
		_, err := fmt.Fprintf(stdout, "P(%s) = %s = %s\n", src, ratText(q.P), pct(q.P))
		return err
	}
	d := q.Dist
	var rows []probValueRow
	d.EachValue(func(v int, p, atLeast, atMost *big.Rat) {
		rows = append(rows, probValueRow{Value: v, P: ratText(p), Percent: pctNum(p), AtLeast: ratText(atLeast), AtLeastPercent: pctNum(atLeast),
			AtMost: ratText(atMost), AtMostPercent: pctNum(atMost)})
	})
	mean := d.MeanRat()
	if format == "json" {
		return writeJSON(stdout, probExprJSON{SchemaVersion: probSchemaVersion, Kind: "expression", Expression: src, Min: d.Min, Max: d.Max(),
			Mean: d.Mean(), MeanExact: ratText(mean), SD: d.SD(), Values: rows})
	}
	meanF, _ := mean.Float64()
	fmt.Fprintf(stdout, "%s: min %d, max %d, mean %s (%.4g), sd %.4f\n\n", src, d.Min, d.Max(), ratText(mean), meanF, d.SD())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "value\tprobability\t%\tat least\tat most\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%.2f%%\t%.2f%%\t%.2f%%\t\n", r.Value, r.P, r.Percent, r.AtLeastPercent, r.AtMostPercent)
	}
	return tw.Flush()
}

// writeJSON writes one indented JSON document. Strings are kept as they
// are (no \u003e for >), as in the JSON log of fray run.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(diag.JSONWriter(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func probTable(opts check.Options, stdout, stderr io.Writer, rulesPath, name, format string, lim stdlib.DistLimits) error {
	src := diag.Sources{}
	m, diags := opts.LoadRuleset(rulesPath, src)
	if diags.HasErrors() || m == nil {
		writeDiags(stderr, diags, src)
		return &exitError{code: exitFindings}
	}
	t, ok := m.Tables[name]
	if !ok {
		return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: the ruleset has no table %s", rulesPath, name)}
	}
	if t.Dice == nil {
		return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:%d:%d: error: table %s is not fed by dice, so its rows have no odds: %s", rulesPath, t.Decl.Pos.Line, t.Decl.Pos.Column, name, t.KeyedHint())}
	}
	d, err := stdlib.ParseDistLimited(t.Dice.Text, lim)
	if err != nil {
		msg := err.Error()
		if e, ok := err.(*stdlib.ExprError); ok {
			msg = distMsg(e)
		}
		return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:%d:%d: error: table %s is rolled on %s: %s", rulesPath, t.Decl.Pos.Line, t.Decl.Pos.Column, interp.Printable(name), interp.Printable(t.Dice.Text), msg)}
	}
	var rows []probTableRow
	for _, r := range t.Rows {
		p := new(big.Rat)
		k := r.Keys[0]
		for v := max(k.Lo, d.Min); v <= min(k.Hi, d.Max()); v++ {
			p.Add(p, d.P(v))
		}
		if k.Any {
			p.SetInt64(1)
		}
		val := ""
		if r.Value != nil {
			val = r.Value.Expr.Raw()
		}
		rows = append(rows, probTableRow{Keys: rowKeys(r, t.Dice.Max), Label: r.Label, Value: val, P: ratText(p), Percent: pctNum(p)})
	}
	if format == "json" {
		return writeJSON(stdout, probTableJSON{SchemaVersion: probSchemaVersion, Kind: "table", Table: name, Dice: t.Dice.Text, Rows: rows})
	}
	fmt.Fprintf(stdout, "table %s, rolled on %s\n\n", interp.Printable(name), interp.Printable(t.Dice.Text))
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "roll\trow\tvalue\tprobability\t%")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.2f%%\n", r.Keys, interp.Printable(r.Label), interp.Printable(r.Value), r.P, r.Percent)
	}
	return tw.Flush()
}

// rowKeys shows a row's key as far as the table's dice reach (an open
// range, 12+, ends at their highest total).
func rowKeys(r *check.Row, diceMax int) string {
	k := r.Keys[0]
	hi := min(k.Hi, max(diceMax, k.Lo))
	switch {
	case k.Any:
		return "_"
	case k.Lo == hi:
		return fmt.Sprint(k.Lo)
	}
	return fmt.Sprintf("%d-%d", k.Lo, hi)
}

func probEvent(opts check.Options, stdout, stderr io.Writer, encPath, rulesPath, event, after, format string, maxPaths, maxWork, sample int, seed uint64, opt interp.Options, setupsPlayed func(int)) error {
	src := diag.Sources{}
	enc, diags := opts.LoadEncounter(encPath, rulesPath, src)
	if diags.HasErrors() || enc == nil {
		writeDiags(stderr, diags, src)
		return &exitError{code: exitFindings}
	}
	src["<event>"] = event
	cond, diags := enc.Rules.CompileQuestion("<event>", event, enc.Rules.U.Bool)
	if diags.HasErrors() || cond == nil {
		nameEventHints(diags, enc) // prob_names.go
		writeDiags(stderr, diags, src)
		return &exitError{code: exitFindings}
	}
	plan := interp.Lower(enc.Rules)
	if after != "" {
		if err := plan.CheckAfter(after); err != nil {
			return usageErr("%s", err.Error())
		}
	}
	when := "the set-up phases"
	if after != "" {
		when = "set-up phase " + after
	}
	if sample > 0 {
		hits, played, err := interp.SampleEventProbability(plan, enc, cond, after, sample, seed, opt, setupsPlayed)
		interrupted := errors.Is(err, interp.ErrInterrupted)
		if err != nil && !interrupted {
			return &exitError{code: exitFindings, msg: interp.Printable(err.Error())}
		}
		if interrupted && played == 0 {
			return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted: none of the %d set-ups asked for was played, so there is no estimate", sample)}
		}
		iv := interp.Proportion(hits, played)
		partial := ""
		if interrupted {
			partial = " (PARTIAL: interrupted)"
		}
		if format == "json" {
			est := intervalOf(iv)
			if err := writeJSON(stdout, probEventJSON{SchemaVersion: probSchemaVersion, Kind: "event", Event: event, After: after, Exact: false, Estimate: &est, Sampled: played, Seed: &seed}); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(stdout, "P(%s) ≈ %.2f%% [%.2f%%, %.2f%%] (95%% interval), after %s, estimated from %d sampled set-ups, seed %d: not exact%s\n",
				interp.Printable(event), 100*iv.Estimate, 100*iv.Low, 100*iv.High, when, played, seed, partial)
		}
		if interrupted {
			return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted: the estimate above covers %d of the %d set-ups asked for", played, sample)}
		}
		return nil
	}
	if n, rolls := countSetupOutcomes(plan, enc, after, maxPaths); n > maxPaths {
		return tooManySequences(rolls, maxPaths)
	}
	p, paths, err := interp.EventProbability(plan, enc, cond, after, maxPaths, maxWork, opt, nil)
	if errors.Is(err, interp.ErrInterrupted) {
		// An exact answer needs every sequence: a part of them is none.
		return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted after %d sequences of dice: an exact probability needs them all, so there is no result (--sample N estimates it)", paths)}
	}
	if err != nil {
		return &exitError{code: exitFindings, msg: interp.Printable(err.Error())}
	}
	if format == "json" {
		percent := pctNum(p)
		return writeJSON(stdout, probEventJSON{SchemaVersion: probSchemaVersion, Kind: "event", Event: event, After: after, Exact: true, P: ratText(p), Percent: &percent, DiceSequences: paths})
	}
	fmt.Fprintf(stdout, "P(%s) = %s = %s, after %s, over %d sequences of dice\n", interp.Printable(event), ratText(p), pct(p), when, paths)
	return nil
}

// setupsPlayedKey is the context key of a func(int) that hears how many
// set-ups fray prob --sample has played, after each: only the interrupt
// tests set it, to press Ctrl-C at a point of progress (as
// fightsPlayedKey for fray sim).
type setupsPlayedKey struct{}
