// Package dsl is the front end of fray, one package per pass, in the
// manner of go.starlark.net and cel-go:
//
//   - dsl/diag: diagnostics (severity, stable code, summary, detail,
//     subject and related range), their text, JSON and SARIF renderings.
//   - dsl/syntax: the lexer, the participle grammar, the syntax tree with
//     its positions, and the parse limits.
//   - dsl/check: name resolution and type checking with expr-lang, the
//     checked Model that package interp lowers into a runnable plan,
//     encounters, variants (extends/merge), loading files under a root,
//     and the linter that shares work between the files of one run.
//   - dsl/format: the canonical layout of `fray fmt`.
//   - dsl/explain: a checked ruleset as a checklist for the table, its
//     prose from the file's comments (`fray explain`).
//
// This package holds no code: its tests run the passes end to end over
// the corpora of testdata/ (the bad corpus and its goldens, the
// formatter's goldens, the fuzzers' seeds).
package dsl
