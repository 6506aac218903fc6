package dsl_test

import (
	"testing"

	"github.com/frayrules/fray/internal/testgc"
)

// TestMain collects garbage less often: see testgc.Main.
func TestMain(m *testing.M) { testgc.Main(m) }
