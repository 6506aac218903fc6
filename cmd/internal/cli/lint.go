package cli

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

func newLintCmd(stdout, stderr io.Writer) *cobra.Command {
	var (
		format string
		werror bool
		quiet  bool
	)
	cmd := &cobra.Command{
		Use:   "lint PATH...",
		Short: "Check rule and encounter files and report every problem",
		Long: `lint parses, resolves names and type-checks every expression of the given
files; directories are searched for .fray files (a symbolic link found
there is followed only to a file under the root folder or that directory,
and anything but a regular file is refused by name). Encounters are checked
together with the ruleset they name. Every problem is reported, sorted by
position. Exit status: 0 when there is no error (warnings alone do not
fail, unless --werror), 1 on errors, 2 on a usage error.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" && format != "sarif" {
				return usageErr("--format must be text, json or sarif, not %q", format)
			}
			files, refused, err := collectFiles(optionsOf(cmd).Root, args)
			if err != nil {
				return err
			}
			src := diag.Sources{}
			all := append(lintAll(optionsOf(cmd), files, src), refused...).Sort()
			if werror {
				for _, d := range all {
					if d.Severity == diag.Warning {
						d.Severity = diag.Error
					}
				}
			}
			if quiet {
				kept := all[:0]
				for _, d := range all {
					if d.Severity == diag.Error {
						kept = append(kept, d)
					}
				}
				all = kept
			}
			var werr error
			switch format {
			case "json":
				werr = writeJSON(stdout, lintJSON{lintSchemaVersion, orEmpty(all)})
			case "sarif":
				werr = diag.WriteSARIF(stdout, all, currentBuild().Version)
			default:
				writeDiags(stderr, all, src)
				if len(all) > 0 && !quiet {
					fmt.Fprintln(stderr, summaryLine(all, len(files)+len(refused)))
				}
			}
			if werr != nil {
				return &exitError{code: exitFindings, msg: werr.Error()}
			}
			if all.HasErrors() {
				return &exitError{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json or sarif (SARIF 2.1.0)")
	cmd.Flags().BoolVar(&werror, "werror", false, "treat warnings as errors")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "report errors only")
	return cmd
}

// orEmpty is ds, or an empty list (JSON [], not null) when there is none.
func orEmpty(ds diag.Diagnostics) diag.Diagnostics {
	if ds == nil {
		return diag.Diagnostics{}
	}
	return ds
}

// summaryLine counts errors and warnings, like a compiler's last line.
func summaryLine(ds diag.Diagnostics, files int) string {
	errs, warns, notes := 0, 0, 0
	for _, d := range ds {
		switch d.Severity {
		case diag.Error:
			errs++
		case diag.Warning:
			warns++
		default:
			notes++
		}
	}
	counts := plural(errs, "error") + ", " + plural(warns, "warning")
	if notes > 0 {
		counts += ", " + plural(notes, "note")
	}
	return counts + " in " + plural(files, "file")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// lintMemory is the heap at which a lint collects whatever GOGC allows:
// enough that a lint of a few rule files never does, little enough for
// a lint of thousands (16 530 damaged rule files peak at about 520 MB,
// against 650 MB when the heap grew fourfold).
const lintMemory = 512 << 20

// lintAll lints the files, as many at once as there are processors
// (each file is checked on its own), and returns every diagnostic,
// sorted; the sources read are added to src.
func lintAll(opts check.Options, files []string, src diag.Sources) diag.Diagnostics {
	// Checking makes many short-lived values (tokens, syntax trees,
	// typed trees) and keeps most files' worth of them until the end.
	// A collection of that heap costs more than a lint of a few files
	// (under valgrind, 298 M instructions for rules/ against 216 M
	// without): unless GOGC or GOMEMLIMIT say otherwise, the heap may
	// grow tenfold between collections, up to lintMemory.
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(1000))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(lintMemory))
	}
	// One Linter for the run: a base and its variants, a ruleset and
	// its encounters, share their parse and expression checks.
	linter := opts.NewLinter()
	found := make([]diag.Diagnostics, len(files))
	read := make([]diag.Sources, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				read[i] = diag.Sources{}
				found[i] = linter.Lint(files[i], read[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var all diag.Diagnostics
	for i := range files {
		all = append(all, found[i]...)
		for name, text := range read[i] {
			src[name] = text
		}
	}
	return all.Sort()
}
