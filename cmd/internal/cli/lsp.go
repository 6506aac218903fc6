package cli

import (
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/lsp"
)

// newLSPCmd is fray lsp: the language server, over standard input and
// output, for editors (editors/vscode starts it).
func newLSPCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	var (
		stdio    bool
		debounce time.Duration
	)
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (LSP over standard input and output)",
		Long: `lsp speaks the Language Server Protocol over standard input and output, for
editors: diagnostics as you type (exactly fray lint's), hover (attributes,
dice averages and ranges, tables and their rows, the builtin functions), go
to definition and references (across extends and an encounter's rules),
completion, formatting (fray fmt) and the document outline.

Open buffers stand for their files; files they import that are not open
are read from disk under the root folder (--root, else the workspace
folder the editor names) within the limits fray lint has (--max-file-size
and the rest), which hold for buffers too. Log lines go to standard error.

Exit status: 0 when the client sent shutdown then exit, 1 when it exited
or closed the stream without shutdown, 2 usage error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if debounce < 0 {
				return usageErr("--debounce must not be negative")
			}
			if debounce == 0 {
				debounce = -1 // lsp.Config's "none"
			}
			code := lsp.Serve(stdin, stdout, lsp.Config{Options: optionsOf(cmd), Debounce: debounce, Log: stderr, Version: build.Version})
			if code != 0 {
				return &exitError{code: exitFindings}
			}
			return nil
		},
	}
	// Editors' clients pass --stdio to every server; it is the only
	// transport, so it is accepted and changes nothing.
	cmd.Flags().BoolVar(&stdio, "stdio", true, "talk over standard input and output (the only transport)")
	cmd.Flags().DurationVar(&debounce, "debounce", lsp.DefaultDebounce, "pause in the edits before the open files are linted again (0: none)")
	return cmd
}
