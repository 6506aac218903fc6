package syntax

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
)

// Limits bound what the parser accepts, so that no file can crash it,
// hang it or exhaust memory. Every limit has a flag that raises it; a
// diagnostic that reports one names the limit, its value and the flag.
// The checker's own limits (check.Limits) extend these.
type Limits struct {
	FileSize   int // bytes of one file (--max-file-size)
	Depth      int // nesting of brackets and braces (--max-depth)
	ExprTokens int // tokens of one expression (--max-expr-tokens)
	// FileTokens bounds the tokens of one file (--max-file-tokens): the
	// parser holds several hundred bytes for each, so 4 MiB of tiny
	// tokens ("x:a" a line, 3 million of them) would take a gigabyte and
	// most of a minute, where the same size of ordinary text is a third
	// as many.
	FileTokens int
}

// DefaultLimits are generous for real play.
func DefaultLimits() Limits {
	return Limits{FileSize: 4 << 20, Depth: 100, ExprTokens: 2000, FileTokens: 1_000_000}
}

// LimitDiag reports a limit reached: what, the limit's value and the
// flag that raises it.
func LimitDiag(r diag.Range, what string, value int, flag string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeLimit,
		Summary: fmt.Sprintf("%s: over the limit of %d", what, value),
		Detail:  fmt.Sprintf("raise it with %s if this is intended", flag), Subject: r}
}

// checkDepth rejects nesting deeper than the limit before the parser, which
// recurses once per level, ever sees it.
func checkDepth(toks []lexer.Token, limit int) *diag.Diagnostic {
	depth := 0
	for _, t := range toks {
		if t.Type != TokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
			if depth > limit {
				return LimitDiag(RangeAt(t.Pos, t.Value), "nesting", limit, "--max-depth")
			}
		case ")", "]", "}":
			depth--
		}
	}
	return nil
}
