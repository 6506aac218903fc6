// Package dsl is the front end of fray: the lexer and participle grammar of
// the rule language, its syntax tree with positions, the diagnostics every
// pass reports, and the checker that resolves names and type-checks every
// expression with expr-lang before anything runs. A checked file becomes a
// Model, which package interp lowers into a runnable plan.
package dsl
