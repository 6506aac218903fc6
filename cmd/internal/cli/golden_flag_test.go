package cli

import "flag"

// The -update flag rewrites this package's golden files (as in dsl and
// interp). It is looked up rather than declared by a variable, so that
// another test file of the package may declare it first without a clash.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files of cmd/internal/cli/testdata")
	}
}

// updating reports whether -update was given.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}
