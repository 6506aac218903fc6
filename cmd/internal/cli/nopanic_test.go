package cli

import (
	"bytes"
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
	commands := [][]string{
		{"lint"},
		{"lint", "--format", "json"},
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
