package check

import (
	"fmt"
	"sort"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A constant, function, table or modifiers block of a base that only
// the declarations a variant removed or overrode used (the twelfth
// homebrew round's grim removed shock_and_swarm's initiative phase, the
// only reader of initiative_die and party_wins_ties) is unused in the
// variant, though its name still occurs twice in the chain's files,
// which is all usedNames counts. It is warned of (F401) at the variant's
// header, whose writer can remove it there, with the declaration as a
// note, not in the base, which a lint of its own finds clean.

// declUsedOnlyDropped warns of d if it is such a declaration.
func (c *checker) declUsedOnlyDropped(d *syntax.Decl) {
	switch {
	case d.Const != nil && c.usedDropped[d.Const.Name]:
		at := d.Const.Pos
		at.Advance("const ")
		c.usedOnlyDropped("const", d.Const.Name, syntax.RangeAt(at, d.Const.Name))
	case d.Func != nil && c.usedDropped[d.Func.Name]:
		c.usedOnlyDropped("fn", d.Func.Name, syntax.RangeAt(d.Func.Pos, "fn"))
	case d.Modifiers != nil && c.usedDropped[d.Modifiers.Name]:
		c.usedOnlyDropped("modifiers", d.Modifiers.Name, syntax.RangeAt(d.Modifiers.Pos, "modifiers"))
	}
}

// usedOnlyDropped is the warning of kind name, declared at decl.
func (c *checker) usedOnlyDropped(kind, name string, decl diag.Range) {
	head := c.header()
	if head == nil || decl.Filename == head.Pos.Filename {
		return // a declaration of the variant itself: it names it where it uses it
	}
	w := c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(head.Pos, "ruleset"),
		fmt.Sprintf("only what this variant removes or overrides used it: write remove %s %s in it", kind, name),
		"%s %s of %s is never used", kind, name, decl.Filename)
	w.Related = &diag.Related{Message: "declared here", Range: decl}
	c.unusedName(name, w)
}

// inRanges reports whether off falls in one of the ranges [from, to),
// sorted by from (the declarations of one file, in order).
func inRanges(rs [][2]int, off int) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] > off })
	return i < len(rs) && rs[i][0] <= off
}
