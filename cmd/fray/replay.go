package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl"
	"github.com/frayrules/fray/interp"
)

func newReplayCmd(stdout, stderr io.Writer) *cobra.Command {
	var rules, encounter string
	cmd := &cobra.Command{
		Use:   "replay LOG.jsonl",
		Short: "Play a recorded fight again and report the first event that differs",
		Long: `replay reads a log written by 'fray run --format json', plays the same
encounter again with the recorded dice, and compares the two logs event by
event. With --rules, the replay uses another ruleset: a way to see where a
rule change first alters a recorded fight. Exit status: 0 identical, 1 a
difference (printed) or an error, 2 usage.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: cannot read the log: %v", args[0], cleanPathErr(err))}
			}
			defer f.Close()
			rec, err := interp.ReadRecording(f)
			if err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s: %v", args[0], err)}
			}
			encPath := rec.Encounter
			if encounter != "" {
				encPath = encounter
			}
			rulesPath := rules
			if rulesPath == "" {
				rulesPath = rec.Rules
			}
			src := dsl.Sources{}
			enc, diags := dsl.LoadEncounter(encPath, rulesPath, src)
			if diags.HasErrors() || enc == nil {
				writeDiags(stderr, diags, src)
				return &exitError{code: exitFindings}
			}
			diff, n, err := interp.Replay(rec, enc)
			if err != nil {
				return &exitError{code: exitFindings, msg: interp.Printable(err.Error())}
			}
			if diff == nil {
				fmt.Fprintf(stdout, "replay: identical: %d events\n", n)
				return nil
			}
			fmt.Fprintf(stdout, "replay: first difference at event %d", diff.Index+1)
			if e := firstOf(diff.Recorded, diff.Replayed); e != nil {
				fmt.Fprintf(stdout, " (round %d", e.Round)
				if e.Segment > 0 {
					fmt.Fprintf(stdout, ", segment %d", e.Segment)
				}
				if e.Phase != "" {
					fmt.Fprintf(stdout, ", phase %s", interp.Printable(e.Phase))
				}
				fmt.Fprint(stdout, ")")
			}
			fmt.Fprintln(stdout, ":")
			fmt.Fprintf(stdout, "  recorded: %s\n", eventLine(diff.Recorded))
			if diff.Err != nil && diff.Replayed == nil {
				fmt.Fprintf(stdout, "  replayed: stopped: %s\n", interp.Printable(diff.Err.Error()))
			} else {
				fmt.Fprintf(stdout, "  replayed: %s\n", eventLine(diff.Replayed))
			}
			return &exitError{code: exitFindings}
		},
	}
	cmd.Flags().StringVar(&rules, "rules", "", "replay under this ruleset instead of the recorded one")
	cmd.Flags().StringVar(&encounter, "encounter", "", "replay this encounter file instead of the recorded one")
	return cmd
}

func firstOf(a, b *interp.Event) *interp.Event {
	if a != nil {
		return a
	}
	return b
}

func eventLine(e *interp.Event) string {
	if e == nil {
		return "(no event: the log ends here)"
	}
	return fmt.Sprintf("[%s] %s", interp.Printable(e.Kind), interp.Printable(e.Text))
}

func cleanPathErr(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
