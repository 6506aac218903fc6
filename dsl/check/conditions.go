package check

import (
	"fmt"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Conditions (language v2, part D; syntax/condition.go): a ruleset
// declares them with their duration and effects; `apply condition X to
// c [for N rounds]` and `remove condition X from c` put them on and take
// them off; has(c, "X") asks. The engine applies the effects: a
// combatant under a condition that cannot act is skipped by `act`, and
// adjustments change derived attributes (derived.go) while it holds.

// Condition is a checked condition declaration.
type Condition struct {
	Name      string
	Index     int // its place in Model.ConditionList
	CannotAct bool
	// Lasts is the duration in rounds when a statement gives none,
	// rolled when the condition is applied; nil: until removed.
	Lasts   *CExpr
	Adjusts []*CondAdjust
	Decl    *syntax.ConditionDecl
	Used    bool
	Applied bool // some statement applies it
}

// CondAdjust changes a derived attribute while the condition holds.
type CondAdjust struct {
	Attr  *Attr
	Scale bool   // multiply by By; else add it
	By    *CExpr // in the globals frame: constants and literals
}

// declareConditions reads the condition declarations: before bodies are
// checked, so that statements and has() find them.
func (c *checker) declareConditions() {
	for _, d := range c.f.Decls {
		cd := d.Condition
		if cd == nil {
			continue
		}
		if c.m.Conditions == nil {
			c.m.Conditions = map[string]*Condition{}
		}
		if prev, ok := c.m.Conditions[cd.Name]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(cd.Pos, "condition"), "rename one of them", "condition %s declared twice", cd.Name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Decl.Pos, "condition")}
			continue
		}
		k := &Condition{Name: cd.Name, Index: len(c.m.ConditionList), Decl: cd}
		c.m.Conditions[cd.Name] = k
		c.m.ConditionList = append(c.m.ConditionList, k)
		c.conditionItems(k)
	}
}

func (c *checker) conditionItems(k *Condition) {
	seen := map[string]*syntax.ConditionItem{}
	once := func(it *syntax.ConditionItem, what string) bool {
		if prev, ok := seen[what]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeOf(it.Pos, it.EndPos), "keep one of them", "condition %s says %s twice", k.Name, what)
			e.Related = &diag.Related{Message: "first here", Range: syntax.RangeOf(prev.Pos, prev.EndPos)}
			return false
		}
		seen[what] = it
		return true
	}
	for _, it := range k.Decl.Items {
		switch {
		case it.CannotAct:
			if once(it, "cannot act") {
				k.CannotAct = true
			}
		case it.Lasts != nil:
			if once(it, "lasts") {
				k.Lasts = c.compile(&it.Lasts.Expr, c.m.Globals, nil, c.u.Int)
			}
		case it.Adjust != nil:
			c.conditionAdjust(k, it.Adjust)
		}
	}
}

// conditionAdjust checks "adjust ATTR by EXPR" or "scale ATTR by EXPR".
func (c *checker) conditionAdjust(k *Condition, a *syntax.ConditionAdjust) {
	r := syntax.RangeOf(a.Attr.Pos, a.Attr.EndPos)
	at := c.u.AttrOf(false, a.Attr.Text)
	var derived []string
	for _, x := range c.u.CombatantAttrs {
		if x.Decl != nil && x.Decl.Derived {
			derived = append(derived, x.Name)
		}
	}
	switch {
	case at == nil:
		c.errorf(diag.CodeUnknownField, r, c.didYouMean(a.Attr.Text, derived, "declare it in the combatant { ... } block"), "combatant has no attribute %s", a.Attr.Text)
		return
	case at.Decl == nil || !at.Decl.Derived:
		c.errorf(diag.CodeConditionAdjust, r, fmt.Sprintf("a condition changes a derived attribute, which fray recomputes when the condition comes and goes: declare e.g. `%s_now: %s = derived self.%s` and read that", at.Name, typeName(at.Type), at.Name),
			"%s is not a derived attribute", at.Name)
		return
	case at.Type.Kind != KInt && at.Type.Kind != KFloat:
		c.errorf(diag.CodeType, r, "only numbers are adjusted or scaled", "%s is %s, not a number", at.Name, at.Type.Article())
		return
	}
	want := at.Type
	if a.Op == "scale" {
		want = c.u.Float // a factor: 0.5 halves
	}
	by := c.compile(a.By, c.m.Globals, nil, want)
	if by == nil {
		return
	}
	if rolls(by.Node) {
		c.errorf(diag.CodeConditionAdjust, syntax.RangeOf(a.By.Pos, a.By.EndPos), "an adjustment is the same each time it is applied; give a number or a constant",
			"condition %s rolls dice in an adjustment", k.Name)
	} else if name := readsTheFight(by.Node); name != "" {
		// The amount is read when the attribute is recomputed (the
		// condition applied, removed or ended, an attribute it reads
		// assigned), not when round or the fight changes: adjust by
		// round kept round 1's amount into round 5 (the eighth
		// homebrew round).
		c.errorf(diag.CodeConditionAdjust, syntax.RangeOf(a.By.Pos, a.By.EndPos), "an adjustment is the same each time it is applied; give a number or a constant (len(sides) and len(combatants) are fixed)",
			"condition %s's adjustment reads %s, which changes during a fight", k.Name, name)
		return
	}
	k.Adjusts = append(k.Adjusts, &CondAdjust{Attr: at, Scale: a.Op == "scale", By: by})
}

