package check

import (
	"sort"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// act WHO, and act held WHO with NAME = EXPR, ... (docs/actions.md): the
// held declaration performed with those arguments in place of the ones
// the script gave it (or its defaults). Which action is held is known
// only while running, so a name must be a parameter of some action, and
// its value is checked against that parameter's type where every action
// that has one agrees on it.
func (bc *bodyCheck) actStmt(a *syntax.ActStmt) {
	c := bc.c
	bc.compile(&a.Who.Expr, c.u.Combatant)
	seen := map[string]bool{}
	for _, arg := range a.With {
		name := arg.Name.Text
		at := syntax.RangeOf(arg.Name.Pos, arg.Name.EndPos)
		want, known := c.heldParamType(name)
		if bc.final {
			switch {
			case !a.Held:
				c.errorf(diag.CodeArgs, at, "act performs what was declared, as declared; give arguments to a held declaration (act held c with "+name+" = ...), or declare them in the script",
					"only act held takes arguments")
			case seen[name]:
				c.errorf(diag.CodeDuplicate, at, "give it once", "argument %s given twice", name)
			case !known:
				c.errorf(diag.CodeArgs, at, c.didYouMean(name, c.actionParamNames(), "act held gives parameters of the held action"), "no action has a parameter named %s", name)
			}
		}
		seen[name] = true
		bc.compile(arg.Value, want)
	}
}

// heldParamType is the type of the parameter so named of every action
// that has one, nil where they differ (the value is converted, or
// refused, when the held action is known); known is false where no
// action has it.
func (c *checker) heldParamType(name string) (t *Type, known bool) {
	for _, a := range c.m.Actions {
		for _, p := range a.Params {
			if p.Name != name {
				continue
			}
			switch {
			case !known:
				t, known = p.Type, true
			case t != nil && t.String() != p.Type.String():
				t = nil
			}
		}
	}
	return t, known
}

// actionParamNames are the parameter names of every action, sorted.
func (c *checker) actionParamNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range c.m.Actions {
		for _, p := range a.Params {
			if !seen[p.Name] {
				seen[p.Name] = true
				out = append(out, p.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}
