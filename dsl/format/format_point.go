package format

import "github.com/frayrules/fray/dsl/syntax"

// Points, reactions and interrupts (language v2, item 3;
// syntax/point_ast.go).

// point prints "point NAME(PARAMS) ["template"]".
func (p *formatter) point(d *syntax.PointDecl) {
	p.known(d, d.Pos, "Name", "Params", "Template")
	p.tok("point")
	p.space()
	p.tok(d.Name)
	p.params(d.Params)
	if d.Template != nil {
		p.space()
		p.tokType(syntax.TokString, "a string")
	}
}

// react prints "react POINT ["label"] [by PARAM] [when COND] { BODY }".
func (p *formatter) react(d *syntax.ReactDecl) {
	p.known(d, d.Pos, "Point", "Label", "By", "When", "Body")
	p.tok("react")
	p.space()
	p.name(d.Point)
	if d.Label != nil {
		p.space()
		p.tokType(syntax.TokString, "a string")
	}
	if d.By != nil {
		p.space()
		p.tok("by")
		p.space()
		p.name(d.By)
	}
	if d.When != nil {
		p.space()
		p.tok("when")
		p.space()
		p.expr(d.When)
	}
	p.block(d.Body)
}

// interrupt prints "interrupt POINT(ARGS) [{ PENDING } [else { CANCELLED }]]"
// and a bare "cancel".
func (p *formatter) interrupt(s *syntax.Stmt) {
	if c := s.CancelPending; c != nil {
		p.known(c, c.Pos, "Kw")
		p.tok("cancel")
		return
	}
	in := s.Interrupt
	p.known(in, in.Pos, "Point", "Args", "Pending", "Else")
	p.tok("interrupt")
	p.space()
	p.name(in.Point)
	p.args(in.Args)
	if in.Pending != nil {
		p.block(in.Pending)
	}
	if in.Else != nil {
		p.space()
		p.tok("else")
		p.block(in.Else)
	}
}
