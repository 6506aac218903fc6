package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// loadRecorded loads the recorded encounter under the recorded ruleset,
// to play the recorded fight again beside a changed one. It returns nil
// and why when it cannot (a file moved, changed or outside the root).
func loadRecorded(cmd *cobra.Command, rec *interp.Recording) (*check.Encounter, string) {
	opts := optionsOf(cmd)
	if err := checkRecordedFile(rec.Encounter, "encounter", opts.Root, opts.Limits.FileSize); err != nil {
		return nil, err.Error()
	}
	if rec.Rules != "" {
		if err := checkRecordedFile(rec.Rules, "rules", opts.Root, opts.Limits.FileSize); err != nil {
			return nil, err.Error()
		}
	}
	enc, diags := opts.LoadEncounter(rec.Encounter, rec.Rules, diag.Sources{})
	if diags.HasErrors() || enc == nil {
		return nil, "the recorded files no longer check"
	}
	return enc, ""
}

// replayReport renders a comparison of a recorded fight and its replay.
type replayReport struct {
	c       *interp.Comparison
	context int    // events shown around the first difference
	note    string // why the recorded fight's final state is unknown
}

func (rep replayReport) writeText(w io.Writer) {
	c := rep.c
	if c.Diff == nil {
		fmt.Fprintf(w, "replay: identical: %d events\n", len(c.Replayed))
		return
	}
	d := c.Diff
	fmt.Fprintf(w, "replay: first difference at event %d", d.Index+1)
	if e := firstOf(d.Recorded, d.Replayed); e != nil {
		fmt.Fprintf(w, " (%s)", where(e))
	}
	fmt.Fprintln(w, ":")
	lo := max(0, d.Index-rep.context)
	for i := lo; i < d.Index && i < len(c.Recorded); i++ {
		fmt.Fprintf(w, "  both      %5d %s\n", i+1, eventLine(c.Recorded[i]))
	}
	rep.side(w, "recorded", c.Recorded, nil)
	rep.side(w, "replayed", c.Replayed, c.Err)
	rep.writeOutcome(w)
	if ch := c.Dice; ch != nil {
		if ch.RanOut {
			fmt.Fprintf(w, "note: the recording has %d dice; die %d (a d%d for %s) and the rest were rolled from seed %d\n", ch.Die-1, ch.Die, ch.Faces, interp.Printable(ch.Need), ch.Seed)
		} else {
			fmt.Fprintf(w, "note: recorded die %d is %d, which a d%d (for %s) cannot show; from there on the replay rolled from seed %d\n", ch.Die, ch.Value, ch.Faces, interp.Printable(ch.Need), ch.Seed)
		}
	}
	if rep.note != "" {
		fmt.Fprintf(w, "note: combatants not compared: %s\n", interp.Printable(rep.note))
	}
}

// side prints the first differing event of one fight and those after it.
func (rep replayReport) side(w io.Writer, label string, events []*interp.Event, stopped error) {
	i := rep.c.Diff.Index
	if i >= len(events) {
		if stopped != nil {
			fmt.Fprintf(w, "  %-8s  %5d stopped: %s\n", label, i+1, interp.Printable(stopped.Error()))
		} else {
			fmt.Fprintf(w, "  %-8s  %5d (no event: the log ends here)\n", label, i+1)
		}
		return
	}
	for j := i; j < len(events) && j <= i+rep.context; j++ {
		mark := "  "
		if j == i {
			mark = "> "
		}
		fmt.Fprintf(w, "%s%-8s  %5d %s\n", mark, label, j+1, eventLine(events[j]))
	}
}

// writeOutcome sums up how the end of the fight changed.
func (rep replayReport) writeOutcome(w io.Writer) {
	c := rep.c
	changes := c.Changes()
	same := outcomeText(c.Was, nil) == outcomeText(c.Now, c.Err) && len(changes) == 0
	if same {
		fmt.Fprintf(w, "outcome: unchanged: %s\n", outcomeText(c.Now, c.Err))
		return
	}
	fmt.Fprintln(w, "outcome: changed")
	fmt.Fprintf(w, "  recorded: %s\n", outcomeText(c.Was, nil))
	fmt.Fprintf(w, "  replayed: %s\n", outcomeText(c.Now, c.Err))
	if c.Was.Ended && c.Now.Ended {
		if a, b := winner(c.Was), winner(c.Now); a != b {
			fmt.Fprintf(w, "  winner:   %s -> %s\n", a, b)
		}
		if c.Was.Round != c.Now.Round {
			fmt.Fprintf(w, "  rounds:   %d -> %d (%+d)\n", c.Was.Round, c.Now.Round, c.Now.Round-c.Was.Round)
		}
	}
	for _, ch := range changes {
		fmt.Fprintf(w, "  %s: %s\n", interp.Printable(ch.Name), stateChangeText(ch))
	}
}

