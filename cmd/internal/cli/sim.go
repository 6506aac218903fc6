package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// maxWorkers bounds --workers on a machine of fewer processors.
const maxWorkers = 1024

func newSimCmd(stdout, stderr io.Writer) *cobra.Command {
	var (
		rules, compare, format string
		plotPath               string
		n, workers, maxRounds  int
		limits                 runLimits
		seed                   uint64
	)
	cmd := &cobra.Command{
		Use:   "sim ENCOUNTER",
		Short: "Play many unscripted fights and report what happens, with confidence intervals",
		Long: `sim plays the encounter N times without its script (which it does not
read): every combatant takes the ruleset's default action. It reports wins per side, fights no side
survived or the round limit stopped, rounds (mean, median, histogram),
survivors per side, deaths per combatant and how often each rule event
happened, with 95% confidence intervals. Fight i always uses the same dice for a seed, so the
report is identical at any --workers. A fight that fails counts as failed;
one that runs out of --max-steps or --max-log stops the batch, which
reports that fight's error and exits 1. With --compare, the same fights are
played under a second ruleset and the differences are tested. Ctrl-C stops
early, prints what was gathered, marked partial, and exits with status 130.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			if n < 1 || workers < 1 {
				return usageErr("-n and --workers must be at least 1")
			}
			// Each worker has its own state made up front: 2^63-1 of
			// them was an internal error (makeslice), not a usage one.
			if top := max(maxWorkers, runtime.GOMAXPROCS(0)); workers > top {
				return usageErr("--workers must be at most %d (more than the processors cannot play faster)", top)
			}
			if maxRounds < 0 {
				return usageErr("--max-rounds must not be negative")
			}
			if err := limits.check(); err != nil {
				return err
			}
			if ext := strings.ToLower(filepath.Ext(plotPath)); plotPath != "" && ext != ".svg" && ext != ".png" {
				return usageErr("--plot writes .svg or .png files, not %q", plotPath)
			}
			src := diag.Sources{}
			// The fights are unscripted: the script is not read, so one
			// written for the encounter's ruleset does not stop --compare.
			opts := optionsOf(cmd)
			opts.Unscripted = true
			enc, diags := opts.LoadEncounter(args[0], rules, src)
			if diags.HasErrors() || enc == nil {
				writeDiags(stderr, diags, src)
				return &exitError{code: exitFindings}
			}
			var other *check.Encounter
			if compare != "" {
				other, diags = opts.LoadEncounter(args[0], compare, src)
				if diags.HasErrors() || other == nil {
					writeDiags(stderr, diags, src)
					return &exitError{code: exitFindings}
				}
			}
			// Ctrl-C cancels the command's context (see Main): the batch
			// stops and the fights played so far are reported, marked.
			ctx := cmd.Context()
			opt := interp.SimOptions{N: n, Seed: seed, Workers: workers, MaxRounds: maxRounds}
			limits.apply(&opt.Fight)
			total := n
			if other != nil {
				total *= 2
			}
			bar := newProgress(stderr, total)
			offset := 0
			played, _ := ctx.Value(fightsPlayedKey{}).(func(int))
			opt.Progress = func(done int) {
				bar.set(offset + done)
				if played != nil {
					played(offset + done)
				}
			}
			a := interp.Simulate(ctx, interp.Lower(enc.Rules), enc, opt)
			var b *interp.SimResult
			if other != nil && !a.Partial && !a.Halted {
				offset = n
				b = interp.Simulate(ctx, interp.Lower(other.Rules), other, opt)
			}
			bar.finish()
			if a.Halted {
				return &exitError{code: exitFindings, msg: a.HaltReason(n)}
			}
			if b != nil && b.Halted {
				return &exitError{code: exitFindings, msg: "under " + compare + ": " + b.HaltReason(n)}
			}
			if plotPath != "" {
				// Titles escaped: XML may hold no control characters.
				info := plotInfo{Encounter: interp.Printable(enc.Name), Rulesets: []string{interp.Printable(enc.Rules.Name)}, N: n, Seed: seed}
				if other != nil {
					info.Rulesets = append(info.Rulesets, interp.Printable(other.Rules.Name))
				}
				if err := writePlot(plotPath, info, a, b); err != nil {
					return &exitError{code: exitFindings, msg: "cannot write the plot: " + err.Error()}
				}
			}
			stopped := a.Partial || (b != nil && b.Partial)
			if format == "json" {
				out := simJSON(enc, other, a, b, seed)
				out.Interrupted = stopped
				if err := writeJSON(stdout, out); err != nil {
					return err
				}
			} else {
				writeSimText(stdout, enc, a, seed)
				if b != nil {
					fmt.Fprintln(stdout)
					writeSimText(stdout, other, b, seed)
					fmt.Fprintln(stdout)
					writeComparison(stdout, enc, other, a, b)
				}
			}
			if stopped {
				return interruptedSim(a, b, other != nil, n)
			}
			// The same status in either format: a JSON report of failed
			// fights exited 0, and named no error.
			if a.Errors > 0 || (b != nil && b.Errors > 0) {
				return &exitError{code: exitFindings, msg: "some fights failed; the first error: " + interp.Printable(firstErr(a, b).Error())}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&rules, "rules", "", "the ruleset to use instead of the one the encounter names")
	f.StringVar(&compare, "compare", "", "a second ruleset (a variant) to play the same fights under")
	f.IntVarP(&n, "n", "n", 10000, "number of fights")
	f.Uint64Var(&seed, "seed", 1, "seed of the whole batch")
	f.IntVar(&workers, "workers", runtime.GOMAXPROCS(0), "fights played in parallel (fewer on a map of a million squares or more, so that their storage stays under 400 MB)")
	f.IntVar(&maxRounds, "max-rounds", 0, "stop each fight after this many rounds (default: the encounter's rounds)")
	limits.addFlags(f, "a fight (it counts as failed)")
	f.StringVar(&format, "format", "text", "report format: text or json")
	f.StringVar(&plotPath, "plot", "", "also draw the rounds distribution and the outcomes to this .svg or .png file")
	return cmd
}

// interruptedSim is the exit of a batch Ctrl-C stopped: status 130 and a
// message saying what the report printed above covers.
func interruptedSim(a, b *interp.SimResult, compare bool, n int) error {
	msg := fmt.Sprintf("interrupted: the report above covers %d of the %d fights asked for", a.Runs, n)
	switch {
	case b != nil:
		msg = fmt.Sprintf("interrupted: the report above covers %d and %d of the %d fights asked for under each ruleset", a.Runs, b.Runs, n)
	case compare:
		msg += "; the comparison was not played"
	}
	return &exitError{code: exitInterrupted, msg: msg}
}

func firstErr(a, b *interp.SimResult) error {
	if a.FirstErr != nil {
		return a.FirstErr
	}
	return b.FirstErr
}

func ci(iv interp.Interval) string {
	return fmt.Sprintf("%5.1f%%  [%5.1f%%, %5.1f%%]", 100*iv.Estimate, 100*iv.Low, 100*iv.High)
}

func writeSimText(w io.Writer, enc *check.Encounter, r *interp.SimResult, seed uint64) {
	partial := ""
	if r.Partial {
		partial = " (PARTIAL: interrupted)"
	}
	fmt.Fprintf(w, "%q under %q: %d fights, seed %d%s\n", enc.Name, enc.Rules.Name, r.Runs, seed, partial)
	done := r.Runs - r.Errors
	fmt.Fprintln(w, "\noutcome                  share   95% interval")
	for _, s := range r.Sides {
		fmt.Fprintf(w, "  %-20s %s\n", "won by "+interp.Printable(s), ci(interp.Proportion(r.Wins[s], done)))
	}
	fmt.Fprintf(w, "  %-20s %s\n", "no side stands", ci(interp.Proportion(r.NoneStand, done)))
	fmt.Fprintf(w, "  %-20s %s\n", "round limit reached", ci(interp.Proportion(r.Capped, done)))
	if r.NoWinner > 0 {
		fmt.Fprintf(w, "  %-20s %s\n", "ended, no winner", ci(interp.Proportion(r.NoWinner, done)))
	}
	if r.Errors > 0 {
		fmt.Fprintf(w, "  %-20s %d\n", "failed", r.Errors)
	}
	st := r.RoundSummary()
	fmt.Fprintf(w, "\nrounds: mean %.2f [%.2f, %.2f], median %d, sd %.2f, min %d, max %d\n", st.Mean.Estimate, st.Mean.Low, st.Mean.High, st.Median, st.SD, st.Min, st.Max)
	writeHistogram(w, st)
	fmt.Fprintln(w, "\nsurvivors per fight      mean    95% interval")
	for _, s := range r.Sides {
		iv, _ := r.MeanSurvivors(s)
		fmt.Fprintf(w, "  %-20s %5.2f  [%5.2f, %5.2f]\n", interp.Printable(s), iv.Estimate, iv.Low, iv.High)
	}
	fmt.Fprintln(w, "\ndeaths                   share   95% interval")
	for _, c := range r.Fighters {
		fmt.Fprintf(w, "  %-20s %s\n", interp.Printable(c), ci(interp.Proportion(r.Deaths[c], done)))
	}
	if len(r.Out) > 0 || r.Absent > 0 {
		// Only rulesets that take combatants out of the fight (a state
		// such as "fled", or present false at the end) have this part.
		fmt.Fprintln(w, "\nout of the fight at the end   per fight")
		for _, why := range sortedKeys(r.Out) {
			fmt.Fprintf(w, "  %-27s %8.2f\n", interp.Printable(why), float64(r.Out[why])/float64(max(1, done)))
		}
		if r.OutOther > 0 {
			fmt.Fprintf(w, "  %-27s %8.2f\n", "(other states)", float64(r.OutOther)/float64(max(1, done)))
		}
		if r.Absent > 0 {
			fmt.Fprintf(w, "  %-27s %8.2f\n", "(not present)", float64(r.Absent)/float64(max(1, done)))
		}
	}
	if len(r.EventRuns) > 0 {
		fmt.Fprintln(w, "\nevents (· who acted)     in share of fights  95% interval   per fight")
		for _, e := range sortedKeys(r.EventRuns) {
			fmt.Fprintf(w, "  %-20s %s   %8.2f\n", interp.Printable(e), ci(interp.Proportion(r.EventRuns[e], done)), float64(r.EventSum[e])/float64(max(1, done)))
		}
		if r.WhoLeftOut {
			fmt.Fprintln(w, "  (not by who acted: the ruleset's events times the combatants are too many rows)")
		}
	}
}

// writeHistogram draws the rounds distribution with Unicode bars.
func writeHistogram(w io.Writer, st interp.RoundStats) {
	if st.TotalCounted == 0 {
		return
	}
	top := 0
	for _, c := range st.Counts {
		top = max(top, c)
	}
	const width = 40
	eighths := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	// Rounds past 9999 (a limit may be 100 000) widen the column, so
	// that every bar starts under the first.
	digits := max(4, len(strconv.Itoa(st.Max)))
	for i, k := range st.Rounds {
		c := st.Counts[i]
		units := c * width * 8 / top
		bar := strings.Repeat("█", units/8) + eighths[units%8]
		fmt.Fprintf(w, "  %*d %-*s %5.1f%%\n", digits, k, width+1, bar, 100*float64(c)/float64(st.TotalCounted))
	}
}

// diffRow is one line of a comparison: a share (or, for survivors and
// rounds, a mean) under each ruleset, their difference and whether it is
// significant. What is the text label; Measure and Subject say the same
// as data (the subject is the side, combatant or event, if any).
type diffRow struct {
	What        string  `json:"what"`
	Measure     string  `json:"measure"`
	Subject     string  `json:"subject,omitempty"`
	A           float64 `json:"a"`
	B           float64 `json:"b"`
	Diff        float64 `json:"difference"`
	Significant bool    `json:"significant"`
	Mean        bool    `json:"mean"` // a mean, not a share
}

// comparisonRows lines up two results: wins, stops, deaths, rule events
// and mean rounds, each tested at 95%.
func comparisonRows(ra, rb *interp.SimResult) []diffRow {
	na, nb := ra.Runs-ra.Errors, rb.Runs-rb.Errors
	var rows []diffRow
	row := func(label, measure, subject string, ka, kb int) {
		d, sig := interp.DiffProportions(ka, na, kb, nb)
		rows = append(rows, diffRow{What: label, Measure: measure, Subject: subject, A: float64(ka) / float64(max(1, na)), B: float64(kb) / float64(max(1, nb)), Diff: d, Significant: sig})
	}
	for _, s := range ra.Sides {
		row("won by "+s, "wins", s, ra.Wins[s], rb.Wins[s])
	}
	row("no side stands", "no_side_stands", "", ra.NoneStand, rb.NoneStand)
	row("round limit reached", "round_limit", "", ra.Capped, rb.Capped)
	if ra.NoWinner+rb.NoWinner > 0 {
		row("ended, no winner", "no_winner", "", ra.NoWinner, rb.NoWinner)
	}
	for _, s := range ra.Sides {
		ia, _ := ra.MeanSurvivors(s)
		ib, _ := rb.MeanSurvivors(s)
		d, sig := interp.DiffSurvivors(ra, rb, s)
		rows = append(rows, diffRow{What: s + " survivors", Measure: "survivors", Subject: s, A: ia.Estimate, B: ib.Estimate, Diff: d, Significant: sig, Mean: true})
	}
	for _, c := range ra.Fighters {
		row(c+" dies", "deaths", c, ra.Deaths[c], rb.Deaths[c])
	}
	// Rule events (surprise, morale breaks, spoiled spells...): in how
	// many fights each happened, for the events of either ruleset.
	for _, e := range eventUnion(ra, rb) {
		row("event "+e, "event", e, ra.EventRuns[e], rb.EventRuns[e])
	}
	sa, sb := ra.RoundSummary(), rb.RoundSummary()
	d, sig := interp.DiffMeans(sa, sb)
	rows = append(rows, diffRow{What: "mean rounds", Measure: "mean_rounds", A: sa.Mean.Estimate, B: sb.Mean.Estimate, Diff: d, Significant: sig, Mean: true})
	return rows
}

func writeComparison(w io.Writer, a, b *check.Encounter, ra, rb *interp.SimResult) {
	fmt.Fprintf(w, "comparison: %q, then %q (differences significant at 95%% marked *)\n", a.Rules.Name, b.Rules.Name)
	// A ruleset none of whose fights ended (each failed) has no share
	// and no mean to show: its 0 beside the other's 100% read as a
	// difference of +0.0%.
	na, nb := ra.Runs-ra.Errors, rb.Runs-rb.Errors
	for _, r := range comparisonRows(ra, rb) {
		mark := ""
		if r.Significant {
			mark = " *"
		}
		if na == 0 || nb == 0 {
			fmt.Fprintf(w, "  %-22s %7s  %7s  %7s\n", interp.Printable(r.What), shown(na, r.A, r.Mean), shown(nb, r.B, r.Mean), "n/a")
			continue
		}
		if r.Mean {
			fmt.Fprintf(w, "  %-22s %7.2f  %7.2f  %+7.2f%s\n", interp.Printable(r.What), r.A, r.B, r.Diff, mark)
		} else {
			fmt.Fprintf(w, "  %-22s %6.1f%%  %6.1f%%  %+6.1f%%%s\n", interp.Printable(r.What), 100*r.A, 100*r.B, 100*r.Diff, mark)
		}
	}
}

// shown is a comparison's value of a ruleset of n fights counted: n/a
// if it has none.
func shown(n int, v float64, mean bool) string {
	switch {
	case n == 0:
		return "n/a"
	case mean:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.1f%%", 100*v)
}

// eventUnion lists the rule events either result saw, without the
// per-combatant breakdowns, sorted.
func eventUnion(ra, rb *interp.SimResult) []string {
	seen := map[string]int{}
	for _, r := range []*interp.SimResult{ra, rb} {
		for e := range r.EventRuns {
			if !strings.Contains(e, "·") {
				seen[e] = 1
			}
		}
	}
	return sortedKeys(seen)
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fightsPlayedKey is the context key of a func(int) that hears how many
// fights a batch has played, after each: only the interrupt tests set
// it, to press Ctrl-C once a fight is counted rather than after a delay
// a loaded machine may not give.
type fightsPlayedKey struct{}

// progress draws a bar on a terminal and nothing elsewhere.
type progress struct {
	w     io.Writer
	total int
	on    bool
	last  int
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total}
	if f, ok := w.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) set(done int) {
	if !p.on {
		return
	}
	pct := done * 100 / max(1, p.total)
	if pct == p.last && done != p.total {
		return
	}
	p.last = pct
	fmt.Fprintf(p.w, "\r[%-40s] %3d%%", strings.Repeat("#", pct*40/100), pct)
}

func (p *progress) finish() {
	if p.on {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
