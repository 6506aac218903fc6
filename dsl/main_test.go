package dsl_test

import (
	"os"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// Tests run in dsl/ and read the repository's files, so the sandbox's
// root is the repository.
func TestMain(m *testing.M) {
	check.Root = ".."
	os.Exit(m.Run())
}
