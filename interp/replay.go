package interp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// Recording is a run read back from its JSON log.
type Recording struct {
	Events    []*Event
	Encounter string // the encounter file the run played
	Rules     string // the rule file it used
	Seed      uint64
	MaxRounds int
	Dice      []int // every die, in order
}

// RecordingError is a log that cannot be replayed, at a line from 1.
type RecordingError struct {
	Line int
	Msg  string
}

func (e *RecordingError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// maxLogLine bounds one line of a log: an event is far shorter.
const maxLogLine = 1 << 26

// ReadRecording parses a JSON log (one event per line). It needs the
// start event, which names the files, and takes every die from the rolls.
// A read error of r (a size limit the caller sets) is returned as is.
func ReadRecording(r io.Reader) (*Recording, error) {
	rec := &Recording{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), maxLogLine)
	line := 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, &RecordingError{line, fmt.Sprintf("not a fray JSON event: %v", err)}
		}
		if e.Kind == KRoll {
			rec.Dice = append(rec.Dice, e.Faces...)
		}
		rec.Events = append(rec.Events, &e)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &RecordingError{line + 1, fmt.Sprintf("a line longer than %d bytes is not a fray JSON event", maxLogLine)}
		}
		return nil, err
	}
	if len(rec.Events) == 0 || rec.Events[0].Kind != KStart {
		return nil, &RecordingError{1, "the log does not begin with a start event; record it with fray run --format json"}
	}
	a := rec.Events[0].Args
	rec.Encounter, _ = a["encounter_file"].(string)
	rec.Rules, _ = a["rules_file"].(string)
	// The numbers are checked, not converted blindly: a float64 out of
	// range converts to an arbitrary integer.
	if v, ok := a["seed"]; ok {
		s, ok := v.(float64)
		if !ok || s < 0 || s >= 1<<64 || s != math.Trunc(s) {
			return nil, &RecordingError{1, fmt.Sprintf("the start event's seed %v is not a whole number from 0 to 2^64-1", v)}
		}
		rec.Seed = uint64(s)
	}
	if v, ok := a["max_rounds"]; ok {
		n, ok := v.(float64)
		if !ok || n < 0 || n > math.MaxInt32 || n != math.Trunc(n) {
			return nil, &RecordingError{1, fmt.Sprintf("the start event's max_rounds %v is not a whole number from 0 to %d", v, math.MaxInt32)}
		}
		rec.MaxRounds = int(n)
	}
	if rec.Encounter == "" {
		return nil, &RecordingError{1, "the start event does not name the encounter file"}
	}
	return rec, nil
}

// Difference is the first place a replay departs from its recording.
type Difference struct {
	Index    int    // 0-based event index
	Recorded *Event // nil when the replay has more events
	Replayed *Event // nil when the replay stopped or had fewer events
	Err      error  // why the replay stopped, if it did
}

// Replay plays an encounter again with the recorded dice and reports the
// first event that differs, or nil when every event is the same.
func Replay(rec *Recording, enc *check.Encounter) (*Difference, int, error) {
	var got []*Event
	opt := Options{Seed: rec.Seed, Dice: rec.Dice, MaxRounds: rec.MaxRounds, Sink: func(e *Event) {
		cp := *e
		got = append(got, &cp)
	}}
	if opt.Dice == nil {
		opt.Dice = []int{}
	}
	_, runErr := New(Lower(enc.Rules), enc, opt).Play()
	for i := 0; i < len(rec.Events) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return &Difference{Index: i, Recorded: rec.Events[i], Err: runErr}, len(got), nil
		case i >= len(rec.Events):
			return &Difference{Index: i, Replayed: got[i]}, len(got), nil
		case !sameEvent(rec.Events[i], got[i]):
			return &Difference{Index: i, Recorded: rec.Events[i], Replayed: got[i]}, len(got), nil
		}
	}
	if runErr != nil {
		return &Difference{Index: len(got), Err: runErr}, len(got), nil
	}
	return nil, len(got), nil
}

// sameEvent compares events as they appear in the JSON log. The start
// event differs in how the dice were given (a seed, then the recorded
// list), so only its names are compared.
func sameEvent(a, b *Event) bool {
	if a.Kind == KStart && b.Kind == KStart {
		return a.Name == b.Name && a.Args["ruleset"] == b.Args["ruleset"]
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return reflect.DeepEqual(a, b)
	}
	// Round-trip b as a was read (numbers become float64 in Args).
	var na, nb any
	_ = json.Unmarshal(ja, &na)
	_ = json.Unmarshal(jb, &nb)
	return reflect.DeepEqual(na, nb)
}
