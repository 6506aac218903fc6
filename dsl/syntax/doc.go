// Package syntax reads .fray files: a hand-written tokenizer, the
// participle grammar declared on the syntax tree's structs, with
// hand-written dispatch of declarations and statements, and expressions
// kept as token runs for expr-lang. Errors are diag.Diagnostics with a
// file:line:col and a hint. Every file of the package is named below
// (doc_map_test.go fails on one left out).
//
// Reading a file:
//
//   - parse.go: Parse and Limits.Parse, the grammar built once (Prepare),
//     a syntax error made a diagnostic.
//   - lexer.go: the tokenizer, hand-written so that dice notation wins
//     over numbers and names.
//   - dice_token.go: the dice notation that may follow NdF in one token
//     (!, kh3, >=5).
//   - unexpected_char.go: the message for a character no token starts
//     with, invisible ones named by code point.
//   - line_ends.go: a file whose lines end in a carriage return alone,
//     refused.
//   - quote.go: quoted literals read with Go's escapes and \' (Unquote).
//   - number.go: a number literal read as a whole number or a float.
//   - parse_decl.go: a declaration parsed by the forms its first word
//     allows, participle's disjunction kept for the error.
//   - parse_stmt.go: the same for statements, most of a rule file.
//   - else_error.go: the error of an else block that does not parse, placed in it.
//   - endpos.go: every node's end moved back to its own last token, so a
//     range covers the node's text exactly.
//   - positions.go: positions and ranges of the tree (RangeOf).
//   - limits.go: the limits that keep a hostile file from exhausting the
//     parser, each with its flag.
//
// The tree (struct tags are the grammar):
//
//   - ast.go: File, declarations, statements, values.
//   - ast_group.go: for group G of X in LIST by KEY.
//   - ast_order.go: pairwise orders (order NAME(a, b) { rules }).
//   - ast_referee.go: as referee { ... }.
//   - ast_while.go: while COND { ... }.
//   - call_ast.go: call NAME(args) of a procedure.
//   - engage.go: engage and disengage.
//   - condition.go: condition declarations, apply and remove.
//   - point_ast.go: points, reactions, interrupt and cancel pending.
//   - slots.go: action slots and costs, several declarations, choice
//     points.
//   - timed.go: timed loops and the schedule forms on their clock.
//   - test_ast.go: test files (*_test.fray) and their blocks.
//   - none.go: the word none, read as expr-lang's nil.
//
// Expressions and errors:
//
//   - expr.go: Expr, an expression captured as tokens for the checker to
//     hand to expr-lang.
//   - spacing.go: the canonical spacing of an expression's tokens,
//     shared by the formatter and Expr.Raw.
//   - syntax_hints.go: participle's expectations put in words, with a
//     hint from the construct the error is in.
//   - syntax_hints_fn.go: what may follow a fn's head.
//   - syntax_hints_brace.go: combatant NAME { outside any side, with the
//     } that closed the side above.
package syntax
