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

// A log with a header line and fields fray does not know (a later
// schema_version, say) is still replayed.
func TestReadRecordingToleratesHeaders(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	enc, _ := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	var buf bytes.Buffer
	j := interp.NewJSONLog(&buf)
	if _, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 7, Sink: j.Write}).Play(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for i := range lines {
		lines[i] = `{"schema_version":2,` + lines[i][1:]
	}
	log := `{"schema_version":2,"format":"fray log"}` + "\n" + strings.Join(lines, "\n") + "\n"
	rec, err := interp.ReadRecording(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed != 7 || rec.Encounter != filepath.ToSlash(path) || len(rec.Events) != len(lines) {
		t.Fatalf("recording: seed %d, encounter %q, %d events of %d", rec.Seed, rec.Encounter, len(rec.Events), len(lines))
	}
	if c := interp.Compare(rec, enc, enc); c.Diff != nil || !c.Checked {
		t.Fatalf("an unchanged fight differs: %+v", c.Diff)
	}
	// A line without a kind after the start event is damage, not a header.
	if _, err := interp.ReadRecording(strings.NewReader(lines[0] + "\n{\"seq\":2}\n")); err == nil || !strings.Contains(err.Error(), "line 2: not a fray JSON event: it has no kind") {
		t.Fatalf("a kindless event: %v", err)
	}
}

// Under a variant the start event names another ruleset; that is the
// header, not the fight. Under a rule that rolls other dice the replay
// still plays to the end, from the recorded seed, and says from where.
func TestCompareVariantPlaysToTheEnd(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	rec := record(t, path, 7)
	base, _ := check.UnderRoot("..").LoadEncounter(rec.Encounter, rec.Rules, diag.Sources{})
	src, err := os.ReadFile(filepath.Join("..", "rules", "ten_segment_rounds.fray"))
	if err != nil {
		t.Fatal(err)
	}
	// Treble damage: the fight takes another course, and its dice serve
	// other rolls than they did.
	changed := strings.Replace(string(src), `ruleset "Ten-segment rounds"`, `ruleset "Ten-segment rounds, changed"`, 1)
	changed = strings.Replace(changed, "  target.hp -= amount\n", "  target.hp -= amount * 3\n", 1)
	if !strings.Contains(changed, "amount * 3") {
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
	c := interp.Compare(rec, base, enc)
	if c.Diff == nil || c.Diff.Index == 0 {
		t.Fatalf("difference: %+v", c.Diff)
	}
	if !c.Checked || c.Was.Combatants == nil || c.Now.Combatants == nil {
		t.Fatalf("final states unknown: checked %v", c.Checked)
	}
	if !c.Now.Ended || c.Err != nil {
		t.Fatalf("the replay did not play to its end: %v", c.Err)
	}
	if c.Was.Text == "" || c.Now.Text == "" {
		t.Fatal("outcome without its end event")
	}
	changes := c.Changes()
	if len(changes) == 0 {
		t.Fatal("treble damage changed nobody's end")
	}
	for _, ch := range changes {
		if ch.Missing == "" && ch.WasAlive == ch.NowAlive && len(ch.Attrs) == 0 {
			t.Errorf("a change that changes nothing: %+v", ch)
		}
	}
}

func TestReplayDiceRunOut(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "halvaine_and_the_orcs.fray")
	rec := record(t, path, 7)
	rec.Dice = rec.Dice[:3] // a recording cut short of dice
	enc, _ := check.UnderRoot("..").LoadEncounter(rec.Encounter, rec.Rules, diag.Sources{})
	c := interp.Compare(rec, enc, enc)
	if c.Dice == nil || !c.Dice.RanOut || c.Dice.Die != 4 || c.Dice.Seed != 7 || c.Dice.Need == "" {
		t.Fatalf("dice change: %+v", c.Dice)
	}
	if c.Err != nil || !c.Now.Ended {
		t.Fatalf("the replay stopped: %v", c.Err)
	}
}
