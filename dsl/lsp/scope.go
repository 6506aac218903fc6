package lsp

import (
	"sort"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// binder is a local name: a parameter, a let, a loop variable, or one
// fray provides in a body (self in an action, target in a row's effect).
type binder struct {
	name     string
	what     string // "parameter", "local", "loop variable", "the acting combatant", ...
	at       *lexer.Position
	u        *unit // where at is
	from, to int   // the bytes of units[0] where the name is visible
	typ      string
	param    *syntax.Param
	value    *syntax.Expr // a let's value
	list     *syntax.Expr // a loop's list
}

// declSpan is the byte range of a top-level declaration: from its start
// to the next one's.
func declSpan(f *syntax.File, i int, textLen int) (int, int) {
	to := textLen
	if i+1 < len(f.Decls) {
		to = f.Decls[i+1].Pos.Offset
	}
	return f.Decls[i].Pos.Offset, to
}

// declAt is the index of the top-level declaration around byte off, or -1.
func declAt(f *syntax.File, off, textLen int) int {
	for i := range f.Decls {
		from, to := declSpan(f, i, textLen)
		if off >= from && off < to || i == len(f.Decls)-1 && off == to {
			return i
		}
	}
	return -1
}

// binders are the local names of the declaration around off, innermost
// last; the caller picks the last visible one of a name.
func (p *project) binders(off int) []binder {
	f := p.decls
	if f == nil {
		return nil
	}
	u := p.units[0]
	i := declAt(f, off, len(u.text))
	if i < 0 {
		return nil
	}
	from, to := declSpan(f, i, len(u.text))
	d := f.Decls[i]
	var bs []binder
	params := func(ps []*syntax.Param, owner *unit) {
		for _, prm := range ps {
			pos := prm.Pos
			bs = append(bs, binder{name: prm.Name, what: "parameter", at: &pos, u: owner, from: from, to: to, typ: typeText(prm.Type), param: prm})
		}
	}
	implicit := func(name, what string, from, to int) {
		bs = append(bs, binder{name: name, what: what, from: from, to: to, typ: "combatant"})
	}
	w := &scopeWalker{u: u, add: func(b binder) { bs = append(bs, b) }, point: func(name string) ([]*syntax.Param, *unit) {
		if pt, fo := p.findDecl(kindPoint, name); pt != nil {
			return pt.Point.Params, fo.u
		}
		return nil, nil
	}}
	switch {
	case d.Action != nil:
		implicit("self", "the combatant resolving the action", from, to)
		params(d.Action.Params, u)
		w.block(d.Action.Body)
	case d.Func != nil:
		params(d.Func.Params, u)
		if d.Func.Block != nil { // v2: a procedure's locals
			w.block(d.Func.Block)
		}
	case d.Event != nil:
		params(d.Event.Params, u)
	case d.Modifiers != nil:
		params(d.Modifiers.Params, u)
		if o := d.Modifiers.Over; o != nil {
			if at, ok := nameAfter(u.toks, o.List.EndPos.Offset, o.Var); ok {
				bs = append(bs, binder{name: o.Var, what: "each element of the over list", at: &at, u: u, from: from, to: to, list: o.List})
			}
		}
	case d.Table != nil:
		params(d.Table.Params, u)
		for _, r := range d.Table.Rows {
			if r.Effect != nil {
				implicit("target", "the combatant the row is applied to", r.Effect.Pos.Offset, r.Effect.EndPos.Offset)
				w.block(r.Effect)
			}
		}
	case d.Handler != nil:
		// A handler sees its event's parameters, declared wherever the
		// event is.
		if ev, fo := p.findDecl(kindEvent, d.Handler.Event); ev != nil {
			params(ev.Event.Params, fo.u)
		}
		w.block(d.Handler.Body)
	case d.Phase != nil:
		w.block(d.Phase.Body)
	case d.React != nil: // v2 item 3: a reaction sees its point's parameters and cancelled
		if pt, fo := p.findDecl(kindPoint, d.React.Point.Text); pt != nil {
			params(pt.Point.Params, fo.u)
		}
		bs = append(bs, binder{name: "cancelled", what: "whether a reaction said cancel", from: from, to: to, typ: "bool"})
		w.block(d.React.Body)
	}
	return bs
}

// scopeWalker finds the lets and loop variables of a block.
type scopeWalker struct {
	u   *unit
	add func(binder)
	// point finds a point's parameters and the unit declaring them (v2
	// item 3): an interrupt's blocks see them as locals.
	point func(name string) ([]*syntax.Param, *unit)
}

func (w *scopeWalker) block(b *syntax.Block) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		w.stmt(s, b)
	}
}

