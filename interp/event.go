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
}

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
