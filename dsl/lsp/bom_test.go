package lsp

import (
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// A buffer that starts with a byte-order mark (a client that keeps it in
// the text it sends): F001 "byte-order mark inside the file" at 1:1, of
// a file fray lint reads (its reader drops the mark). The mark is read
// as the buffer's first character, so the places after it on line 0
// are the client's.
func TestBufferStartingWithAByteOrderMark(t *testing.T) {
	c := startServer(t, check.DefaultLimits())
	c.initialize()
	uri, _ := c.open("testdata/lsp_bom.fray", "\ufeffruleset \"r\" { default wiat }\naction wait {\n}\nphase p each round {\n  log \"x\"\n}\nend when round > 1\n")
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 || ds[0].Code != "F302" {
		t.Fatalf("diagnostics %+v, want the one F302 of the misspelled default", ds)
	}
	// Character 0 is the mark: "wiat" starts at character 23.
	if r := ds[0].Range; r.Start.Line != 0 || r.Start.Character != 23 || r.End.Character != 27 {
		t.Errorf("F302 at %+v, want line 0, characters 23 to 27", r)
	}
}
