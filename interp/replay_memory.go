package interp

import "reflect"

// A log's size does not bound what it takes to replay it: decoded, a
// line of 13 bytes ({"kind":"x"}) is an Event of some 250 bytes, and
// "{}" or "[1]" in an event's args is a map or a slice ten times its
// text. So ReadRecording counts, for each event it keeps, an estimate of
// the memory it holds, and refuses a log over its budget rather than let
// a forged log of a few megabytes take gigabytes.

// RecordingMemoryPerByte is how many bytes of memory a replay may spend
// for each byte of --max-log-size. A log that fray wrote takes about two
// (its text is most of it); a log of small events, many dice or args
// made of tiny lists and maps takes up to twenty, and is refused.
const RecordingMemoryPerByte = 6

// eventSize is the bytes of one Event itself.
var eventSize = int(reflect.TypeOf(Event{}).Size())

// eventMemory estimates the bytes one decoded event holds: the Event,
// the pointer to it, its strings, its faces twice (Recording.Dice too)
// and its args.
func eventMemory(e *Event) int {
	n := eventSize + 8
	n += len(e.Kind) + len(e.Phase) + len(e.Who) + len(e.Why) + len(e.Name) + len(e.Dice) + len(e.Text)
	n += 16 * len(e.Faces)
	if e.Args != nil {
		n += valueMemory(e.Args)
	}
	return n
}

// valueMemory estimates the bytes a value decoded by encoding/json holds
// (maps, slices, strings, numbers, bools and nil, in an interface).
func valueMemory(v any) int {
	const iface = 16
	switch v := v.(type) {
	case map[string]any:
		n := iface + 64 // the map's header and first bucket, at least
		for k, x := range v {
			n += 16 + len(k) + valueMemory(x) + 8
		}
		return n
	case []any:
		n := iface + 24
		for _, x := range v {
			n += valueMemory(x)
		}
		return n
	case string:
		return iface + 16 + len(v)
	}
	return iface + 8
}
