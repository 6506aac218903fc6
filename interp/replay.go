package interp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"

	"github.com/frayrules/fray/dsl/check"
)

// Recording is a run read back from its JSON log.
type Recording struct {
	Events    []*Event
	Encounter string // the encounter file the run played
	Rules     string // the rule file it used
	Seed      uint64
	MaxRounds int
	Dice      []int  // every die, in order
	Why       string // what the run's --why asked, read from its why events
}

// RecordingError is a log that cannot be replayed, at a line from 1.
type RecordingError struct {
	Line int
	Msg  string
}

func (e *RecordingError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// maxLogLine bounds one line of a log: an event is far shorter.
const maxLogLine = 1 << 26

// The start event's arguments a replay reads. They are named here once,
// so that a renamed key of the JSON log is one edit.
const (
	startEncounterFile = "encounter_file"
	startRulesFile     = "rules_file"
	startSeed          = "seed"
	startMaxRounds     = "max_rounds"
)

// decodeEvent reads one line of a JSON log: the one place that knows how
// an event is written. Fields it does not know are ignored, but an event
// of another schema_version than this fray writes is refused: its fields
// may mean something else (a line without one is read as this version).
// ok is false for a line that is a JSON object but no event (it has no
// kind): a header a later format may put first.
func decodeEvent(line []byte) (e *Event, ok bool, err error) {
	var probe struct {
		Kind    *string      `json:"kind"`
		Version *json.Number `json:"schema_version"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return nil, false, err
	}
	if probe.Kind == nil {
		return nil, false, nil
	}
	if v := probe.Version; v != nil && v.String() != strconv.Itoa(EventSchemaVersion) {
		return nil, false, fmt.Errorf("its schema_version is %.20s, and this fray reads version %d (docs/schema/run-event.json); replay it with the fray that wrote it", v.String(), EventSchemaVersion)
	}
	e = &Event{}
	if err := json.Unmarshal(line, e); err != nil {
		return nil, false, err
	}
	return e, true, nil
}

// ReadRecording parses a JSON log (one event per line). It needs the
// start event, which names the files, and takes every die from the rolls.
// Lines before the start event that are objects without a kind (a
// header) are skipped. A read error of r (a size limit the caller sets)
// is returned as is.
func ReadRecording(r io.Reader) (*Recording, error) {
	return ReadRecordingWithin(r, RecordingMemoryPerByte*64<<20)
}

// ReadRecordingWithin is ReadRecording that refuses a log whose events
// would hold more than maxMemory bytes decoded (replay_memory.go).
func ReadRecordingWithin(r io.Reader, maxMemory int) (*Recording, error) {
	rec := &Recording{}
	var memory int
	var seed json.Number // the start event's seed, exactly: a float64 holds 53 bits
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), maxLogLine)
	line, startLine := 0, 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		text := sc.Bytes()
		if line == 1 {
			// A byte-order mark an editor put first (as fray lint's reader
			// drops one): it was "invalid character 'ï'".
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		e, ok, err := decodeEvent(text)
		if err != nil {
			// encoding/json quotes a number whole: a line of a million
			// digits was a message of a million bytes.
			return nil, &RecordingError{line, "not a fray JSON event: " + brief(err.Error())}
		}
		if !ok {
			if len(rec.Events) == 0 {
				continue // a header
			}
			return nil, &RecordingError{line, "not a fray JSON event: it has no kind"}
		}
		if len(rec.Events) == 0 {
			startLine = line
			var exact struct {
				Args struct {
					Seed json.Number `json:"seed"`
				} `json:"args"`
			}
			_ = json.Unmarshal(text, &exact) // a seed that is no number is refused below
			seed = exact.Args.Seed
		}
		if memory += eventMemory(e); memory > maxMemory {
			return nil, &RecordingError{line, fmt.Sprintf("the log's events would take more than %d bytes of memory to replay (%d times --max-log-size); raise it with --max-log-size", maxMemory, RecordingMemoryPerByte)}
		}
		if e.Kind == KRoll {
			rec.Dice = append(rec.Dice, e.Faces...)
		}
		if e.Kind == KWhy && rec.Why == "" {
			rec.Why, _ = e.Args["asked"].(string)
		}
		rec.Events = append(rec.Events, e)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &RecordingError{line + 1, fmt.Sprintf("a line longer than %d bytes is not a fray JSON event", maxLogLine)}
		}
		return nil, err
	}
	if startLine == 0 {
		startLine = 1
	}
	if len(rec.Events) == 0 || rec.Events[0].Kind != KStart {
		return nil, &RecordingError{startLine, "the log does not begin with a start event; record it with fray run --format json"}
	}
	a := rec.Events[0].Args
	rec.Encounter, _ = a[startEncounterFile].(string)
	rec.Rules, _ = a[startRulesFile].(string)
	// The numbers are checked, not converted blindly: a float64 out of
	// range converts to an arbitrary integer.
	if v, ok := a[startSeed]; ok {
		s, err := strconv.ParseUint(string(seed), 10, 64)
		if err != nil {
			if seed != "" {
				v = seed
			}
			return nil, &RecordingError{startLine, fmt.Sprintf("the start event's seed %s is not a whole number from 0 to 2^64-1", brief(fmt.Sprint(v)))}
		}
		rec.Seed = s
	}
	if v, ok := a[startMaxRounds]; ok {
		n, ok := v.(float64)
		if !ok || n < 0 || n > math.MaxInt32 || n != math.Trunc(n) {
			return nil, &RecordingError{startLine, fmt.Sprintf("the start event's max_rounds %s is not a whole number from 0 to %d", brief(fmt.Sprint(v)), math.MaxInt32)}
		}
		rec.MaxRounds = int(n)
	}
	if rec.Encounter == "" {
		return nil, &RecordingError{startLine, "the start event does not name the encounter file"}
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
// first event that differs, or nil when every event is the same. n is
// the number of events the replay made. Compare says more.
func Replay(rec *Recording, enc *check.Encounter) (*Difference, int, error) {
	c := Compare(rec, nil, enc)
	return c.Diff, len(c.Replayed), nil
}

// firstDifference compares a recorded fight with a replayed one, event by
// event. The start events are the header, not the fight: they name the
// ruleset and file and say how the dice were given, which a replay under
// a variant changes by design, so they never count as a difference.
func firstDifference(rec, got []*Event, runErr error) *Difference {
	for i := 0; i < len(rec) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return &Difference{Index: i, Recorded: rec[i], Err: runErr}
		case i >= len(rec):
			return &Difference{Index: i, Replayed: got[i]}
		case rec[i].Kind == KStart && got[i].Kind == KStart:
			continue
		case !sameEvent(rec[i], got[i]):
			return &Difference{Index: i, Recorded: rec[i], Replayed: got[i]}
		}
	}
	if runErr != nil {
		return &Difference{Index: len(got), Err: runErr}
	}
	return nil
}

// sameEvent compares events as they appear in the JSON log.
func sameEvent(a, b *Event) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return reflect.DeepEqual(a, b)
	}
	// Round-trip both as the recording was read (numbers become float64
	// in Args).
	var na, nb any
	_ = json.Unmarshal(ja, &na)
	_ = json.Unmarshal(jb, &nb)
	return reflect.DeepEqual(na, nb)
}
