// Package check turns syntax trees into a checked Model: it builds the
// types of a ruleset (types.go), resolves every name and type-checks
// every expression with expr-lang (check_*.go), checks encounters
// against their ruleset (encounter*.go), merges variants into their base
// (merge.go), loads files and their imports under a root folder with
// limits (load.go, Options) and shares work between the files of one
// lint run (linter.go). Nothing runs here: package interp lowers a Model.
package check
