package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// Exit codes, as CUE's: 0 ok, 1 findings or a failed run, 2 usage, 3
// internal error, 130 interrupted (128 + SIGINT, what a shell reports for
// a program Ctrl-C killed).
const (
	exitOK          = 0
	exitFindings    = 1
	exitUsage       = 2
	exitInternal    = 3
	exitInterrupted = 130
)

// interruptGrace is how long a command may take, after Ctrl-C, to stop
// and print what it has (fray sim's partial report) before fray gives up
// on it and exits anyway.
var interruptGrace = 2 * time.Second

// exitError carries an exit code; its message, if any, is printed once by Main.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// Main runs the command line with os.Args and returns the exit code;
// stamps are the build's -ldflags stamps (package main holds them, so
// that -X main.version stays the flag that sets them).
func Main(stamps Stamps) int {
	build = stamps
	// Most commands read .fray files: the parsers are built meanwhile.
	syntax.Prepare()
	limitMemory()
	// The first Ctrl-C cancels the context the commands watch; once it
	// has, signals go back to their default, so a second one kills fray
	// at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
}

func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext runs the command line; cancelling ctx is Ctrl-C.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	g := &globalFlags{}
	out := &outWriter{w: stdout}
	root := newRootCmd(out, stderr)
	g.register(root)
	root.SetArgs(args)
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, root, stderr, out)
	}()
	// The timeout starts once the flags are known; expressions cannot be
	// interrupted, so the command is abandoned rather than cancelled.
	select {
	case code := <-done:
		return code
	case <-g.started:
	case <-ctx.Done():
		return interrupted(done, stderr)
	}
	var timer <-chan time.Time
	if g.timeout > 0 {
		timer = time.After(g.timeout)
	}
	select {
	case code := <-done:
		return code
	case <-timer:
		// A command that finished as the timer fired has its result.
		select {
		case code := <-done:
			return code
		default:
		}
		fmt.Fprintf(stderr, "fray: stopped: the command ran longer than --timeout %s\n", g.timeout)
		return exitFindings
	case <-ctx.Done():
		return interrupted(done, stderr)
	}
}

// interrupted waits, after Ctrl-C, for the command to stop on its own
// (a command that watches the context reports what it has and returns
// its code), and past interruptGrace abandons it.
func interrupted(done <-chan int, stderr io.Writer) int {
	select {
	case code := <-done:
		return code
	case <-time.After(interruptGrace):
		fmt.Fprintf(stderr, "fray: interrupted: the command did not stop within %s of Ctrl-C, so it has no result to show\n", interruptGrace)
		return exitInterrupted
	}
}

// execute runs the command tree and turns every outcome, a panic included,
// into one message and an exit code.
func execute(ctx context.Context, root *cobra.Command, stderr io.Writer, out *outWriter) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "fray: internal error: %v\nThis is a bug in fray; please report it at https://github.com/frayrules/fray/issues with the files and the command that caused it.\n", p)
			if os.Getenv("FRAY_DEBUG") != "" {
				fmt.Fprintf(stderr, "%s", debug.Stack())
			}
			code = exitInternal
		}
	}()
	err := root.ExecuteContext(ctx)
	if out.err != nil {
		// Whatever the command made of it, its output is lost: one
		// message, and a failure.
		printMessage(stderr, "fray: cannot write the output: %v\n", out.err)
		return exitFindings
	}
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			printMessage(stderr, "fray: %s\n", ee.msg)
		}
		return ee.code
	}
	// cobra's own errors are about flags and arguments: usage errors.
	printMessage(stderr, "fray: %s\nRun 'fray --help' for usage.\n", err)
	return exitUsage
}

// globalFlags are the limits every command honours.
type globalFlags struct {
	timeout time.Duration
	root    string
	limits  check.Limits
	started chan struct{}
}

func (g *globalFlags) register(root *cobra.Command) {
	g.started = make(chan struct{})
	g.limits = check.DefaultLimits()
	pf := root.PersistentFlags()
	pf.StringVar(&g.root, "root", "", "folder that imports (extends, an encounter's rules) must stay inside (default: the current directory)")
	pf.DurationVar(&g.timeout, "timeout", 0, "stop the whole command after this long, e.g. 30s (default: no limit)")
	pf.IntVar(&g.limits.FileSize, "max-file-size", g.limits.FileSize, "largest rule or encounter file, in bytes")
	pf.IntVar(&g.limits.Depth, "max-depth", g.limits.Depth, "deepest nesting of brackets and braces")
	pf.IntVar(&g.limits.ExprTokens, "max-expr-tokens", g.limits.ExprTokens, "longest expression, in tokens")
	pf.IntVar(&g.limits.FileTokens, "max-file-tokens", g.limits.FileTokens, "most tokens (names, numbers, symbols) in one rule or encounter file")
	pf.IntVar(&g.limits.Iterations, "max-iterations", g.limits.Iterations, "most loop steps one expression may take, estimated before running")
	pf.IntVar(&g.limits.Combatants, "max-combatants", g.limits.Combatants, "most combatants in an encounter")
	pf.IntVar(&g.limits.Fights, "max-fights", g.limits.Fights, "most fights one property of a fray test file may play")
	pf.IntVar(&g.limits.Extends, "max-extends", g.limits.Extends, "longest chain of extends from one ruleset (each ruleset checked merges its whole chain)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		for _, v := range []struct {
			name string
			n    int
		}{{"max-file-size", g.limits.FileSize}, {"max-depth", g.limits.Depth}, {"max-expr-tokens", g.limits.ExprTokens}, {"max-file-tokens", g.limits.FileTokens},
			{"max-iterations", g.limits.Iterations}, {"max-combatants", g.limits.Combatants}, {"max-fights", g.limits.Fights}, {"max-extends", g.limits.Extends}} {
			if v.n < 1 {
				return usageErr("--%s must be at least 1", v.name)
			}
		}
		if g.timeout < 0 {
			return usageErr("--timeout must not be negative")
		}
		g.limits.ExprNodes = max(g.limits.ExprNodes, g.limits.ExprTokens*5)
		cmd.SetContext(withOptions(cmd.Context(), check.Options{Root: g.root, Confine: g.root != "", Limits: g.limits}))
		close(g.started)
		return nil
	}
}

// newRootCmd builds the command tree.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "fray",
		Short: "Lint and run tabletop combat procedures written as data",
		Long: `fray reads combat procedures ("rulesets") and scripted encounters written in
fray's rule language, checks them like a compiler, and plays encounters
through them with a log you can follow at the table.

Exit status, for every command: 0 ok, 1 findings or a failed run, 2 usage
error, 3 internal error (a bug in fray), 130 interrupted (Ctrl-C).`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		DisableAutoGenTag: true,
		Version:           currentBuild().short(),
	}
	root.SetVersionTemplate("fray {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newLintCmd(stdout, stderr), newRunCmd(stdout, stderr), newReplayCmd(stdout, stderr), newProbCmd(stdout, stderr), newFmtCmd(stdout, stderr), newSimCmd(stdout, stderr), newVersionCmd(stdout))
	root.AddCommand(newExplainCmd(stdout, stderr))
	root.AddCommand(newLSPCmd(os.Stdin, stdout, stderr))
	root.AddCommand(newTestCmd(stdout, stderr)) // test.go
	return root
}

// printMessage prints a message a line at a time through interp.Printable:
// messages quote file names, arguments and rule text, and may have several
// lines of their own (an expression and its caret).
func printMessage(w io.Writer, format string, args ...any) {
	e := newLineEscaper(w)
	fmt.Fprintf(e, format, args...)
	e.Flush()
}
