package interp

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/frayrules/fray/dsl/diag"
)

// TextLog renders events as a log a person can follow at the table:
// a heading per round, a subheading per phase and segment, one line per
// roll, decision and effect.
type TextLog struct {
	// Verbose shows every step (fray run -v): each table look-up and
	// modifiers block, every argument of an action with its defaults,
	// every tie-break of an order.
	Verbose bool
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
		t.printf("%s\n", Printable(e.Text))
		return
	case KRuling:
		t.printf("%s\n", Printable(e.Text))
		return
	case KEnd:
		t.printf("\n%s\n", Printable(e.Text))
		return
	case KTracker, KPending:
		// Under the round, after its segments and phases: where everyone stands.
		t.printf("  %s\n", Printable(e.Text))
		t.phase, t.segment = "", -1
		return
	}
	if e.detail && !t.Verbose {
		return
	}
	text := e.Text
	if t.Verbose {
		text = e.VerboseText()
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
			t.printf("  segment %d · %s\n", e.Segment, phaseTitle(e.Phase))
		case e.Segment > 0:
			t.printf("  segment %d\n", e.Segment)
		case e.Phase != "":
			t.printf("  %s\n", phaseTitle(e.Phase))
		}
	}
	t.printf("    %s\n", Printable(text))
}

// JSONLog writes one JSON object per event and line.
type JSONLog struct {
	enc *json.Encoder
	err error
}

// NewJSONLog writes to w.
func NewJSONLog(w io.Writer) *JSONLog {
	enc := json.NewEncoder(diag.JSONWriter(w))
	enc.SetEscapeHTML(false)
	return &JSONLog{enc: enc}
}

// Write encodes one event, with its schema_version.
func (j *JSONLog) Write(e *Event) {
	if j.err == nil {
		j.err = j.enc.Encode(versionedEvent{EventSchemaVersion, e})
	}
}

// Err is the first write error, if any.
func (j *JSONLog) Err() error { return j.err }

// Printable returns s with every character that could act on a terminal
// written as an escape: C0 and C1 controls (ESC, newline, carriage
// return, tab...), DEL, the bidirectional overrides and isolates that
// reorder what follows them, the Unicode line and paragraph separators,
// and bytes that are not UTF-8. Text a rule can reach (names, labels,
// messages) goes through it before any text output, so that a rule can
// neither forge a line of the log nor recolour the terminal. JSON output
// keeps the exact strings, with these characters escaped as JSON reads
// them (diag.JSONWriter).
func Printable(s string) string { return diag.Escape(s, false) }
