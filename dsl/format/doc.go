// Package format prints a parsed file in its canonical layout (fray fmt).
// It refuses, rather than drop anything, any syntax it does not know how
// to print, and checks its own output by parsing it again and comparing
// the trees. Every file of the package is named below (doc_map_test.go
// fails on one left out):
//
//   - format.go: the printer: it walks the syntax tree and says, for
//     each token, what goes before it; the layout's rules.
//   - format_writer.go: the writer: the source's tokens copied in order,
//     so a token the printer does not know is an error, never dropped.
//   - format_escape.go: control characters in strings and comments
//     written as escapes.
//   - format_expr.go: expressions printed from their tokens, line breaks
//     kept, spacing canonical.
//   - format_equal.go: TreeDiff, the check that the output parses to the
//     same tree.
//   - format_condition.go: conditions, apply and remove.
//   - format_engage.go: engage and disengage.
//   - format_order.go: pairwise orders, one rule a line.
//   - format_point.go: points, reactions and interrupts.
//   - format_slots.go: action slots and costs, several declarations a
//     script line, choice answers.
//   - format_timed.go: a timed loop's clock and schedule's tie word and
//     time.
//   - format_testdecl.go: test and property blocks of a *_test.fray
//     file.
package format
