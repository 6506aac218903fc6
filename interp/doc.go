// Package interp runs a checked ruleset over an encounter. It lowers the
// syntax tree and compiled expressions of a dsl.Model into a plan of small
// executable nodes once, then plays the fight: set-up phases, rounds and
// segments, ordering with tie policies, simultaneous groups, scheduled
// completions and event handlers. Every roll and decision becomes an Event
// of the log; dice come from a seeded stream or a fixed list.
package interp
