package interp

import (
	"encoding/json"
	"fmt"
	"io"
)

// TextLog renders events as a log a person can follow at the table:
// a heading per round, a subheading per phase and segment, one line per
// roll, decision and effect.
type TextLog struct {
	w       io.Writer
	round   int
	segment int
	phase   string
	err     error
}

// NewTextLog writes to w.
func NewTextLog(w io.Writer) *TextLog { return &TextLog{w: w, round: -1} }

// Err is the first write error, if any.
func (t *TextLog) Err() error { return t.err }

func (t *TextLog) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// Write renders one event.
func (t *TextLog) Write(e *Event) {
	switch e.Kind {
	case KStart:
		t.printf("%s\n", e.Text)
		return
	case KRuling:
		t.printf("%s\n", e.Text)
		return
	case KEnd:
		t.printf("\n%s\n", e.Text)
		return
	}
	if e.Round != t.round {
		t.round, t.phase, t.segment = e.Round, "", -1
		if e.Round == 0 {
			t.printf("\nBefore the first round\n")
		} else {
			t.printf("\nRound %d\n", e.Round)
		}
	}
	if e.Phase != t.phase || e.Segment != t.segment {
		t.phase, t.segment = e.Phase, e.Segment
		switch {
		case e.Segment > 0 && e.Phase != "":
			t.printf("  segment %d · %s\n", e.Segment, e.Phase)
		case e.Segment > 0:
			t.printf("  segment %d\n", e.Segment)
		case e.Phase != "":
			t.printf("  %s\n", e.Phase)
		}
	}
	t.printf("    %s\n", e.Text)
}

// JSONLog writes one JSON object per event and line.
type JSONLog struct {
	enc *json.Encoder
	err error
}

// NewJSONLog writes to w.
func NewJSONLog(w io.Writer) *JSONLog {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &JSONLog{enc: enc}
}

// Write encodes one event.
func (j *JSONLog) Write(e *Event) {
	if j.err == nil {
		j.err = j.enc.Encode(e)
	}
}

// Err is the first write error, if any.
func (j *JSONLog) Err() error { return j.err }
