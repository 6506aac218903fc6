package lsp

import (
	"encoding/json"
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// documentSymbol is the outline of a file: its header, schemas and their
// attributes, constants, events, handlers, actions, tables, modifiers,
// functions, phases and the end condition; in an encounter, its sides
// and their combatants, scripts, rulings and map.
func (s *Server) documentSymbol(params json.RawMessage) (any, *rpcError) {
	var p formattingParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	proj, _, err := s.projectOf(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := []DocumentSymbol{}
	f := proj.decls
	if f == nil {
		return out, nil
	}
	u := proj.units[0]
	ol := &outline{u: u}
	for i, d := range f.Decls {
		from, to := declSpan(f, i, len(u.text))
		if sym, ok := ol.decl(d, from, ol.end(from, to)); ok {
			out = append(out, sym)
		}
	}
	if !s.caps.TextDocument.DocumentSymbol.HierarchicalDocumentSymbolSupport {
		return flatten(out, u.uri, ""), nil
	}
	return out, nil
}

// symbolInformation is the flat outline, for clients without
// hierarchical document symbols.
type symbolInformation struct {
	Name          string   `json:"name"`
	Kind          int      `json:"kind"`
	Location      Location `json:"location"`
	ContainerName string   `json:"containerName,omitempty"`
}

func flatten(syms []DocumentSymbol, uri, container string) []symbolInformation {
	out := []symbolInformation{}
	for _, s := range syms {
		out = append(out, symbolInformation{Name: s.Name, Kind: s.Kind, Location: Location{URI: uri, Range: s.Range}, ContainerName: container})
		out = append(out, flatten(s.Children, uri, s.Name)...)
	}
	return out
}

type outline struct{ u *unit }

// end is the end of the last token in [from, to), comments left out:
// where a declaration without an end position ends.
func (ol *outline) end(from, to int) int {
	end := from
	for _, t := range ol.u.toks {
		if t.Pos.Offset >= to {
			break
		}
		if t.Pos.Offset >= from && t.Type != syntax.TokComment && t.Type != syntax.TokEOF {
			end = t.Pos.Offset + len(t.Value)
		}
	}
	return end
}

// sym makes a symbol spanning [from, to) whose name is at pos.
func (ol *outline) sym(name, detail string, kind, from, to int, pos lexer.Position, nameLen int) DocumentSymbol {
	if to < from {
		to = from
	}
	sel := ol.u.lines.span(pos.Offset, pos.Offset+nameLen)
	if pos.Offset < from || pos.Offset+nameLen > to {
		sel = ol.u.lines.span(from, from)
	}
	return DocumentSymbol{Name: name, Detail: detail, Kind: kind, Range: ol.u.lines.span(from, to), SelectionRange: sel}
}

// named is a symbol whose name is the first identifier name after from.
func (ol *outline) named(name, detail string, kind, from, to int) DocumentSymbol {
	pos, ok := nameAfter(ol.u.toks, from, name)
	if !ok {
		pos = lexer.Position{Offset: from}
	}
	return ol.sym(name, detail, kind, from, to, pos, len(name))
}

func (ol *outline) decl(d *syntax.Decl, from, to int) (DocumentSymbol, bool) {
	switch {
	case d.Ruleset != nil:
		return ol.sym(string(d.Ruleset.Name), "ruleset", symModule, from, to, d.Ruleset.Pos, len("ruleset")), true
	case d.Encounter != nil:
		return ol.sym(string(d.Encounter.Name), "encounter", symModule, from, to, d.Encounter.Pos, len("encounter")), true
	case d.Schema != nil:
		sym := ol.sym(d.Schema.Kind, "attributes", symStruct, from, to, d.Schema.Pos, len(d.Schema.Kind))
		for _, a := range d.Schema.Attrs {
			sym.Children = append(sym.Children, ol.sym(a.Name, typeText(a.Type), symField, a.Pos.Offset, a.EndPos.Offset, a.Pos, len(a.Name)))
		}
		return sym, true
	case d.Const != nil:
		return ol.named(d.Const.Name, "const", symConstant, from, to), true
	case d.Event != nil:
		return ol.named(d.Event.Name, "event("+paramsText(d.Event.Params)+")", symEvent, from, to), true
	case d.Handler != nil:
		pos, _ := nameAfter(ol.u.toks, d.Handler.Pos.Offset, d.Handler.Event)
		return ol.sym("on "+d.Handler.Event, "handler", symMethod, from, to, pos, len(d.Handler.Event)), true
	case d.Point != nil: // v2 item 3
		return ol.named(d.Point.Name, "point("+paramsText(d.Point.Params)+")", symEvent, from, to), true
	case d.React != nil:
		name := "react " + d.React.Point.Text
		if d.React.Label != nil {
			name += fmt.Sprintf(" %q", string(*d.React.Label))
		}
		p := d.React.Point.Pos
		return ol.sym(name, "reaction", symMethod, from, to, p, len(d.React.Point.Text)), true
	case d.Action != nil:
		return ol.named(d.Action.Name, "action("+paramsText(d.Action.Params)+")", symMethod, from, to), true
	case d.Table != nil:
		detail := "table"
		if d.Table.Dice != nil {
			detail += " " + d.Table.Dice.Text
		}
		return ol.named(d.Table.Name, detail, symEnum, from, to), true
	case d.Modifiers != nil:
		return ol.named(d.Modifiers.Name, "modifiers", symOperator, from, to), true
	case d.Func != nil:
		detail := fmt.Sprintf("fn(%s)", paramsText(d.Func.Params))
		if d.Func.Result != nil {
			detail += ": " + typeText(d.Func.Result)
		}
		if d.Func.Block != nil { // v2: a procedure
			detail = "procedure " + detail
		}
		return ol.named(d.Func.Name, detail, symFunction, from, to), true
	case d.Phase != nil:
		ph := d.Phase
		when := "phase once"
		switch {
		case ph.Each != "":
			when = "phase each " + ph.Each
		case ph.AtEnd:
			when = "phase at end"
		}
		return ol.named(ph.Name, when, symNamespace, from, to), true
	case d.Condition != nil: // v2
		return ol.named(d.Condition.Name, "condition", symEnumMember, from, to), true
	case d.Order != nil: // v2
		return ol.named(d.Order.Name, "order("+paramsText(d.Order.Params)+")", symOperator, from, to), true
	case d.End != nil:
		return ol.sym("end when", d.End.When.Raw(), symObject, from, to, d.End.Pos, len("end")), true
	case d.Side != nil:
		sd := d.Side
		sym := ol.named(sd.Name, "side", symClass, from, to)
		for _, it := range sd.Items {
			if c := it.Combatant; c != nil {
				sym.Children = append(sym.Children, ol.named(c.Name, "combatant", symObject, c.Pos.Offset, c.EndPos.Offset))
			}
		}
		return sym, true
	case d.Script != nil:
		name := "surprise"
		if d.Script.Round != nil {
			name = "round " + d.Script.Round.Text
		}
		sym := ol.sym(name, "declarations", symNamespace, from, to, d.Script.Pos, len(name))
		for _, l := range d.Script.Lines {
			label := l.Who + ": " + l.Action
			for _, st := range l.Then { // several declarations (slots)
				label += " then " + st.Action
			}
			if l.Choice != nil {
				label = l.Who + " chooses " + l.Choice.Name
			}
			sym.Children = append(sym.Children, ol.sym(label, "", symVariable, l.Pos.Offset, l.EndPos.Offset, l.Pos, len(l.Who)))
		}
		return sym, true
	case d.Ruling != nil:
		return ol.sym(string(d.Ruling.Text), "ruling", symObject, from, to, d.Ruling.Pos, len("ruling")), true
	case d.Map != nil:
		return ol.sym("map", fmt.Sprintf("%d rows", len(d.Map.Rows)), symObject, from, to, d.Map.Pos, len("map")), true
	case d.Remove != nil:
		return ol.named(d.Remove.Name, "remove "+d.Remove.Kind, symNamespace, from, to), true
	}
	return DocumentSymbol{}, false
}
