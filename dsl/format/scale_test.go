package format_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/dsl/syntax"
)

// elseIfChain is a rule file whose one phase holds an if with n-1
// else-if branches: a deep syntax tree from a flat text.
func elseIfChain(n int) string {
	var b strings.Builder
	b.WriteString("phase p each round {\n  if round == 0 {\n    log \"0\"\n  }")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, " else if round == %d {\n    log \"%d\"\n  }", i, i)
	}
	b.WriteString("\n}\n")
	return b.String()
}

// TestFormatLongElseIfChain formats a 20,000-branch chain. The
// self-check compares the trees of the source and the output: it once
// spelled out the path of every node it visited, each as long as the
// chain is deep, which took memory quadratic in the chain (24 GB for
// 50,000 branches); it must stay linear.
func TestFormatLongElseIfChain(t *testing.T) {
	src := elseIfChain(20000)
	f, diags := syntax.Parse("chain.fray", src)
	if len(diags) > 0 {
		t.Fatal(diags[0])
	}
	out, err := format.Format(f)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Errorf("the chain, already formatted, changed")
	}
}

// TestFormatWithinTheCallersLimits formats a file that parses only with
// a raised --max-depth: the self-check's parse of the output must not
// apply the default limits the caller raised.
func TestFormatWithinTheCallersLimits(t *testing.T) {
	src := "const c = " + strings.Repeat("(", 150) + "1" + strings.Repeat(")", 150) + "\n"
	if _, diags := syntax.Parse("deep.fray", src); len(diags) == 0 {
		t.Fatal("the file parses within the default limits: the test no longer tests anything")
	}
	lim := syntax.DefaultLimits()
	lim.Depth = 200
	formatsUnchanged(t, lim, "deep.fray", src)
}

// formatsUnchanged parses src within lim and fails unless fray fmt
// gives it back unchanged (it is already formatted).
func formatsUnchanged(t *testing.T, lim syntax.Limits, name, src string) {
	t.Helper()
	f, diags := lim.Parse(name, src)
	if len(diags) > 0 {
		t.Fatal(diags[0])
	}
	out, err := format.Format(f)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Errorf("%s, already formatted, changed: got %d bytes, want %d", name, len(out), len(src))
	}
}
