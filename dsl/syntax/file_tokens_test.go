package syntax

import (
	"strings"
	"testing"
)

// A file of the largest accepted size made of the smallest tokens (a
// script line "x:a" is three in four bytes) once took the parser about a
// gigabyte and most of a minute. It is refused at --max-file-tokens,
// placed at the first token over, without tokenizing the rest.
func TestFileTokensAreLimited(t *testing.T) {
	lim := DefaultLimits()
	src := "round 1 {\n" + strings.Repeat("x:a\n", (lim.FileSize-20)/4) + "}\n"
	if len(src) > lim.FileSize {
		t.Fatalf("the file is %d bytes, over --max-file-size: the test tests nothing", len(src))
	}
	_, diags := lim.Parse("dense.fray", src)
	if len(diags) != 1 || !strings.Contains(diags[0].Summary, "the file's tokens: over the limit of 1000000") ||
		!strings.Contains(diags[0].Detail, "--max-file-tokens") {
		t.Fatalf("want one F501 naming --max-file-tokens, got %v", diags)
	}
	// Token 1000000 (from 0) is on line 1+333333 (3 a line after "round 1 {").
	if got := diags[0].Subject.Start.Line; got != 333334 {
		t.Errorf("the limit is placed on line %d, want 333334", got)
	}
	lim.FileTokens = 4
	if _, diags := lim.Parse("small.fray", "const a = 1\n"); len(diags) != 0 {
		t.Errorf("a file of 4 tokens and EOF refused at 4: %v", diags)
	}
	lim.FileTokens = 3
	if _, diags := lim.Parse("small.fray", "const a = 1\n"); len(diags) != 1 {
		t.Errorf("a file of 4 tokens passed a limit of 3")
	}
}
