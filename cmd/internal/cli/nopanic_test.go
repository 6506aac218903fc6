package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// TestNoInputPanics runs every .fray file under testdata/, good and bad,
// through every command that reads files, and fails on an internal error
// (exit code 3) or a panic trace.
func TestNoInputPanics(t *testing.T) {
	t.Parallel()
	repo := filepath.Join("..", "..", "..")
	var files []string
	err := filepath.WalkDir(filepath.Join(repo, "testdata"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".fray") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("only %d files found", len(files))
	}
	// lint reads every file in one call a format, as "fray lint testdata"
	// does: one Linter shares the parse and check of a ruleset among the
	// encounters that name it (a call a file checked each ruleset again
	// for each of its encounters, a third of this test's CPU). Every file
	// is still linted in both formats; run and fmt below, a call a file,
	// still load each file with a fresh Linter. The two calls run one
	// after the other and before the rest: a lint raises the GC percent
	// and sets a memory limit for the process (lintAll), and two at once,
	// or a lint beside the runs, would hit the limit and collect again
	// and again (twice the CPU).
	for _, format := range []string{"text", "json"} {
		t.Run("lint_"+format, func(t *testing.T) {
			args := append([]string{"--root", repo, "--timeout", "10m", "lint", "--format", format}, files...)
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			if code != exitFindings || strings.Contains(errb.String(), "panic") || strings.Contains(errb.String(), "goroutine ") {
				t.Errorf("fray lint --format %s of %d files: exit %d, want %d (testdata/bad has errors)\n%s", format, len(files), code, exitFindings, errb.String())
			}
			// Every file was linted: a limit or the timeout cut nothing
			// short (the text report and its summary go to stderr).
			if want := fmt.Sprintf(" in %d files\n", len(files)); format == "text" && !strings.HasSuffix(errb.String(), want) {
				t.Errorf("fray lint: the summary does not end in %q:\n%s", want, errb.String()[max(0, errb.Len()-300):])
			}
		})
	}
	commands := [][]string{
		{"run", "--max-rounds", "5"},
		{"run", "--format", "json", "--seed", "3", "--max-rounds", "5"},
	}
	if newRootCmd(nil, nil).CommandPath() != "" {
		for _, c := range newRootCmd(nil, nil).Commands() {
			if c.Name() == "fmt" {
				commands = append(commands, []string{"fmt"})
			}
		}
	}
	hostile := filepath.Join(repo, "testdata", "hostile") + string(filepath.Separator)
	// One subtest a file, two at a time: run builds its own command tree
	// and flags, so calls share nothing.
	for _, f := range files {
		t.Run(strings.TrimPrefix(filepath.ToSlash(f), "../../../testdata/"), func(t *testing.T) {
			t.Parallel()
			for _, c := range commands {
				if strings.HasPrefix(f, hostile) && c[0] == "run" {
					// A hostile file runs to a limit, seconds each with
					// default flags: interp's TestHostileFilesAreStopped
					// plays each so, logged. Here it plays once, through
					// the JSON writer, under a tenth of the default
					// --max-steps and --max-log: the writer meets the same
					// events and the same stop at a limit, sooner.
					if c[1] != "--format" {
						continue
					}
					c = append(slices.Clone(c), "--max-steps", strconv.Itoa(interp.DefaultMaxSteps/10), "--max-log", strconv.Itoa(interp.DefaultMaxLog/10))
				}
				args := append(append([]string{"--root", repo, "--timeout", "20s"}, c...), f)
				var out, errb bytes.Buffer
				code := run(args, &out, &errb)
				if code == exitInternal || strings.Contains(errb.String(), "panic") || strings.Contains(errb.String(), "goroutine ") {
					t.Errorf("fray %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
				}
			}
		})
	}
}
