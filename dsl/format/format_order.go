package format

import "github.com/frayrules/fray/dsl/syntax"

// orderDecl lays out a pairwise order, one rule a line:
//
//	order melee(a: combatant, b: combatant) {
//	  "more attacks first": a.attacks > b.attacks
//	}
func (p *formatter) orderDecl(o *syntax.OrderDecl) {
	p.known(o, o.Pos, "Name", "Params", "Rules")
	p.tok("order")
	p.space()
	p.tok(o.Name)
	p.params(o.Params)
	p.space()
	p.openBlock()
	for _, r := range o.Rules {
		p.known(r, r.Pos, "Label", "Cond")
		p.line()
		p.tokType(syntax.TokString, "a string")
		p.tok(":")
		p.space()
		p.expr(r.Cond)
		p.semi()
	}
	p.closeBlock()
}
