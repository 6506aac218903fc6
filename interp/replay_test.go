package interp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

func record(t *testing.T, encPath string, seed uint64) *interp.Recording {
	t.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(encPath, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var buf bytes.Buffer
	j := interp.NewJSONLog(&buf)
	if _, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: seed, Sink: j.Write}).Play(); err != nil {
		t.Fatal(err)
	}
	rec, err := interp.ReadRecording(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestReplayIdentical(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	rec := record(t, path, 7)
	if rec.Encounter != filepath.ToSlash(path) || rec.Seed != 7 || len(rec.Dice) == 0 {
		t.Fatalf("recording: %+v", rec)
	}
	enc, _ := check.UnderRoot("..").LoadEncounter(rec.Encounter, rec.Rules, diag.Sources{})
	diff, n, err := interp.Replay(rec, enc)
	if err != nil || diff != nil || n != len(rec.Events) {
		t.Fatalf("replay of an unchanged fight: diff %+v, %d of %d events, %v", diff, n, len(rec.Events), err)
	}
}

func TestReplayFindsARuleChange(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	rec := record(t, path, 7)
	base, err := os.ReadFile(filepath.Join("..", "rules", "ten_segment_rounds.fray"))
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(base), "  target.hp -= amount\n", "  target.hp -= amount + 1\n", 1)
	if changed == string(base) {
		t.Fatal("the rule to change is gone")
	}
	rules := filepath.Join(t.TempDir(), "changed.fray")
	if err := os.WriteFile(rules, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	enc, diags := check.UnderRoot("..").LoadEncounter(rec.Encounter, rules, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	diff, _, err := interp.Replay(rec, enc)
	if err != nil || diff == nil {
		t.Fatalf("a changed rule must show a difference: %v", err)
	}
	// Everything before the first difference is identical; the first
	// difference is a consequence of the extra damage.
	if diff.Recorded == nil || diff.Replayed == nil || diff.Recorded.Text == diff.Replayed.Text {
		t.Fatalf("difference: %+v", diff)
	}
	if !strings.Contains(diff.Replayed.Text, "falls") {
		t.Errorf("with one more damage a combatant falls earlier; got %q instead of %q", diff.Replayed.Text, diff.Recorded.Text)
	}
}
