// Package testgc is the TestMain of dsl's test binaries that parse,
// format and query every .fray file of the repository.
package testgc

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main runs the tests with the heap let grow by 400% between
// collections, unless GOGC or GOMEMLIMIT say otherwise. Those tests make
// many short-lived trees and tokens: at the default GOGC the collector
// took a quarter to a third of their CPU (issue #15; docs/performance.md,
// "Test time"). The test binary's peak memory rises (dsl/lsp's from
// 210 MB to under 500 MB). What the tests check is unchanged.
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
