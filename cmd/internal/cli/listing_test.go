package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// --coverage-file lists the text the run read and played, not the file
// read again from disk afterwards (which may since have changed, become
// a named pipe and block, or grown past --max-file-size); a file the run
// did not read is an error, not a read.
func TestListingIsOfTheTextsPlayed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.fray")
	played := "ruleset \"r\" { source \"x\" }\n\nphase p each round {\n  log \"played\"\n}\n\nend when round > 1\n"
	if err := os.WriteFile(path, []byte(played), 0o644); err != nil {
		t.Fatal(err)
	}
	src := diag.Sources{}
	m, diags := check.Options{Root: dir}.LoadRuleset(path, src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cov := interp.NewCoverage()
	interp.LowerCovered(m, cov)
	if err := os.WriteFile(path, []byte("changed since\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "cov.txt")
	if err := writeListing(out, cov, src); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), `log "played"`) || strings.Contains(string(b), "changed since") {
		t.Errorf("the listing is not of the text played:\n%s", b)
	}
	if err := writeListing(out, cov, diag.Sources{}); err == nil || !strings.Contains(err.Error(), "was not read by this run") {
		t.Errorf("a listing of a file the run did not read: %v", err)
	}
}
