// Package stdlib is what rule expressions can call: one table of functions
// (name, doc, signature, implementation) that drives expr-lang's function
// options, the checker's signatures and the generated docs, in the manner of
// OPA's builtins. Functions that need the running fight reach it through the
// World interface, which package interp implements; stdlib knows no ruleset.
package stdlib
