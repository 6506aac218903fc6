package cli

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/explain"
	"github.com/frayrules/fray/dsl/syntax"
)

func newExplainCmd(stdout, stderr io.Writer) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "explain RULES|ENCOUNTER",
		Short: "Print a ruleset's procedure as a checklist for the table",
		Long: `explain prints the procedure of a rule file as a checklist a table can
follow: the phases in the order they run, what each rolls (with the dice's
range and average), every order with the keys that break its ties, the
tables and modifiers with their rows, the actions and what happens on each
event, and what ends a fight. The rule file's own comments are the prose.
For a variant, the merged procedure is shown and what the variant changes,
adds or removes is marked. Given an encounter, explain explains the ruleset
it plays under. --format text (default), markdown or json.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "markdown" && format != "json" {
				return usageErr("--format must be text, markdown or json, not %q", format)
			}
			src := diag.Sources{}
			opts := optionsOf(cmd)
			path := args[0]
			// An encounter is explained by the ruleset it plays under.
			if f, _ := opts.ReadFile(path, diag.Sources{}); f != nil && check.IsEncounter(f) {
				enc, diags := opts.LoadEncounter(path, "", src)
				if diags.HasErrors() || enc == nil {
					writeDiags(stderr, diags, src)
					return &exitError{code: exitFindings}
				}
				path = enc.Rules.File.Name
			}
			m, diags := opts.LoadRuleset(path, src)
			if diags.HasErrors() || m == nil {
				writeDiags(stderr, diags, src)
				return &exitError{code: exitFindings}
			}
			// A variant's own file says what it overrides and removes.
			var own *syntax.File
			if len(m.File.Sources) > 1 {
				own, _ = opts.ReadFile(path, diag.Sources{})
			}
			doc := explain.Build(m, own)
			out := bufio.NewWriter(stdout)
			var err error
			switch format {
			case "json":
				enc := json.NewEncoder(diag.JSONWriter(out))
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				err = enc.Encode(doc)
			case "markdown":
				e := newLineEscaper(out)
				if err = explain.Markdown(e, doc); err == nil {
					err = e.Flush()
				}
			default:
				e := newLineEscaper(out)
				if err = explain.Text(e, doc); err == nil {
					err = e.Flush()
				}
			}
			if ferr := out.Flush(); err == nil {
				err = ferr
			}
			if err != nil {
				return &exitError{code: exitFindings, msg: "cannot write the checklist: " + err.Error()}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, markdown or json")
	return cmd
}
