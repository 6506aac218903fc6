package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func newReplayCmd(stdout, stderr io.Writer) *cobra.Command {
	var rules, encounter string
	var maxLog int64
	cmd := &cobra.Command{
		Use:   "replay LOG.jsonl",
		Short: "Play a recorded fight again and report the first event that differs",
		Long: `replay reads a log written by 'fray run --format json', plays the same
encounter again with the recorded dice, and compares the two logs event by
event. With --rules, the replay uses another ruleset: a way to see where a
rule change first alters a recorded fight. The files the log names must be
regular files under the root folder (--root, else the current directory),
as a rule file's imports must; --rules and --encounter name any file.
Exit status: 0 identical, 1 a difference (printed) or an error, 2 usage.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxLog < 1 {
				return usageErr("--max-log-size must be at least 1")
			}
			logName := args[0]
			f, err := os.Open(logName)
			if err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: cannot read the log: %v", logName, cleanPathErr(err))}
			}
			defer f.Close()
			limited := &sizeLimit{r: f, n: maxLog}
			rec, err := interp.ReadRecording(limited)
			var re *interp.RecordingError
			switch {
			case limited.exceeded || errors.Is(err, errLogTooLarge):
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: the log is larger than the limit of %d bytes; raise it with --max-log-size", logName, maxLog)}
			case errors.As(err, &re):
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:%d:1: error: %s", logName, re.Line, interp.Printable(re.Msg))}
			case err != nil:
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: cannot read the log: %v", logName, cleanPathErr(err))}
			}
			// The files the log names obey --root, like a rule file's
			// imports; files given with a flag are the user's choice, as
			// for fray run, but must still be regular files.
			encPath, rulesPath := rec.Encounter, rec.Rules
			encRoot, rulesRoot := optionsOf(cmd).Root, optionsOf(cmd).Root
			if encounter != "" {
				encPath, encRoot = encounter, "/"
			}
			if rules != "" {
				rulesPath, rulesRoot = rules, "/"
			}
			if err := checkRecordedFile(encPath, "encounter", encRoot, optionsOf(cmd).Limits.FileSize); err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: %s", logName, interp.Printable(err.Error()))}
			}
			if rulesPath != "" {
				if err := checkRecordedFile(rulesPath, "rules", rulesRoot, optionsOf(cmd).Limits.FileSize); err != nil {
					return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: %s", logName, interp.Printable(err.Error()))}
				}
			}
			src := diag.Sources{}
			enc, diags := optionsOf(cmd).LoadEncounter(encPath, rulesPath, src)
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
	cmd.Flags().Int64Var(&maxLog, "max-log-size", 64<<20, "largest log to replay, in bytes")
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
