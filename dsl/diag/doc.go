// Package diag is what every pass of the front end reports: a Diagnostic
// has a severity, a stable code (codes.go, never renumbered), a one-line
// summary, a detail sentence with a fix hint, the exact subject range and
// optionally a related place. WriteText renders them like a compiler
// (position, summary, the source line with a caret); WriteJSON and
// WriteSARIF are for tools.
package diag
