package interp_test

import (
	"os"
	"testing"
)

// Tests run in interp/ and read the repository's files, so the sandbox's
// root is the repository.
func TestMain(m *testing.M) {
	os.Exit(m.Run())
}
