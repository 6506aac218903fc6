package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl"
)

func newLintCmd(stdout, stderr io.Writer) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "lint PATH...",
		Short: "Check rule and encounter files and report every problem",
		Long: `lint parses, resolves names and type-checks every expression of the given
files; directories are searched for .fray files. Encounters are checked
together with the ruleset they name. Exit status: 0 clean, 1 findings,
2 usage error.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			files, err := collectFiles(args)
			if err != nil {
				return err
			}
			src := dsl.Sources{}
			var all dsl.Diagnostics
			for _, f := range files {
				all = append(all, dsl.Lint(f, src)...)
			}
			all = all.Sort()
			if format == "json" {
				if err := dsl.WriteJSON(stdout, all); err != nil {
					return &exitError{code: exitFindings, msg: err.Error()}
				}
			} else {
				dsl.WriteText(stderr, all, src)
			}
			if len(all) > 0 {
				return &exitError{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// collectFiles expands directories into their .fray files, sorted.
func collectFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			// Let lint report it with a position, as for any unreadable file.
			out = append(out, a)
			continue
		}
		if !info.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".fray") {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, usageErr("cannot walk %s: %v", a, err)
		}
	}
	sort.Strings(out)
	return out, nil
}
