package interp_test

import (
	"testing"

	"github.com/frayrules/fray/internal/testgc"
)

// TestMain collects garbage less often: see testgc.Main. (Tests run in
// interp/ and read the repository's files, so the sandbox's root is the
// repository.)
func TestMain(m *testing.M) { testgc.Main(m) }
