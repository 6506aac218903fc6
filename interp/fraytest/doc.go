// Package fraytest runs the test and property blocks of *_test.fray
// files (checked by package check, testfile.go): it plays each test's
// fight, evaluates its expectations against what the fight left and
// logged, and reports each failure at its expect line with what was
// expected, what was found and the log around the events it looked at.
// fray test is its command line; go test runs the repository's own
// test files through it too (interp/fraytest_test.go), and both may
// gather the coverage of the rule files (interp.Coverage).
package fraytest
