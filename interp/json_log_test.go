package interp_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// The JSON log of every worked example carries the same events as the
// text log: one line each, numbered, with kind and text, and every roll
// with its faces, total, roller and reason: one roll event per fixed die.
func TestJSONLogCarriesTheSameEvents(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "worked", "*.fray"))
	if len(files) == 0 {
		t.Fatal("no worked examples")
	}
	for _, path := range files {
		enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if enc.Dice == nil {
			continue
		}
		var buf bytes.Buffer
		j := interp.NewJSONLog(&buf)
		n := 0
		_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Dice: enc.Dice, Sink: func(e *interp.Event) { n++; j.Write(e) }}).Play()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != n {
			t.Fatalf("%s: %d JSON lines for %d events", path, len(lines), n)
		}
		rolls := 0
		for i, l := range lines {
			var e interp.Event
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatalf("%s: line %d is not JSON: %v\n%s", path, i+1, err, l)
			}
			if e.Seq != i+1 || e.Text == "" || e.Kind == "" {
				t.Errorf("%s: line %d lacks seq, kind or text: %s", path, i+1, l)
			}
			if e.Kind == interp.KRoll {
				rolls += max(1, len(e.Faces))
				if len(e.Faces) == 0 || e.Total == nil || e.Who == "" || e.Why == "" {
					t.Errorf("%s: roll without faces, total, who or why: %s", path, l)
				}
			}
		}
		if rolls != len(enc.Dice) {
			t.Errorf("%s: %d dice rolled for %d fixed dice", path, rolls, len(enc.Dice))
		}
	}
}
