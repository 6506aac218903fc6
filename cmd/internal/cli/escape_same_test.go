package cli

import (
	"testing"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// A source line under a diagnostic is escaped by dsl/diag (which lays
// the carets out by the escapes' widths) and then passes through
// interp.Printable on its way out: both must spell every character the
// same, or the carets drift (and Printable would escape the escapes).
func TestDiagEscapeIsPrintable(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !diag.UnsafeRune(r) {
			continue
		}
		s := "a" + string(r) + "b"
		if got, want := diag.Escape(s, false), interp.Printable(s); got != want {
			t.Errorf("U+%04X: diag.Escape %q, interp.Printable %q", r, got, want)
		}
		if e := diag.Escape(s, false); interp.Printable(e) != e {
			t.Errorf("U+%04X: Printable changes the escape %q", r, e)
		}
	}
	for _, s := range []string{"\xff", "\xc3", "a\xe2\x80b"} {
		if got, want := diag.Escape(s, false), interp.Printable(s); got != want {
			t.Errorf("%q: diag.Escape %q, interp.Printable %q", s, got, want)
		}
	}
}
