package main

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoInputPanics runs every .fray file under testdata/, good and bad,
// through every command that reads files, and fails on an internal error
// (exit code 3) or a panic trace.
func TestNoInputPanics(t *testing.T) {
	repo := filepath.Join("..", "..")
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
	for _, f := range files {
		for _, c := range commands {
			// A hostile file runs to a limit, seconds each: interp's
			// TestHostileFilesAreStopped plays each, logged, with default
			// flags, so here it plays once, through the JSON writer.
			if strings.HasPrefix(f, hostile) && c[0] == "run" && c[1] != "--format" {
				continue
			}
			args := append(append([]string{"--root", repo, "--timeout", "20s"}, c...), f)
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			if code == exitInternal || strings.Contains(errb.String(), "panic") || strings.Contains(errb.String(), "goroutine ") {
				t.Errorf("fray %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
			}
		}
	}
}
