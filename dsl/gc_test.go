package dsl_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain lets the heap grow by 400% between collections, unless GOGC
// or GOMEMLIMIT say otherwise. These tests parse, format and query every
// .fray file of the repository, making many short-lived trees and tokens:
// at the default GOGC the collector took a quarter to a third of their
// CPU (issue #15; docs/performance.md, "Test time"). The test binary's
// peak memory rises (dsl/lsp's from 210 MB to under 500 MB). What the
// tests check is unchanged.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