func (w *scopeWalker) stmt(s *syntax.Stmt, in *syntax.Block) {
	switch {
	case s.Let != nil && s.Let.Name != nil:
		pos := s.Let.Name.Pos
		w.add(binder{name: s.Let.Name.Text, what: "local", at: &pos, u: w.u, from: pos.Offset, to: in.EndPos.Offset, value: s.Let.Value})
	case s.For != nil && s.For.Var != nil && s.For.Body != nil:
		pos := s.For.Var.Pos
		var list *syntax.Expr
		if s.For.List != nil {
			list = &s.For.List.Expr
		}
		w.add(binder{name: s.For.Var.Text, what: "loop variable", at: &pos, u: w.u, from: s.For.Pos.Offset, to: s.For.Body.EndPos.Offset, list: list})
		w.block(s.For.Body)
	case s.If != nil:
		w.ifStmt(s.If)
	case s.Schedule != nil:
		w.block(s.Schedule.Body)
	case s.Segment != nil:
		w.block(s.Segment.Body)
	case s.While != nil:
		w.block(s.While.Body)
	case s.Referee != nil:
		w.block(s.Referee.Body)
	case s.Interrupt != nil && s.Interrupt.Pending != nil: // v2 item 3
		in := s.Interrupt
		end := in.Pending.EndPos.Offset
		if in.Else != nil {
			end = in.Else.EndPos.Offset
		}
		if ps, pu := w.point(in.Point.Text); ps != nil {
			for _, prm := range ps {
				pos := prm.Pos
				w.add(binder{name: prm.Name, what: "the point's parameter, as its reactions left it", at: &pos, u: pu, from: in.Pending.Pos.Offset, to: end, typ: typeText(prm.Type), param: prm})
			}
		}
		w.block(in.Pending)
		w.block(in.Else)
	case s.Group != nil && s.Group.Var != nil && s.Group.Group != nil && s.Group.Body != nil:
		g := s.Group
		pos, gpos := g.Var.Pos, g.Group.Pos
		w.add(binder{name: g.Var.Text, what: "loop variable", at: &pos, u: w.u, from: g.Pos.Offset, to: g.Body.Pos.Offset, list: g.List})
		w.add(binder{name: g.Group.Text, what: "group of " + g.Var.Text, at: &gpos, u: w.u, from: g.Body.Pos.Offset, to: g.Body.EndPos.Offset})
		w.block(g.Body)
	}
}

func (w *scopeWalker) ifStmt(is *syntax.IfStmt) {
	w.block(is.Then)
	if e := is.Else; e != nil {
		if e.If != nil {
			w.ifStmt(e.If)
		}
		w.block(e.Block)
	}
}

// visible is the innermost binder of name at off, or nil.
func visible(bs []binder, name string, off int) *binder {
	var best *binder
	for i := range bs {
		b := &bs[i]
		if b.name == name && off >= b.from && off <= b.to {
			if best == nil || b.from >= best.from {
				best = b
			}
		}
	}
	return best
}

// nameAfter is the position of the first identifier token name at or
// after byte from.
func nameAfter(toks []lexer.Token, from int, name string) (lexer.Position, bool) {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= from })
	for _, t := range toks[i:] {
		if t.Type == syntax.TokIdent && t.Value == name {
			return t.Pos, true
		}
	}
	return lexer.Position{}, false
}

// typeText renders a type reference.
func typeText(t *syntax.TypeRef) string {
	if t == nil {
		return ""
	}
	if t.List != nil {
		return "list[" + typeText(t.List) + "]"
	}
	return t.Name
}
