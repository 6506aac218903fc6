package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// runExampleRe finds outputs.md's example of fray run's JSON lines.
var runExampleRe = regexp.MustCompile("(?s)<!-- schema: run-event lines -->\n```json\n(.*?)```")

// TestRunEventExampleIsTheRealOutput holds outputs.md's JSON lines of a
// run to what fray run --seed 3 --format json gives for the fight it
// names (cmd/internal/cli/testdata/script/dice_notation.txtar): its first lines
// and its last, byte for byte. The schema test alone let the example
// keep a roll's text fray no longer writes ("3d6>=4 :").
func TestRunEventExampleIsTheRealOutput(t *testing.T) {
	doc, err := os.ReadFile("outputs.md")
	if err != nil {
		t.Fatal(err)
	}
	m := runExampleRe.FindSubmatch(doc)
	if m == nil {
		t.Fatal("outputs.md has no run-event lines example")
	}
	shown := strings.Split(strings.TrimSuffix(string(m[1]), "\n"), "\n")
	ar, err := txtar.ParseFile(filepath.Join("..", "cmd", "internal", "cli", "testdata", "script", "dice_notation.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir) // the log names the files as given: fight.fray, rules.fray
	enc, diags := check.UnderRoot(".").LoadEncounter("fight.fray", "", diag.Sources{})
	if diags.HasErrors() || enc == nil {
		t.Fatalf("the example's fight does not load: %v", diags)
	}
	var out bytes.Buffer
	j := interp.NewJSONLog(&out)
	if _, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 3, Sink: j.Write}).Play(); err != nil {
		t.Fatal(err)
	}
	real := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(shown) < 2 || len(real) < len(shown) {
		t.Fatalf("the example shows %d lines; the fight logs %d", len(shown), len(real))
	}
	want := append(append([]string{}, real[:len(shown)-1]...), real[len(real)-1])
	for i := range shown {
		if shown[i] != want[i] {
			t.Errorf("outputs.md's line %d of the example:\n%s\nfray run --seed 3 --format json gives:\n%s", i+1, shown[i], want[i])
		}
	}
}
