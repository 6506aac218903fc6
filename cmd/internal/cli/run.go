package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func newRunCmd(stdout, stderr io.Writer) *cobra.Command {
	var (
		rules     string
		seed      uint64
		diceFlag  string
		format    string
		maxRounds int
		limits    runLimits
		outPath   string
		why       string
		verbose   bool
	)
	cmd := &cobra.Command{
		Use:   "run ENCOUNTER",
		Short: "Play a scripted encounter through its ruleset",
		Long: `run plays an encounter through the ruleset it names (or --rules) and prints
the log: every roll, every ordering decision and every effect, round by
round and segment by segment. The same files and seed (or --dice) always
give byte-identical output. With --dice, the listed results are used in
order and the run fails, naming the roll, if they run out.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			if maxRounds < 0 {
				return usageErr("--max-rounds must not be negative")
			}
			if err := limits.check(); err != nil {
				return err
			}
			var fixed []int
			if cmd.Flags().Changed("dice") {
				var err error
				if fixed, err = parseDiceList(diceFlag); err != nil {
					return usageErr("--dice: %v", err)
				}
			}
			src := diag.Sources{}
			enc, diags := optionsOf(cmd).LoadEncounter(args[0], rules, src)
			if diags.HasErrors() || enc == nil {
				writeDiags(stderr, diags, src)
				return &exitError{code: exitFindings}
			}
			if err := checkWhy(why, enc, stderr); err != nil {
				return err
			}
			if outPath != "" && check.WritesOverRuleFile(outPath, slices.Sorted(maps.Keys(src))...) {
				return usageErr("--out %s names a rule file (or one the run reads): the log would be written over it; name a file of its own, such as fight.log", interp.Printable(outPath))
			}
			opt := interp.Options{Seed: 1, MaxRounds: maxRounds, Why: why}
			limits.apply(&opt)
			if enc.HasSeed {
				opt.Seed = enc.Seed
			}
			if cmd.Flags().Changed("seed") {
				opt.Seed = seed
			}
			if enc.Dice != nil && !cmd.Flags().Changed("seed") {
				opt.Dice = enc.Dice
			}
			if fixed != nil {
				opt.Dice = fixed
			}
			// With --out the log is built in memory and written atomically,
			// so a failed or interrupted run leaves no half-written file.
			var file bytes.Buffer
			dest := stdout
			if outPath != "" {
				dest = &file
			}
			out := bufio.NewWriter(dest)
			var werr func() error
			if format == "json" {
				j := interp.NewJSONLog(out)
				opt.Sink, werr = j.Write, j.Err
			} else {
				t := interp.NewTextLog(out)
				t.Verbose = verbose
				opt.Sink, werr = t.Write, t.Err
			}
			_, err := interp.New(interp.Lower(enc.Rules), enc, opt).Play()
			if ferr := out.Flush(); ferr != nil && err == nil {
				err = ferr
			}
			if err == nil {
				err = werr()
			}
			if err != nil {
				return &exitError{code: exitFindings, msg: interp.Printable(err.Error())}
			}
			if outPath != "" {
				if err := writeAtomic(outPath, file.Bytes(), 0o644); err != nil {
					return &exitError{code: exitFindings, msg: "cannot write the log: " + err.Error()}
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&rules, "rules", "", "the ruleset to use instead of the one the encounter names")
	f.Uint64Var(&seed, "seed", 0, "seed of the dice stream (default: the encounter's seed, else 1)")
	f.StringVar(&diceFlag, "dice", "", "fixed die results to use in order, e.g. 5,4,12")
	f.StringVar(&format, "format", "text", "log format: text or json (one event per line)")
	f.IntVar(&maxRounds, "max-rounds", 0, "stop after this many rounds (default: the encounter's rounds, else 100)")
	f.StringVar(&why, "why", "", "explain each ordering decision that places this combatant or side (all or '*': everyone's)")
	f.BoolVarP(&verbose, "verbose", "v", false, "show every step in the text log: table look-ups, modifier rows, tie-breaks, default arguments (the JSON log always has them)")
	limits.addFlags(f, "a run")
	f.StringVarP(&outPath, "out", "o", "", "write the log to this file (atomically) instead of standard output")
	return cmd
}

func parseDiceList(s string) ([]int, error) {
	out := []int{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a die result (a whole number of 1 or more)", strings.TrimSpace(part))
		}
		out = append(out, n)
	}
	return out, nil
}
