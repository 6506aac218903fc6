// Package format prints a parsed file in its canonical layout (fray fmt).
// It refuses, rather than drop anything, any syntax it does not know how
// to print, and checks its own output by parsing it again and comparing
// the trees (format_equal.go).
package format
