package cli

import (
	"math"
	"runtime/debug"
	"testing"
)

// Every command runs under defaultMemoryLimit unless the environment
// sets its own, so that fmt --check of a 4 MiB file stays under 1 GB.
func TestMemoryIsLimitedByDefault(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	old := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(old)
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Errorf("memory limit %d, want %d", got, defaultMemoryLimit)
	}
	t.Setenv("GOMEMLIMIT", "2GiB")
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set, yet fray set its own limit %d", got)
	}
}
