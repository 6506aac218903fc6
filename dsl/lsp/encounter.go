package lsp

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// entity is an encounter's side or combatant of that name.
func (p *project) entity(name string) *resolved {
	f := p.decls
	if f == nil {
		return nil
	}
	in := fileOf{p.units[0], f}
	for _, d := range f.Decls {
		if sd := d.Side; sd != nil {
			if sd.Name == name {
				return &resolved{kind: kindSide, name: name, side: sd, in: in}
			}
			for _, it := range sd.Items {
				if c := it.Combatant; c != nil && c.Name == name {
					return &resolved{kind: kindCombatant, name: name, comb: c, side: sd, in: in}
				}
			}
		}
	}
	return nil
}

// encounterRole resolves a word of an encounter by its place: a side's
// or combatant's name, a setting's attribute or value, a script line's
// combatant, action and arguments, a ruling's path, a map's legend.
func (p *project) encounterRole(d *syntax.Decl, t lexer.Token) *resolved {
	toks := p.units[0].toks
	at := t.Pos.Offset
	name := t.Value
	value := func(v *syntax.Value) bool { return v != nil && v.Ident != nil && v.Pos.Offset == at }
	settings := func(sets []*syntax.Setting, owner string) *resolved {
		for _, s := range sets {
			if s.Pos.Offset == at {
				return p.attribute(owner, name)
			}
			if value(s.Value) {
				return p.entity(name)
			}
		}
		return nil
	}
	switch {
	case d.Side != nil:
		sd := d.Side
		if pos, ok := nameAfter(toks, sd.Pos.Offset, sd.Name); ok && pos.Offset == at {
			return p.entity(name)
		}
		for _, it := range sd.Items {
			if it.Set != nil {
				if r := settings([]*syntax.Setting{it.Set}, "side"); r != nil {
					return r
				}
			}
			if c := it.Combatant; c != nil {
				if pos, ok := nameAfter(toks, c.Pos.Offset, c.Name); ok && pos.Offset == at {
					return p.entity(name)
				}
				if r := settings(c.Sets, "combatant"); r != nil {
					return r
				}
			}
		}
	case d.Script != nil:
		for _, l := range d.Script.Lines {
			if l.Pos.Offset == at {
				return p.entity(name)
			}
			if ch := l.Choice; ch != nil { // "who chooses NAME = VALUE"
				if pos, ok := nameAfter(toks, ch.Pos.Offset+len("chooses"), ch.Name); ok && pos.Offset == at {
					return p.named(kindFn, name)
				}
				continue
			}
			steps := []*syntax.Step{{Pos: l.Pos, Action: l.Action, Args: l.Args}}
			steps[0].Pos.Offset += len(l.Who)
			for _, st := range append(steps, l.Then...) { // several declarations (slots)
				if pos, ok := nameAfter(toks, st.Pos.Offset, st.Action); ok && pos.Offset == at {
					return p.named(kindAction, name)
				}
				for _, a := range st.Args {
					if a.Name != nil && a.Pos.Offset == at {
						return p.actionParam(st.Action, name)
					}
					if value(a.Value) {
						return p.entity(name)
					}
				}
			}
		}
	case d.Ruling != nil:
		for _, s := range d.Ruling.Sets {
			parts := s.Path.Parts
			for i, part := range parts {
				if part.Pos.Offset != at {
					continue
				}
				if i == 0 {
					return p.entity(name)
				}
				owner := p.chainType([]string{parts[0].Text}, at)
				return p.attribute(owner, name)
			}
			if value(s.Value) {
				return p.entity(name)
			}
		}
	case d.Map != nil:
		for _, k := range d.Map.Legend {
			if k.Who != nil && k.Who.Pos.Offset == at {
				return p.entity(name)
			}
		}
	}
	return nil
}

// actionParam is a parameter of an action, as a script line names it.
func (p *project) actionParam(action, name string) *resolved {
	d, fo := p.findDecl(kindAction, action)
	if d == nil {
		return nil
	}
	for _, prm := range d.Action.Params {
		if prm.Name == name {
			return &resolved{kind: kindArg, name: name, param: prm, action: d, in: fo, typ: typeText(prm.Type)}
		}
	}
	return nil
}
