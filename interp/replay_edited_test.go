package interp_test

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// A log edited by hand: an editor that puts a byte-order mark first (it
// was "invalid character 'ï'"), and numbers or strings of a hundred
// thousand characters where the start event's seed and max_rounds go,
// or in any field (encoding/json quotes a number whole: each error was a
// line of 100 KB). The mark is skipped; an error quotes at most a few
// hundred bytes.
func TestReadRecordingOfAnEditedLog(t *testing.T) {
	const start = `{"schema_version":1,"seq":1,"kind":"start","round":0,"args":{"encounter_file":"e.fray","max_rounds":MAX,"rules_file":"r.fray","seed":SEED},"text":"x"}`
	long := strings.Repeat("9", 100000)
	log := func(seed, max string) string {
		return strings.NewReplacer("SEED", seed, "MAX", max).Replace(start) + "\n"
	}
	rec, err := interp.ReadRecording(strings.NewReader("\ufeff" + log("7", "5")))
	if err != nil || rec.Seed != 7 || rec.MaxRounds != 5 {
		t.Errorf("a log that starts with a byte-order mark: %+v, %v", rec, err)
	}
	for name, text := range map[string]string{
		"a seed of 100 000 digits":     log(long, "5"),
		"a seed of 100 000 decimals":   log("0."+long, "5"),
		"a seed that is a long string": log(`"`+long+`"`, "5"),
		"max_rounds of 100 000 digits": log("7", long),
		"a number in an event's field": log("7", "5") + `{"seq":` + long + `,"kind":"log","round":1,"text":"x"}` + "\n",
	} {
		_, err := interp.ReadRecording(strings.NewReader(text))
		if err == nil {
			t.Errorf("%s: read", name)
		} else if len(err.Error()) > 400 {
			t.Errorf("%s: the error is %d bytes, want at most 400: %.120v", name, len(err.Error()), err)
		}
	}
}
