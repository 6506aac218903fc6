package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit codes: 0 ok, 1 findings or a failed run, 2 usage, 3 internal error.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
	exitInternal = 3
)

// exitError carries an exit code; its message, if any, is printed once by Main.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// Main runs the command line with os.Args and returns the exit code.
func Main() int { return run(os.Args[1:], os.Stdout, os.Stderr) }

func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "fray: internal error: %v\nThis is a bug in fray; please report it with the files and command that caused it.\n%s", p, debug.Stack())
			code = exitInternal
		}
	}()
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "fray: %s\n", ee.msg)
		}
		return ee.code
	}
	// cobra's own errors are about flags and arguments: usage errors.
	fmt.Fprintf(stderr, "fray: %s\nRun 'fray --help' for usage.\n", err)
	return exitUsage
}

// newRootCmd builds the command tree.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "fray",
		Short: "Lint and run tabletop combat procedures written as data",
		Long: `fray reads combat procedures ("rulesets") and scripted encounters written in
fray's rule language, checks them like a compiler, and plays encounters
through them with a log you can follow at the table.`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		DisableAutoGenTag: true,
		Version:           version,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newLintCmd(stdout, stderr), newRunCmd(stdout, stderr))
	return root
}
