package stdlib

import (
	"errors"
	"regexp"
	"testing"

	"github.com/expr-lang/expr/vm/runtime"
)

// budgetWorld counts the work it is charged and refuses it past a limit.
type budgetWorld struct {
	World
	used, limit int
}

var errOverBudget = errors.New("over budget")

func (w *budgetWorld) Work(n int) error {
	if w.used += n; w.used > w.limit {
		return errOverBudget
	}
	return nil
}

// nested builds lists from a byte string: each byte either pushes a
// number or wraps what is built so far in a list with itself (sharing,
// as [l, l] does), so a short input can make a list of 2^k items.
func nested(b []byte) any {
	var l any = []any{}
	for _, c := range b {
		switch {
		case c%5 == 0:
			l = []any{l, l}
		case c%5 == 1:
			l = []any{l}
		default:
			if s, ok := l.([]any); ok {
				l = append(append([]any{}, s...), int(c))
			}
		}
	}
	return l
}

// ListsEqual gives runtime.Equal's answer whenever the budget lets the
// walk finish, and stops with the budget's error when it does not, at
// most a few thousand items past it.
func FuzzListsEqual(f *testing.F) {
	for _, s := range []string{"", "\x02\x03", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "\x02\x01\x07\x05"} {
		f.Add([]byte(s), []byte(s))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		x, y := nested(a), nested(b)
		w := &budgetWorld{limit: 100_000}
		eq, err := ListsEqual(w, x, y)
		switch {
		case errors.Is(err, errOverBudget):
			if w.used > w.limit+itemsPerCharge {
				t.Fatalf("charged %d past a limit of %d before stopping", w.used, w.limit)
			}
		case err != nil:
			t.Fatal(err)
		case eq != runtime.Equal(x, y):
			t.Fatalf("ListsEqual %v, runtime.Equal %v", eq, runtime.Equal(x, y))
		}
	})
}

// Matches gives regexp's answer for a valid pattern, and an error for an
// invalid one; it never panics.
func FuzzMatches(f *testing.F) {
	for _, c := range [][2]string{{"abc", "b"}, {"aaa", "^a+$"}, {"x", "("}, {"ab", "(a|b){0,999}"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, s, p string) {
		w := &budgetWorld{limit: 1 << 40}
		got, err := Matches(w, s, p)
		re, rerr := regexp.Compile(p)
		switch {
		case rerr != nil:
			if err == nil {
				t.Fatalf("Matches(%q, %q) accepted a pattern regexp refuses: %v", s, p, rerr)
			}
		case err != nil:
			t.Fatalf("Matches(%q, %q): %v", s, p, err)
		case got != re.MatchString(s):
			t.Fatalf("Matches(%q, %q) = %v, regexp says %v", s, p, got, !got)
		}
	})
}

// TestListsEqualStopsAtTheBudget: a list of 2^60 items compared with
// itself stops at the budget, not after its walk.
func TestListsEqualStopsAtTheBudget(t *testing.T) {
	var l any = []any{1}
	for range 60 {
		l = []any{l, l}
	}
	w := &budgetWorld{limit: 1_000_000}
	if _, err := ListsEqual(w, l, l); !errors.Is(err, errOverBudget) {
		t.Fatalf("got %v, want the budget's error", err)
	}
	if _, err := ListIn(&budgetWorld{limit: 1_000_000}, l, []any{l}); !errors.Is(err, errOverBudget) {
		t.Fatalf("in: got %v, want the budget's error", err)
	}
}
