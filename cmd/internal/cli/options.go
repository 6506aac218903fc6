package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
)

// optionsKey holds, in a command's context, the check.Options its global
// flags (--root and the limits) give: set once the flags are parsed, read
// by every command that loads files.
type optionsKey struct{}

func withOptions(ctx context.Context, o check.Options) context.Context {
	return context.WithValue(ctx, optionsKey{}, o)
}

// optionsOf are the loading options of the running command.
func optionsOf(cmd *cobra.Command) check.Options {
	o, _ := cmd.Context().Value(optionsKey{}).(check.Options)
	return o
}
