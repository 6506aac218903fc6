package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// checkTracker checks the header's `tracker hp, wp`: the combatant
// attributes, whole numbers (never none), that the text log shows for everyone still
// in the fight after each round ("party: brom 8 hp, halvaine 3 hp").
// The combatant type is built before the header is read.
func (c *checker) checkTracker(fld *syntax.HeaderField) {
	if len(fld.Values) == 0 {
		c.errorf(diag.CodeBadHeader, syntax.RangeAt(fld.Pos, fld.Key), "write `tracker hp`, naming combatant attributes", "tracker takes one or more attribute names")
		return
	}
	var names []string
	for _, a := range c.u.CombatantAttrs {
		names = append(names, a.Name)
	}
	for _, v := range fld.Values {
		r := syntax.RangeOf(v.Pos, v.EndPos)
		if v.Ident == nil {
			c.errorf(diag.CodeBadHeader, r, "write `tracker hp`, naming combatant attributes", "tracker takes attribute names, not %s", valueText(v))
			continue
		}
		var attr *Attr
		for _, a := range c.u.CombatantAttrs {
			if a.Name == *v.Ident {
				attr = a
			}
		}
		switch {
		case attr == nil:
			c.errorf(diag.CodeUnknownField, r, c.didYouMean(*v.Ident, names, "declare it in the combatant { ... } block"), "combatant has no attribute %s", *v.Ident)
		case attr.Type != c.u.Int:
			c.errorf(diag.CodeBadHeader, r, "the tracker shows counts such as hit points: name an int attribute", "tracker shows whole numbers; %s is %s", attr.Name, attr.Type)
		case attr.IsOptionalValue():
			// An optional whole number (= none) is held untyped: the
			// tracker line read it as a number and stopped the run with
			// an internal error (the eighth homebrew round).
			c.errorf(diag.CodeBadHeader, r, "give it a whole-number default, or track another attribute", "tracker shows whole numbers; %s may be none", attr.Name)
		default:
			attr.Used = true
			c.m.Tracker = append(c.m.Tracker, attr)
		}
	}
}
