package check

import (
	"fmt"
	"slices"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Derived attributes (language v2, part D):
//
//	combatant {
//	  agility: int = 10
//	  agility_mod: int = derived (self.agility - 10) / 2
//	}
//
// The engine computes a derived attribute from its expression, with self
// the combatant, once the combatant is set up and again whenever a rule
// assigns one of the attributes the expression reads: it is stored, so
// every reader (native or expr-lang's VM) reads a field as usual, and it
// is never stale because the only ways its sources change are
// assignments, which the plan knows (interp/derived.go). That is why the
// expression may read only what an assignment changes: self's own
// attributes (not its side or position, which other machinery moves),
// constants, and no dice, round, segment or other combatants.

// DerivedAttr is what the interpreter needs to recompute an attribute.
type DerivedAttr struct {
	Expr  *CExpr      // the expression, in Frame (Attr.Default stays nil)
	Frame *Frame      // the globals and self
	Self  *FrameField // self, the combatant
	// Reads are the attributes of self the expression reads, by name:
	// an assignment to one of them recomputes the combatant's derived
	// attributes.
	Reads []string
}

// derivedForbidden are the built-in attributes a derived attribute may
// not read: the engine or the map change them without an assignment.
var derivedForbidden = []string{"side", "action", "x", "y"}

// derivedGlobals are the globals that change without an assignment.
var derivedGlobals = []string{"round", "segment", "sides", "combatants"}

// checkDerived compiles a derived attribute's expression and checks that
// the engine can keep it true. attrs is the attribute's own schema, in
// field order.
func (c *checker) checkDerived(a *Attr, attrs []*Attr) {
	e := a.Decl.Default
	r := syntax.RangeOf(e.Pos, e.EndPos)
	if len(attrs) == 0 || attrs[0] != c.u.CombatantAttrs[0] {
		c.errorf(diag.CodeDerivedReads, syntax.RangeAt(a.Decl.Pos, a.Name), "keep the value in a combatant attribute, or compute it in a fn",
			"only combatant attributes can be derived")
		return
	}
	fr := c.newFrame("derived " + a.Name)
	self := &FrameField{Name: "self", Type: c.u.Combatant, param: true}
	fr.Fields = append(fr.Fields, self)
	fr.buildLater()
	ce := c.compile(e, fr, func(n string) bool { return n == "self" }, a.Type)
	if ce == nil {
		return
	}
	d := &DerivedAttr{Expr: ce, Frame: fr, Self: self}
	a.Derived = d
	if ce.Node == nil {
		return // a literal: nothing to follow
	}
	// First the reads of self's attributes, then anything else that
	// names self, a changing global or a roll.
	allowed := map[*ast.IdentifierNode]bool{}
	root := ce.Node
	ast.Walk(&root, visitFunc(func(n *ast.Node) {
		if m, ok := (*n).(*ast.MemberNode); ok {
			id, ok := m.Node.(*ast.IdentifierNode)
			prop, isName := m.Property.(*ast.StringNode)
			if ok && id.Value == "self" && isName {
				allowed[id] = true
				if !slices.Contains(d.Reads, prop.Value) {
					d.Reads = append(d.Reads, prop.Value)
				}
			}
		}
		// has(self, "slowed"): conditions recompute derived attributes
		// when they come and go (interp/conditions.go).
		// (World functions are called with the run's context first.)
		if call, ok := (*n).(*ast.CallNode); ok && len(call.Arguments) >= 2 {
			if f, ok := call.Callee.(*ast.IdentifierNode); ok && f.Value == "has" {
				if id, ok := call.Arguments[len(call.Arguments)-2].(*ast.IdentifierNode); ok && id.Value == "self" {
					allowed[id] = true
				}
			}
		}
	}))
	bad := func(hint, format string, args ...any) {
		c.errorf(diag.CodeDerivedReads, r, hint, format, args...)
	}
	reported := false
	ast.Walk(&root, visitFunc(func(n *ast.Node) {
		if reported {
			return
		}
		switch x := (*n).(type) {
		case *ast.IdentifierNode:
			switch {
			case x.Value == "self" && !allowed[x]:
				bad("read self's attributes one by one (self.hp), so that fray knows when to recompute it", "derived attribute %s passes self along", a.Name)
				reported = true
			case slices.Contains(derivedGlobals, x.Value):
				bad("a derived attribute follows its own combatant's attributes; keep the value in an attribute that a phase sets", "derived attribute %s reads %s, which changes without an assignment", a.Name, x.Value)
				reported = true
			}
		case *ast.CallNode:
			if id, ok := x.Callee.(*ast.IdentifierNode); ok && (isRollingCall(id.Value) || c.rollsTable(id.Value, len(x.Arguments))) {
				bad("a derived value is the same each time it is read; roll in a phase and store the result in an attribute", "derived attribute %s rolls dice", a.Name)
				reported = true
			}
		}
	}))
	if reported {
		return
	}
	for _, name := range d.Reads {
		at := c.u.AttrOf(false, name) // attrs are the combatants' (above)
		switch {
		case at == nil:
			// expr-lang reported the unknown attribute already.
		case slices.Contains(derivedForbidden, name):
			bad("fray changes it without an assignment; derive from an attribute the rules set", "derived attribute %s reads the built-in %s", a.Name, name)
			return
		case at == a:
			bad("a derived attribute is computed from others", "derived attribute %s reads itself", a.Name)
			return
		case at.Decl != nil && at.Decl.Derived && at.Field > a.Field:
			bad(fmt.Sprintf("derived attributes are computed in the order they are declared; declare %s before %s", name, a.Name),
				"derived attribute %s reads %s, derived after it", a.Name, name)
			return
		}
	}
}

// derivedSet reports an assignment or setting of a derived attribute.
func (c *checker) derivedSet(r diag.Range, at *Attr) {
	hint := "it is computed by fray"
	if at.Decl.Default != nil {
		hint = fmt.Sprintf("fray computes it as %s; set what it is derived from instead", at.Decl.Default.Raw())
	}
	c.errorf(diag.CodeDerivedSet, r, hint, "cannot set the derived attribute %s", at.Name)
}

// isRollingCall reports whether a call of the library rolls dice.
func isRollingCall(name string) bool {
	return name == stdlib.DiceFunc || name == "roll" || name == "pick"
}

// rollsTable reports whether calling name with n arguments rolls a table's dice.
func (c *checker) rollsTable(name string, n int) bool {
	t, ok := c.m.Tables[name]
	return ok && n == 0 && t != nil
}

// visitFunc is an ast.Visitor made of a function.
type visitFunc func(n *ast.Node)

func (f visitFunc) Visit(n *ast.Node) { f(n) }
