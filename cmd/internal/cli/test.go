package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/interp/fraytest"
	"github.com/frayrules/fray/stdlib"
)

// testFileSuffix names the files fray test finds in a folder.
const testFileSuffix = "_test.fray"

func newTestCmd(stdout, stderr io.Writer) *cobra.Command {
	var (
		format, pattern, covFile string
		verbose, update, cover   bool
		threshold                float64
		maxPaths, maxWork        int
		limits                   runLimits
	)
	cmd := &cobra.Command{
		Use:   "test [PATH...]",
		Short: "Run the test and property blocks of *_test.fray files",
		Long: `test runs the test and property blocks of the named files; folders (default:
the current one) are searched for files named *_test.fray. Each test plays
its encounter and checks its expectations; a property plays many fights and
checks rates over them. A failure is reported at its expect line with what
was expected, what was found and the log around the events it looked at.
--coverage reports which phases, statements, branches, table rows, modifier
rows and handlers of the rule files ran; --threshold N fails below N% of
statements. Exit status: 0 when every test passes, 1 on a failure, an error
in a test file or coverage below the threshold, 2 on a usage error.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format must be text or json, not %q", format)
			}
			if err := limits.check(); err != nil {
				return err
			}
			if maxPaths < 1 {
				return usageErr("--max-paths must be at least 1")
			}
			if maxWork < 1 {
				return usageErr("--max-work must be at least 1")
			}
			// Written so that NaN, which no comparison holds, is refused too:
			// a threshold of NaN would never fail a run.
			if !(threshold >= 0 && threshold <= 100) {
				return usageErr("--threshold must be a percentage from 0 to 100, not %g", threshold)
			}
			var filter *regexp.Regexp
			if pattern != "" {
				re, err := regexp.Compile(pattern)
				if err != nil {
					return usageErr("--run: %v", err)
				}
				filter = re
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			opts := optionsOf(cmd)
			files, refused, err := collectTestFiles(opts.Root, args)
			if err != nil {
				return err
			}
			src := diag.Sources{}
			linter := opts.NewLinter()
			var loaded []*check.TestFile
			diags := refused
			for _, f := range files {
				tf, ds := linter.LoadTests(f, src)
				diags = append(diags, ds...)
				if tf != nil && !ds.HasErrors() {
					loaded = append(loaded, tf)
				}
			}
			diags = diags.Sort()
			if covFile != "" && check.WritesOverRuleFile(covFile, append(slices.Sorted(maps.Keys(src)), files...)...) {
				return usageErr("--coverage-file %s names a rule file (or one the tests read): the listing would be written over it; name a file of its own, such as coverage.txt", interp.Printable(covFile))
			}
			var cov *interp.Coverage
			ropt := fraytest.Options{Filter: filter, Update: update, MaxPaths: maxPaths, MaxWork: maxWork}
			limits.apply(&ropt.Fight)
			ropt.Fight.Stop = cmd.Context().Done() // Ctrl-C (Main): the test under way stops, and no more run
			if cover || covFile != "" || cmd.Flags().Changed("threshold") {
				cov = interp.NewCoverage()
				ropt.Lower = func(m *check.Model) *interp.Plan { return interp.LowerCovered(m, cov) }
			}
			runner := fraytest.NewRunner(ropt)
			var outcomes []*fraytest.Outcome
			for _, tf := range loaded {
				if runner.Interrupted() {
					break
				}
				outcomes = append(outcomes, runner.RunFile(tf)...)
			}
			var fcs []*fraytest.FileCoverage
			if cov != nil {
				fcs = fraytest.Summarize(cov)
				if covFile != "" {
					if err := writeListing(covFile, cov, src); err != nil {
						return &exitError{code: exitFindings, msg: err.Error()}
					}
				}
			}
			ran, failed := 0, 0
			for _, o := range outcomes {
				if o.Result != fraytest.Skip {
					ran++
				}
				if o.Result == fraytest.Fail || o.Result == fraytest.Error {
					failed++
				}
			}
			below := cov != nil && cmd.Flags().Changed("threshold") && fraytest.Statements(fcs) < threshold
			if format == "json" {
				var th *float64
				if cmd.Flags().Changed("threshold") {
					th = &threshold
				}
				enc := json.NewEncoder(diag.JSONWriter(stdout))
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if err := enc.Encode(testDocument(outcomes, diags, fcs, cov != nil, th)); err != nil {
					return &exitError{code: exitFindings, msg: err.Error()}
				}
			} else {
				writeDiags(stderr, diags, src)
				writeOutcomes(stdout, outcomes, verbose)
				if cov != nil {
					fraytest.WriteSummary(stdout, fcs)
					if verbose {
						fraytest.WriteUncovered(stdout, fcs)
					}
				}
				summary := testSummary(ran, failed, len(files), diags)
				if runner.Interrupted() {
					summary = "INTERRUPTED: " + strings.TrimPrefix(summary, "ok: ") // not ok: the tests after were not run
				}
				printMessage(stdout, "%s\n", summary)
				if below {
					printMessage(stdout, "FAIL: statement coverage %.1f%% is below --threshold %g%%\n", fraytest.Statements(fcs), threshold)
				}
			}
			if runner.Interrupted() {
				return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted: the report above covers the %s that ran in full", plural(ran, "test"))}
			}
			if failed > 0 || diags.HasErrors() || below {
				return &exitError{code: exitFindings}
			}
			if ran == 0 && len(diags) == 0 {
				return &exitError{code: exitFindings, msg: "no test ran" + map[bool]string{true: " (--run " + pattern + " matches none)", false: ""}[pattern != ""]}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "output format: text or json")
	f.StringVar(&pattern, "run", "", "run only the tests whose names match this regular expression")
	f.BoolVarP(&verbose, "verbose", "v", false, "list every test and what each property measured; with --coverage, every uncovered item")
	f.BoolVar(&update, "update", false, "rewrite the golden logs the tests name instead of comparing them")
	f.BoolVar(&cover, "coverage", false, "report what of the rule files the tests ran")
	f.StringVar(&covFile, "coverage-file", "", "write the rule files annotated with how often each line ran (implies --coverage)")
	f.Float64Var(&threshold, "threshold", 0, "fail when less than this percentage of statements ran (implies --coverage)")
	// An exact property's refusal names it, as fray prob's does.
	f.IntVar(&maxPaths, "max-paths", 1_000_000, "most dice sequences an exact property may enumerate")
	f.IntVar(&maxWork, "max-work", stdlib.MaxDistWork, "most steps of work of the fights the properties of one test file play, in all (seeded fights, and an exact one's set-ups over all its rates): one bound for the file")
	limits.addFlags(f, "a fight")
	return cmd
}

// collectTestFiles expands folders into their *_test.fray files; a file
// named on the command line is taken whatever its name.
func collectTestFiles(root string, args []string) ([]string, diag.Diagnostics, error) {
	var named, walked []string
	for _, a := range args {
		if info, err := os.Stat(a); err == nil && info.IsDir() {
			walked = append(walked, a)
		} else {
			named = append(named, a)
		}
	}
	files := named
	var refused diag.Diagnostics
	if len(walked) > 0 {
		found, ref, err := collectFiles(root, walked)
		if err != nil && len(named) == 0 {
			return nil, nil, &exitError{code: exitFindings, msg: "no " + testFileSuffix + " files found in " + strings.Join(walked, ", ")}
		}
		refused = ref
		for _, f := range found {
			if strings.HasSuffix(filepath.Base(f), testFileSuffix) {
				files = append(files, f)
			}
		}
	}
	files = distinctFiles(files)
	if len(files) == 0 && len(refused) == 0 {
		return nil, nil, &exitError{code: exitFindings, msg: "no " + testFileSuffix + " files found in " + strings.Join(args, ", ")}
	}
	return files, refused, nil
}

// writeOutcomes prints failures (and, with -v, every test) as go test does.
func writeOutcomes(w io.Writer, outcomes []*fraytest.Outcome, verbose bool) {
	e := newLineEscaper(w)
	defer e.Flush()
	for _, o := range outcomes {
		fraytest.WriteOutcome(e, o, verbose)
	}
}

func testSummary(tests, failed, files int, diags diag.Diagnostics) string {
	s := fmt.Sprintf("%s passed", plural(tests-failed, "test"))
	if failed > 0 {
		s = fmt.Sprintf("FAIL: %d of %s failed", failed, plural(tests, "test"))
	} else if !diags.HasErrors() {
		s = "ok: " + s
	}
	s += " in " + plural(files, "file")
	if diags.HasErrors() {
		s += "; " + summaryLine(diags, files) + " (those tests did not run)"
	}
	return s
}

// writeListing writes the annotated listing of the covered rule files,
// from the texts the run read and played (src): reading them again could
// show another text than the one played, or wait for ever on a file
// since made a named pipe, or read one grown past --max-file-size.
//
// The listing is written as run -o writes its log (writeAtomic): a named
// pipe or a device is refused, where os.Create opened a pipe nobody read
// (a listing past the pipe's buffer hung) and a failed write (a full
// disk, /dev/full) went unseen, exit 0 with the listing lost.
func writeListing(path string, cov *interp.Coverage, src diag.Sources) error {
	var out bytes.Buffer
	err := fraytest.WriteListing(&out, cov, func(name string) (string, error) {
		text, ok := src[name]
		if !ok {
			return "", fmt.Errorf("--coverage-file: %s was not read by this run", name)
		}
		return text, nil
	})
	if err != nil {
		return err
	}
	if err := writeAtomic(path, out.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--coverage-file: cannot write the listing: %s", interp.Printable(err.Error()))
	}
	return nil
}
