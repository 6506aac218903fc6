package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func newReplayCmd(stdout, stderr io.Writer) *cobra.Command {
	var rules, encounter string
	var maxLog int64
	var context int
	var format string
	cmd := &cobra.Command{
		Use:   "replay LOG.jsonl",
		Short: "Play a recorded fight again and report how it differs",
		Long: `replay reads a log written by 'fray run --format json', plays the same
encounter again with the recorded dice, and compares the two fights event by
event. With --rules, the replay uses another ruleset: a way to see where a
rule change first alters a recorded fight. The start event (which names the
ruleset and its file) is the header, never a difference. replay prints the
first event that differs, with --context events around it from both fights,
then how the outcome changed: the winner, the rounds, and each combatant
that ends otherwise (alive or not, and the attributes its encounter sets).
When the changed rules roll a die the recording cannot give (a d20 where it
has a 17 for a d6, or more dice than it has), the rest of the replay rolls
from the recorded seed, and replay says from which die. The files the log names must be
regular files under the root folder (--root, else the current directory),
as a rule file's imports must; --rules and --encounter name any file.
Exit status: 0 identical, 1 a difference (printed) or an error, 2 usage.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			if context < 0 {
				return usageErr("--context must not be negative")
			}
			if maxLog < 1 {
				return usageErr("--max-log-size must be at least 1")
			}
			logName := args[0]
			f, err := openLog(logName)
			if err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: cannot read the log: %v", logName, cleanPathErr(err))}
			}
			defer f.Close()
			// A regular file's size is known before a byte is read: one
			// over the limit is refused at once, not after reading (and
			// parsing) --max-log-size of it.
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > maxLog {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: the log is larger than the limit of %d bytes; raise it with --max-log-size", logName, maxLog)}
			}
			limited := &sizeLimit{r: f, n: maxLog}
			rec, err := interp.ReadRecordingWithin(limited, int(min(maxLog, math.MaxInt/interp.RecordingMemoryPerByte))*interp.RecordingMemoryPerByte)
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
			// imports, and their faults are the log's. Files given with a
			// flag are the user's choice, as for fray run: the loader
			// checks them (a regular file, within --max-file-size) and
			// reports a fault as that file's own (F002 at file:1:1), not
			// as the log's.
			encPath, rulesPath := rec.Encounter, rec.Rules
			if encounter != "" {
				encPath = encounter
			} else if err := checkRecordedFile(encPath, "encounter", optionsOf(cmd).Root, optionsOf(cmd).Limits.FileSize); err != nil {
				return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: %s", logName, interp.Printable(err.Error()))}
			}
			if rules != "" {
				rulesPath = rules
			} else if rulesPath != "" {
				if err := checkRecordedFile(rulesPath, "rules", optionsOf(cmd).Root, optionsOf(cmd).Limits.FileSize); err != nil {
					return &exitError{code: exitFindings, msg: fmt.Sprintf("%s:1:1: error: %s", logName, interp.Printable(err.Error()))}
				}
			}
			src := diag.Sources{}
			enc, diags := optionsOf(cmd).LoadEncounter(encPath, rulesPath, src)
			if diags.HasErrors() || enc == nil {
				writeDiags(stderr, diags, src)
				return &exitError{code: exitFindings}
			}
			// The recorded fight is played again under its own files too,
			// for its combatants' final state; if that fails the summary
			// compares only what the log's end event says.
			base, baseNote := enc, ""
			if encounter != "" || rules != "" {
				base, baseNote = loadRecorded(cmd, rec)
			}
			c := interp.Compare(rec, base, enc)
			if baseNote == "" && !c.Checked && base != nil && base != enc {
				baseNote = "the recorded ruleset no longer gives the recorded fight"
			}
			rep := replayReport{c: c, context: context, note: baseNote}
			if format == "json" {
				if err := rep.writeJSON(stdout); err != nil {
					return err
				}
			} else {
				rep.writeText(stdout)
			}
			if c.Diff != nil {
				return &exitError{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&context, "context", 3, "events shown before and after the first difference")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&rules, "rules", "", "replay under this ruleset instead of the recorded one")
	cmd.Flags().StringVar(&encounter, "encounter", "", "replay this encounter file instead of the recorded one")
	cmd.Flags().Int64Var(&maxLog, "max-log-size", 64<<20, "largest log to replay, in bytes")
	return cmd
}

func cleanPathErr(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