// readsTheFight is the first thing an adjustment's amount reads that
// changes during a fight: round, segment, sides or combatants other than
// their lengths, or a call (a function, table or modifiers block, which
// may read the fight); "" when it reads only literals and constants.
func readsTheFight(n ast.Node) string {
	if n == nil {
		return ""
	}
	lengths := map[ast.Node]bool{} // sides and combatants under len: fixed
	ast.Walk(&n, visitFunc(func(x *ast.Node) {
		if b, ok := (*x).(*ast.BuiltinNode); ok && b.Name == "len" && len(b.Arguments) == 1 {
			lengths[b.Arguments[0]] = true
		}
	}))
	found := ""
	ast.Walk(&n, visitFunc(func(x *ast.Node) {
		if found != "" {
			return
		}
		switch v := (*x).(type) {
		case *ast.IdentifierNode:
			switch v.Value {
			case "round", "segment":
				found = v.Value
			case "sides", "combatants":
				if !lengths[v] {
					found = v.Value
				}
			}
		case *ast.CallNode:
			found = "a call"
			if id, ok := v.Callee.(*ast.IdentifierNode); ok {
				found = id.Value + "(...)"
			}
		}
	}))
	return found
}

// rolls reports whether an expression calls the dice.
func rolls(n ast.Node) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Walk(&n, visitFunc(func(x *ast.Node) {
		if call, ok := (*x).(*ast.CallNode); ok {
			if id, ok := call.Callee.(*ast.IdentifierNode); ok && isRollingCall(id.Value) {
				found = true
			}
		}
	}))
	return found
}

func typeName(t *Type) string {
	if t == nil {
		return "int"
	}
	return t.String()
}

// condition finds a condition a statement names, reporting an unknown one.
func (c *checker) condition(n *syntax.Name) *Condition {
	k := c.m.Conditions[n.Text]
	if k == nil {
		c.errorf(diag.CodeUnknownName, syntax.RangeOf(n.Pos, n.EndPos), c.didYouMean(n.Text, keys(c.m.Conditions), "declare it with `condition "+n.Text+" { ... }`"), "unknown condition %s", n.Text)
		return nil
	}
	k.Used = true
	return k
}

// conditionStmt checks "apply condition X to c [for N rounds]" and
// "remove condition X from c".
func (bc *bodyCheck) conditionStmt(s *syntax.Stmt) {
	c := bc.c
	if a := s.ApplyCondition; a != nil {
		if bc.final {
			if k := c.condition(a.Name); k != nil {
				k.Applied = true
			}
		}
		bc.compile(&a.Target.Expr, c.u.Combatant)
		if a.For != nil {
			bc.compile(&a.For.Expr, c.u.Int)
		}
		return
	}
	rm := s.RemoveCondition
	if bc.final {
		c.condition(rm.Name)
	}
	bc.compile(rm.Target, c.u.Combatant)
}

// checkHasNames reports has(c, "X") calls whose literal X names no
// condition: a typo there would otherwise be false for ever.
func (c *checker) checkHasNames() {
	for e, ce := range c.m.Exprs {
		if ce == nil || ce.Node == nil {
			continue
		}
		root := ce.Node
		ast.Walk(&root, visitFunc(func(n *ast.Node) {
			call, ok := (*n).(*ast.CallNode)
			if !ok || len(call.Arguments) < 2 {
				return
			}
			// World functions are called with the run's context first:
			// has(ctx, c, "name"); the name is the last argument.
			f, ok := call.Callee.(*ast.IdentifierNode)
			name, lit := call.Arguments[len(call.Arguments)-1].(*ast.StringNode)
			if !ok || f.Value != "has" || !lit {
				return
			}
			if k := c.m.Conditions[name.Value]; k != nil {
				k.Used = true
				return
			}
			c.errorf(diag.CodeUnknownName, syntax.RangeOf(e.Pos, e.EndPos), c.didYouMean(name.Value, keys(c.m.Conditions), "declare it with `condition "+name.Value+" { ... }`"),
				"has asks for unknown condition %q", name.Value)
		}))
	}
}

// checkUnusedConditions warns about conditions no statement applies
// (one only asked about with has() or removed can never hold).
func (c *checker) checkUnusedConditions() {
	for _, k := range c.m.ConditionList {
		if !k.Applied {
			c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(k.Decl.Pos, "condition"), "put it on a combatant with `apply condition "+k.Name+" to ...`, or remove it",
				"condition %s is never applied", k.Name)
		}
	}
}