func stateChangeText(ch interp.StateChange) string {
	switch ch.Missing {
	case "recorded":
		return "only in the replayed fight"
	case "replayed":
		return "only in the recorded fight"
	}
	var parts []string
	if ch.WasAlive != ch.NowAlive {
		parts = append(parts, aliveText(ch.WasAlive)+" -> "+aliveText(ch.NowAlive))
	}
	for _, a := range ch.Attrs {
		parts = append(parts, a.Name+" "+attrText(a.Was)+" -> "+attrText(a.Now))
	}
	return interp.Printable(strings.Join(parts, ", "))
}

// attrText is an attribute's value in a fight's outcome as the log says
// it: none (an optional attribute, or a reference, that holds nothing)
// is "nothing", not Go's <nil> (the eighth homebrew round).
func attrText(v any) string {
	if v == nil {
		return "nothing"
	}
	return fmt.Sprint(v)
}

func aliveText(alive bool) string {
	if alive {
		return "alive"
	}
	return "down"
}

// outcomeText is a fight's end in one line: the end event's own text.
func outcomeText(o interp.Outcome, stopped error) string {
	switch {
	case o.Ended:
		return interp.Printable(o.Text)
	case stopped != nil:
		return "stopped before the end: " + interp.Printable(stopped.Error())
	}
	return "no end (the log has no end event)"
}

func winner(o interp.Outcome) string {
	switch len(o.Standing) {
	case 0:
		return "no side stands"
	case 1:
		return interp.Printable(o.Standing[0])
	}
	return "no winner (" + interp.Printable(strings.Join(o.Standing, ", ")) + ")"
}

func firstOf(a, b *interp.Event) *interp.Event {
	if a != nil {
		return a
	}
	return b
}

// where places an event: its round, segment and phase.
func where(e *interp.Event) string {
	s := fmt.Sprintf("round %d", e.Round)
	if e.Segment > 0 {
		s += fmt.Sprintf(", segment %d", e.Segment)
	}
	if e.Phase != "" {
		s += ", phase " + interp.Printable(e.Phase)
	}
	return s
}

func eventLine(e *interp.Event) string {
	if e == nil {
		return "(no event: the log ends here)"
	}
	return fmt.Sprintf("[%s] %s", interp.Printable(e.Kind), interp.Printable(e.Text))
}

// The JSON form of the report: the same content as the text, as data.
type replayJSON struct {
	Identical bool               `json:"identical"`
	Recorded  int                `json:"recorded_events"`
	Replayed  int                `json:"replayed_events"`
	First     *differenceJSON    `json:"first_difference,omitempty"`
	Outcome   *outcomeJSON       `json:"outcome,omitempty"`
	Dice      *interp.DiceChange `json:"dice_change,omitempty"`
	Note      string             `json:"note,omitempty"`
}

type differenceJSON struct {
	Event    int             `json:"event"`
	Before   []*interp.Event `json:"before"`
	Recorded []*interp.Event `json:"recorded"`
	Replayed []*interp.Event `json:"replayed"`
	Stopped  string          `json:"stopped,omitempty"`
}

type outcomeJSON struct {
	Changed  bool                 `json:"changed"`
	Recorded string               `json:"recorded"`
	Replayed string               `json:"replayed"`
	Winner   [2]string            `json:"winner"`
	Rounds   [2]int               `json:"rounds"`
	Changes  []interp.StateChange `json:"combatants"`
}

func (rep replayReport) writeJSON(w io.Writer) error {
	c := rep.c
	out := replayJSON{Identical: c.Diff == nil, Recorded: len(c.Recorded), Replayed: len(c.Replayed), Dice: c.Dice, Note: rep.note}
	if d := c.Diff; d != nil {
		lo := max(0, d.Index-rep.context)
		dj := &differenceJSON{Event: d.Index + 1, Before: window(c.Recorded, lo, d.Index),
			Recorded: window(c.Recorded, d.Index, d.Index+rep.context+1), Replayed: window(c.Replayed, d.Index, d.Index+rep.context+1)}
		if c.Err != nil {
			dj.Stopped = c.Err.Error()
		}
		out.First = dj
		changes := c.Changes()
		if changes == nil {
			changes = []interp.StateChange{}
		}
		out.Outcome = &outcomeJSON{Recorded: outcomeText(c.Was, nil), Replayed: outcomeText(c.Now, c.Err),
			Winner: [2]string{winner(c.Was), winner(c.Now)}, Rounds: [2]int{c.Was.Round, c.Now.Round}, Changes: changes}
		out.Outcome.Changed = out.Outcome.Recorded != out.Outcome.Replayed || len(changes) > 0
	}
	enc := json.NewEncoder(diag.JSONWriter(w))
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// window is events[lo:hi], clamped, never nil.
func window(events []*interp.Event, lo, hi int) []*interp.Event {
	hi = min(hi, len(events))
	if lo >= hi {
		return []*interp.Event{}
	}
	return events[lo:hi]
}
