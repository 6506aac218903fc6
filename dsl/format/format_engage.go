package format

import "github.com/frayrules/fray/dsl/syntax"

// engagement prints engage(WHO, WITH) and disengage(WHO[, FROM]).
func (p *formatter) engagement(s *syntax.Stmt) {
	word, who, other, fields := "engage", (*syntax.Expr)(nil), (*syntax.Expr)(nil), []string{"Who", "With"}
	if e := s.Engage; e != nil {
		p.known(e, e.Pos, fields...)
		who, other = e.Who, e.With
	} else {
		d := s.Disengage
		p.known(d, d.Pos, "Who", "From")
		word, who, other = "disengage", d.Who, d.From
	}
	p.tok(word)
	p.tok("(")
	p.expr(who)
	if other != nil {
		p.tok(",")
		p.space()
		p.expr(other)
	}
	p.tok(")")
}
