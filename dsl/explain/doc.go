// Package explain renders a checked ruleset as a procedure a table can
// follow: fray explain. Everything it prints comes from the rule file:
// the phases in the order they run, what each rolls (with the dice's
// range and average), the orders and how their ties fall, the tables and
// modifiers with their rows, the actions and what happens on each event,
// and what ends a fight. The file's own comments are the prose: the
// comment block just above a declaration is its description, a comment
// at the end of a line describes that line, and a comment inside a body
// is a note on the step after it.
//
// Build makes a Doc from a Model (and, for a variant, the variant's own
// file, to mark what it changes); Text and Markdown render it; a Doc is
// also plain data for JSON.
package explain
