package format

import "github.com/frayrules/fray/dsl/syntax"

// Action slots and costs, several declarations a script line, choice
// answers (language v2, item 5; dsl/syntax/slots.go).

// slots prints "slots { main 1  move 1 }", one slot a line (a ";"
// between two is dropped, as after a setting).
func (p *formatter) slots(s *syntax.SlotsDecl) {
	p.known(s, s.Pos, "Slots")
	p.tok("slots")
	p.space()
	p.openBlock()
	for _, sl := range s.Slots {
		p.known(sl, sl.Pos, "Name", "Count")
		p.line()
		p.tok(sl.Name)
		p.space()
		p.number(sl.Count)
		if p.peekIs(";") {
			p.skip(";")
		}
	}
	p.closeBlock()
}

// costs prints an action's " costs main or move, free" (nothing without).
func (p *formatter) costs(gs []*syntax.CostGroup) {
	if len(gs) == 0 {
		return
	}
	p.space()
	p.tok("costs")
	for i, g := range gs {
		p.known(g, g.Pos, "Alts")
		if i > 0 {
			p.tok(",")
		}
		p.space()
		for j, alt := range g.Alts {
			if j > 0 {
				p.space()
				p.tok("or")
				p.space()
			}
			p.name(alt)
		}
	}
}

// chooses prints a script's " chooses NAME = VALUE".
func (p *formatter) chooses(c *syntax.ChoiceAnswer) {
	p.known(c, c.Pos, "Name", "Value")
	p.space()
	p.tok("chooses")
	p.space()
	p.tok(c.Name)
	p.space()
	p.tok("=")
	p.space()
	p.value(c.Value)
}

// scriptStep prints one declaration of a script line: "[hold] action(args)".
func (p *formatter) scriptStep(hold bool, action string, args []*syntax.Arg) {
	if hold {
		p.tok("hold")
		p.space()
	}
	p.tok(action)
	if !p.peekIs("(") {
		return
	}
	p.tok("(")
	for i, a := range args {
		p.known(a, a.Pos, "Name", "Value")
		if i > 0 {
			p.tok(",")
			p.space()
		}
		if a.Name != nil {
			p.tok(*a.Name)
			p.space()
			p.tok("=")
			p.space()
		}
		p.value(a.Value)
	}
	p.tok(")")
}
