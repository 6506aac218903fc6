package check

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/diag"
)

// hostileRuleset is a complete ruleset with body as the body of a
// procedure f on line 3.
func hostileRuleset(body string) string {
	return "ruleset \"sizes\" { source \"x\" }\n\nfn f() { " + body + " }\n\nphase p each round {\n  call f()\n}\n\nend when round > 1\n"
}

func writeHostile(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sizes.fray")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// 20 000 misspellings amid 20 000 locals: each finding suggests among
// the names in scope, within the file's budget for suggestions
// (suggest.go). Listing the names was not charged to it, so the lint
// listed 400 million names (2.4 GB allocated, 2 to 10 s). Not parallel:
// the bytes allocated are the process's, and no parallel test runs
// beside a sequential one.
func TestMisspellingsAmidManyLocals(t *testing.T) {
	const n = 20000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "let a%d = unknown_%d; ", i, i)
	}
	src := hostileRuleset(b.String())
	path := writeHostile(t, src)
	diags, allocated := lintAllocated(t, Options{}, path)
	// About 240 MB now, most of it the file's 20 000 expressions checked.
	if got := allocated; got > 600 {
		t.Errorf("the lint allocated %d MB, want at most 600", got)
	}
	var unknown []*diag.Diagnostic
	for _, d := range diags {
		if d.Code == diag.CodeUnknownName {
			unknown = append(unknown, d)
		}
	}
	if len(unknown) != n {
		t.Fatalf("%d unknown names reported, want %d", len(unknown), n)
	}
	last := unknown[n-1].Subject
	name := fmt.Sprintf("unknown_%d", n-1)
	at := strings.LastIndex(src, name)
	line3 := strings.Index(src, "fn f()")
	if last.Start.Line != 3 || last.Start.Byte != at || last.Start.Column != at-line3+1 || last.End.Byte != at+len(name) {
		t.Errorf("the last finding is at %+v, want line 3, byte %d, column %d", last, at, at-line3+1)
	}
}

// Files legal or nearly so, but large in one direction, are checked in
// time about proportional to their size. Each case took past 20 s (and
// up to 5 GB) before: an expression's text was padded to its column (on
// one long line, every expression as long as the line before it), each
// finding's place was found by reading the file from its start, each
// local was looked up by reading every local before it, and each
// misspelling was compared in full with every name in scope.
func TestHostileSizesAreLinear(t *testing.T) {
	t.Parallel()
	const n = 20000
	t.Run("100000 locals", func(t *testing.T) {
		t.Parallel()
		var b strings.Builder
		for i := range 100000 {
			fmt.Fprintf(&b, "let a%d = %d; ", i, i)
		}
		b.WriteString("let last = a0 + a99999")
		diags, _ := lintWithin(t, Options{}, writeHostile(t, hostileRuleset(b.String())))
		if diags.HasErrors() {
			t.Errorf("errors in a legal file: %v", diags[0])
		}
	})
	t.Run("names 100000 characters long", func(t *testing.T) {
		t.Parallel()
		long := strings.Repeat("x", 100000)
		src := hostileRuleset("let " + long + "a = 1; let b = " + long + "b + " + long + "c")
		diags, _ := lintWithin(t, Options{}, writeHostile(t, src))
		found := 0
		for _, d := range diags {
			if d.Code == diag.CodeUnknownName {
				found++
			}
		}
		if found != 1 { // expr-lang stops at the first unknown name of an expression
			t.Errorf("%d unknown names reported, want 1: %v", found, diags)
		}
	})
	t.Run("one expression of 100000 distinct names", func(t *testing.T) {
		t.Parallel()
		names := make([]string, 100000)
		for i := range names {
			names[i] = fmt.Sprintf("n%d", i)
		}
		src := hostileRuleset("let l = [" + strings.Join(names, ", ") + "]")
		diags, _ := lintWithin(t, Options{}, writeHostile(t, src))
		if !diags.HasErrors() {
			t.Errorf("no error for an expression over --max-expr-tokens")
		}
	})
}

// editDistance is the plain edit distance, to check the bounded one.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func TestDistanceWithinIsTheEditDistance(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() []rune {
		w := make([]rune, rng.IntN(9))
		for i := range w {
			w[i] = []rune("abcé")[rng.IntN(4)]
		}
		return w
	}
	for range 20000 {
		a, b, limit := word(), word(), rng.IntN(6)
		want := editDistance(a, b)
		s := newSuggester()
		got, ok := s.distanceWithin(a, b, limit)
		if ok != (want <= limit) || ok && got != want {
			t.Fatalf("distanceWithin(%q, %q, %d) = %d, %v; the distance is %d", string(a), string(b), limit, got, ok, want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		known []string
		want  string
	}{
		{"acc", []string{"hp", "ac", "damage"}, "did you mean ac? H"},
		{"slian", []string{"slain", "hit"}, "did you mean slain? H"},
		{"ab", []string{"ac", "aa", "bb"}, "did you mean aa? H"}, // equally close: the first in sorted order
		{"hp", []string{"hq", "hp"}, "H"},                        // a known name: nothing to suggest
		{"zzzzzz", []string{"hp", "ac"}, "H"},                    // too far
		{"x", nil, "H"},
	} {
		if got := didYouMean(tc.name, tc.known, "H"); got != tc.want {
			t.Errorf("didYouMean(%q, %q) = %q, want %q", tc.name, tc.known, got, tc.want)
		}
	}
	// Past the budget, no suggestion and no work.
	s := &suggester{left: 3}
	if got := s.didYouMean("acc", []string{"ab", "ad", "ac", "ae"}, "H"); got != "H" {
		t.Errorf("over the budget: %q, want the bare hint", got)
	}
}
