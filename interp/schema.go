package interp

// EventSchemaVersion is the version of the JSON form of an Event, as
// docs/schema/run-event.json describes it. Every line of a JSON log
// carries it (schema_version), so that a line read on its own (filtered
// with grep or jq) still says what it is. It changes only when a field
// is renamed or removed or changes meaning; new fields keep it.
const EventSchemaVersion = 1

// versionedEvent is an Event as a line of the JSON log: schema_version
// first, then the event's own fields.
type versionedEvent struct {
	SchemaVersion int `json:"schema_version"`
	*Event
}
