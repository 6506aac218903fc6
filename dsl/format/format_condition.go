package format

import "github.com/frayrules/fray/dsl/syntax"

// Conditions (language v2, part D; syntax/condition.go).

// condition prints "condition NAME { ... }", one item a line.
func (p *formatter) condition(c *syntax.ConditionDecl) {
	p.known(c, c.Pos, "Name", "Items")
	p.tok("condition")
	p.space()
	p.tok(c.Name)
	p.space()
	p.openBlock()
	for _, it := range c.Items {
		p.known(it, it.Pos, "CannotAct", "Lasts", "Adjust")
		p.line()
		switch {
		case it.CannotAct:
			p.tok("cannot")
			p.space()
			p.tok("act")
		case it.Lasts != nil:
			p.tok("lasts")
			p.space()
			p.expr(&it.Lasts.Expr)
			p.space()
			p.tok("rounds")
		case it.Adjust != nil:
			a := it.Adjust
			p.known(a, a.Pos, "Op", "Attr", "By")
			p.tok(a.Op)
			p.space()
			p.name(a.Attr)
			p.space()
			p.tok("by")
			p.space()
			p.expr(a.By)
		}
	}
	p.closeBlock()
}

// conditionStmt prints "apply condition X to c [for N rounds]" or
// "remove condition X from c".
func (p *formatter) conditionStmt(s *syntax.Stmt) {
	if a := s.ApplyCondition; a != nil {
		p.known(a, a.Pos, "Name", "Target", "For")
		p.tok("apply")
		p.space()
		p.tok("condition")
		p.space()
		p.name(a.Name)
		p.space()
		p.tok("to")
		p.space()
		p.expr(&a.Target.Expr)
		if a.For != nil {
			p.space()
			p.tok("for")
			p.space()
			p.expr(&a.For.Expr)
			p.space()
			p.tok("rounds")
		}
		return
	}
	rm := s.RemoveCondition
	p.known(rm, rm.Pos, "Name", "Target")
	p.tok("remove")
	p.space()
	p.tok("condition")
	p.space()
	p.name(rm.Name)
	p.space()
	p.tok("from")
	p.space()
	p.expr(rm.Target)
}
