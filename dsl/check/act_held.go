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
				c.errorf(diag.CodeArgs, at, c.didYouMean(name, c.heldParams().names, "act held gives parameters of the held action"), "no action has a parameter named %s", name)
			}
		}
		seen[name] = true
		bc.compile(arg.Value, want)
	}
}

// heldParams are the parameters of every action by name, made once
// for a file (a statement of many arguments under many actions walked
// them all for each argument).
type heldParams struct {
	types map[string]*Type // nil where the actions having it differ
	names []string         // sorted, for did-you-mean
}

// heldParamType is the type of the parameter so named of every action
// that has one, nil where they differ (the value is converted, or
// refused, when the held action is known); known is false where no
// action has it.
func (c *checker) heldParamType(name string) (t *Type, known bool) {
	t, known = c.heldParams().types[name]
	return t, known
}

func (c *checker) heldParams() *heldParams {
	if c.held != nil {
		return c.held
	}
	h := &heldParams{types: map[string]*Type{}}
	for _, a := range c.m.Actions {
		for _, p := range a.Params {
			t, seen := h.types[p.Name]
			switch {
			case !seen:
				h.types[p.Name] = p.Type
				h.names = append(h.names, p.Name)
			case t != nil && t.String() != p.Type.String():
				h.types[p.Name] = nil
			}
		}
	}
	sort.Strings(h.names)
	c.held = h
	return h
}
