// Package testgc is the TestMain of the test binaries that make many
// short-lived values: dsl's, which parse, format and query every .fray
// file of the repository, dsl/check's, interp's, interp/fraytest's and
// stdlib's.
package testgc

import (
	"os"
	"runtime/debug"
	"testing"
)

// Memory is the soft limit on the test binary's memory while the heap
// is let grow. interp's tests peak at 2.3 GB at the default GOGC; at
// GOGC 400 they took 48.6 s of CPU to 39.0 s unlimited (6.0 GB), 47.2 s
// under 2 GiB (the collector running as often as before) and 40.7 s
// under 3 GiB (3.1 GB).
const Memory = 3 << 30

// Main runs the tests with the heap let grow by 400% between
// collections, up to Memory, unless GOGC or GOMEMLIMIT say otherwise.
// Those tests make many short-lived trees, tokens and fights: at the
// default GOGC the collector took a fifth to a third of their CPU (issue
// #15; docs/performance.md, "Test time"). Without the limit interp's
// peak went from 2.3 GB to 6 GB; with it, the collector runs more
// often when the heap nears Memory. What the tests check is
// unchanged (interp's TestSimHeapIsBounded reads the live heap, which
// no GOGC changes).
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(Memory)
	}
	os.Exit(m.Run())
}
