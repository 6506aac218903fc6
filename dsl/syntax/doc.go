// Package syntax reads .fray files: a hand-written tokenizer (lexer.go),
// the participle grammar declared on the syntax tree's structs (ast.go,
// with hand-written dispatch in parse_decl.go and parse_stmt.go),
// expressions kept as token runs for expr-lang (expr.go), positions and
// ranges (positions.go) and the limits that keep a hostile file from
// exhausting the parser (limits.go). Errors are diag.Diagnostics with a
// file:line:col and a hint (syntax_hints.go).
package syntax
