package interp

// Event is one line of the log: a roll, a decision or an effect, with the
// round, segment and phase it happened in. The text form and the JSON
// form carry the same content.
type Event struct {
	Seq     int            `json:"seq"`
	Kind    string         `json:"kind"`
	Round   int            `json:"round"`
	Segment int            `json:"segment,omitempty"`
	Phase   string         `json:"phase,omitempty"`
	Who     string         `json:"who,omitempty"`
	Why     string         `json:"why,omitempty"`
	Name    string         `json:"name,omitempty"`
	Dice    string         `json:"dice,omitempty"`
	Faces   []int          `json:"faces,omitempty"`
	Total   *int           `json:"total,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
	Text    string         `json:"text"`

	// What only the verbose text log (-v) shows; the JSON log carries
	// the same facts in its fields, so neither is part of it.
	verbose string // the line under -v when it says more than Text
	detail  bool   // a step the default text log leaves out (a look-up, a modifier row)
}

// VerboseText is the event's line in the verbose text log.
func (e *Event) VerboseText() string {
	if e.verbose != "" {
		return e.verbose
	}
	return e.Text
}

// Detail reports whether the event is a step of the rules that only the
// verbose text log shows: a table looked up by keys, a modifiers block.
func (e *Event) Detail() bool { return e.detail }

// Event kinds.
const (
	KStart    = "start"
	KRuling   = "ruling"
	KRoll     = "roll"
	KOrder    = "order"
	KDeclare  = "declare"
	KAct      = "act"
	KEvent    = "event"
	KLog      = "log"
	KSchedule = "schedule"
	KFire     = "fire"
	KCancel   = "cancel"
	KModifier = "modifier"
	KTable    = "table"
	KEnd      = "end"
	KPoint    = "point" // v2 item 3: a point raised (point.go)
	KReact    = "react" // v2 item 3: a reaction to it
)

// KMoment marks the start of a moment of a timed loop on a count clock
// ("count 7"; timed.go). A segment clock's moments are the log's
// segment headings.
const KMoment = "moment"
