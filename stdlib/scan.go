package stdlib

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
)

// Reading a string whole costs its length. expr-lang's string operators
// and built-ins (contains, startsWith, ==, upper, split, indexOf, ...)
// run inside the VM as one step, and a string may be --max-string bytes
// long: a loop that tests a 64 KiB string with contains on every pass
// ran for twenty seconds before it reached --max-steps. So the checker
// hands such a string, where an operator or built-in reads it whole,
// through ScanFunc, which counts a step for every 64 of its bytes (the
// native evaluator calls the same CountScan); and `a matches p`, whose
// cost also grows with the pattern's compiled program, becomes a call of
// MatchFunc. A string read only against a literal (x == "bow", x
// startsWith "b") costs at most the literal's length and is not counted.

// ScanFunc is the internal function a string passes through where an
// operator or built-in reads it whole: it is counted (CountScan) and
// given back unchanged.
const ScanFunc = "__scan"

// PiecesFunc is ScanFunc for a string cut into pieces (split,
// splitAfter): a piece may start at every byte, and each is a string
// made, so a step counts every 8 bytes.
const PiecesFunc = "__pieces"

// CountPieces counts cutting s into pieces toward the run's work and
// gives it back.
func CountPieces(w World, s string) (string, error) {
	if len(s) < 8 {
		return s, nil
	}
	return s, w.Work(len(s) / 8)
}

// MatchFunc is the internal function `a matches p` becomes.
const MatchFunc = "__matches"

// scanBytes is how many bytes read count one step of work.
const scanBytes = 64

// CountScan counts reading s whole toward the run's work and gives it
// back.
func CountScan(w World, s string) (string, error) {
	if len(s) < scanBytes {
		return s, nil // a short string costs what the step that reads it does
	}
	return s, w.Work(len(s) / scanBytes)
}

// Matches is `s matches pattern`: whether the regular expression (Go's
// syntax, as expr-lang reads it) matches s. Compiling the pattern counts
// a step for every 16 of its bytes, and the match a step for every 64
// bytes of s times every 16 instructions of the compiled program (Go's
// matcher, at worst, runs the whole program over every byte).
func Matches(w World, s, pattern string) (bool, error) {
	if err := w.Work(1 + len(pattern)/16); err != nil {
		return false, err
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		// Go's words ("error parsing regexp: missing closing ): `(`")
		// name neither the operator nor the pattern as the rule wrote it.
		var se *syntax.Error
		if errors.As(err, &se) {
			at := se.Expr
			if len(at) > 40 {
				at = at[:40] + "..."
			}
			return false, fmt.Errorf("matches: the pattern is not a regular expression (%s: %q)", se.Code, at)
		}
		return false, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return false, err
	}
	if err := w.Work((len(s)/scanBytes + 1) * (len(prog.Inst)/16 + 1)); err != nil {
		return false, err
	}
	rx, err := regexp.Compile(pattern)
	if err != nil {
		return false, err
	}
	return rx.MatchString(s), nil
}
