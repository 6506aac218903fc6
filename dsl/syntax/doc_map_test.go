package syntax

import (
	"testing"

	"github.com/frayrules/fray/internal/docmap"
)

// TestDocMapsEveryFile holds doc.go, the map of the package, to its
// files: every non-test .go file has one entry of its own there
// ("- name.go: what it holds"), and every .go name there is a file.
func TestDocMapsEveryFile(t *testing.T) { docmap.Check(t, ".") }
