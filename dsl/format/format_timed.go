package format

import "github.com/frayrules/fray/dsl/syntax"

// Time within a round (syntax/timed.go): a timed loop's clock and the
// schedule statement's tie word and "after N" or "at M".

// clock lays out " at count|segment EXPR [asc|desc]" (nothing for an
// ordinary loop).
func (p *formatter) clock(c *syntax.Clock) {
	if c == nil {
		return
	}
	p.known(c, c.Pos, "Unit", "Key", "Dir")
	p.space()
	p.tok("at")
	p.space()
	p.name(c.Unit)
	p.space()
	p.expr(c.Key)
	if c.Dir != "" {
		p.space()
		p.tok(c.Dir)
	}
}

// scheduleTie lays out a schedule's tie word and the space after it.
func (p *formatter) scheduleTie(t *syntax.Tie) {
	if t == nil {
		return
	}
	p.known(t, t.Pos, "Word")
	p.name(t.Word)
	p.space()
}

// scheduleWhen lays out "after N" or "at M".
func (p *formatter) scheduleWhen(s *syntax.ScheduleStmt) {
	if s.At != nil {
		p.tok("at")
		p.space()
		p.expr(s.At)
		return
	}
	p.tok("after")
	p.space()
	p.expr(s.After)
}
