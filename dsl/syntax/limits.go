package syntax

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
)

// LimitSet bounds what fray accepts, so that no file can crash it, hang it
// or exhaust memory. Every limit has a flag that raises it; a diagnostic
// that reports one names the limit, its value and the flag.
type LimitSet struct {
	FileSize      int // bytes of one file (--max-file-size)
	Depth         int // nesting of brackets and braces (--max-depth)
	ExprTokens    int // tokens of one expression (--max-expr-tokens)
	ExprNodes     int // syntax nodes of one compiled expression (--max-expr-tokens)
	Iterations    int // estimated steps of one expression's loops (--max-iterations)
	Combatants    int // combatants of an encounter (--max-combatants)
	UnknownLength int // the length assumed for a list whose size is not known before running
}

// DefaultLimits are generous for real play.
func DefaultLimits() LimitSet {
	return LimitSet{FileSize: 4 << 20, Depth: 100, ExprTokens: 2000, ExprNodes: 10000,
		Iterations: 10_000_000, Combatants: 1000, UnknownLength: 1000}
}

// Limits in force; the command line sets them from its flags before any
// work starts, fuzz tests make them small.
var Limits = DefaultLimits()

func LimitDiag(r diag.Range, what string, value int, flag string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeLimit,
		Summary: fmt.Sprintf("%s: over the limit of %d", what, value),
		Detail:  fmt.Sprintf("raise it with %s if this is intended", flag), Subject: r}
}

// checkDepth rejects nesting deeper than the limit before the parser, which
// recurses once per level, ever sees it.
func checkDepth(toks []lexer.Token) *diag.Diagnostic {
	depth := 0
	for _, t := range toks {
		if t.Type != TokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
			if depth > Limits.Depth {
				return LimitDiag(RangeAt(t.Pos, t.Value), "nesting", Limits.Depth, "--max-depth")
			}
		case ")", "]", "}":
			depth--
		}
	}
	return nil
}
