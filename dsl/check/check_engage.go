package check

import (
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// engagement checks engage WHO with WITH and disengage WHO [from WITH]:
// combatants both, and not the same one written twice (`engage self with
// self`), which can only fail when it runs. An expression with a call in
// it may give another combatant each time, so only plain paths compare.
func (bc *bodyCheck) engagement(s *syntax.Stmt) {
	u := bc.c.u
	who, other, word := (*syntax.Expr)(nil), (*syntax.Expr)(nil), ""
	switch {
	case s.Engage != nil:
		who, other, word = s.Engage.Who, s.Engage.With, "engage"
	default:
		who, other, word = s.Disengage.Who, s.Disengage.From, "disengage"
	}
	bc.compile(who, u.Combatant)
	if other == nil {
		return
	}
	bc.compile(other, u.Combatant)
	if !bc.final {
		return
	}
	if raw := who.Raw(); raw == other.Raw() && !strings.Contains(raw, "(") {
		bc.c.errorf(diag.CodeEngageSelf, syntax.RangeOf(other.Pos, other.EndPos), "name two different combatants", "%s cannot %s itself", raw, word)
	}
}
