// Package docs holds fray's user documentation. It has no code: its test
// lints every example of diagnostics.md with package dsl and compares the
// output printed there with what fray really prints, so that the document
// cannot fall behind the linter.
package docs
