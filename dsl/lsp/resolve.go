package lsp

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// kind is what a name refers to.
type kind int

const (
	kindNone kind = iota
	kindConst
	kindFn
	kindEvent
	kindAction
	kindTable
	kindModifiers
	kindPhase
	kindAttr      // owner "combatant" or "side"
	kindLocal     // a binder
	kindSide      // an encounter's side
	kindCombatant // an encounter's combatant
	kindArg       // an action's parameter named in a script line
	kindStdlib
	kindBuiltin // expr-lang's
	kindGlobal
	kindBuiltinAttr
	kindKeyword
	kindDice
	kindFile      // an import's path
	kindCondition // v2: condition NAME { ... }
	kindOrder     // v2: order NAME(a, b) { ... }
	kindPoint     // v2 item 3: a point of reactions
)

var kindWords = map[kind]string{
	kindConst: "const", kindFn: "fn", kindEvent: "event", kindAction: "action", kindTable: "table",
	kindModifiers: "modifiers", kindPhase: "phase", kindCondition: "condition", kindOrder: "order", kindPoint: "point",
}

// kindOfWord is the kind a declaration keyword (after remove) names.
var kindOfWord = map[string]kind{
	"const": kindConst, "fn": kindFn, "event": kindEvent, "on": kindEvent, "action": kindAction,
	"table": kindTable, "modifiers": kindModifiers, "phase": kindPhase, "condition": kindCondition, "point": kindPoint, "react": kindPoint,
}

// resolved is what the name under the cursor refers to.
type resolved struct {
	kind     kind
	name     string
	owner    string // an attribute's: "combatant" or "side"
	from, to int    // the word's bytes in units[0]
	in       fileOf // where the declaration is
	decl     *syntax.Decl
	attr     *syntax.AttrDecl
	binder   *binder
	fn       *stdlib.Func
	side     *syntax.SideDecl
	comb     *syntax.CombatantDecl
	param    *syntax.Param
	action   *syntax.Decl // a kindArg's action
	path     string       // kindFile
	doc      string       // built-ins
	typ      string
}

// declName is the kind and name a top-level declaration declares.
func declName(d *syntax.Decl) (kind, string, lexer.Position) {
	switch {
	case d.Const != nil:
		return kindConst, d.Const.Name, d.Const.Pos
	case d.Func != nil:
		return kindFn, d.Func.Name, d.Func.Pos
	case d.Event != nil:
		return kindEvent, d.Event.Name, d.Event.Pos
	case d.Action != nil:
		return kindAction, d.Action.Name, d.Action.Pos
	case d.Table != nil:
		return kindTable, d.Table.Name, d.Table.Pos
	case d.Modifiers != nil:
		return kindModifiers, d.Modifiers.Name, d.Modifiers.Pos
	case d.Phase != nil:
		return kindPhase, d.Phase.Name, d.Phase.Pos
	case d.Condition != nil:
		return kindCondition, d.Condition.Name, d.Condition.Pos
	case d.Order != nil:
		return kindOrder, d.Order.Name, d.Order.Pos
	case d.Point != nil:
		return kindPoint, d.Point.Name, d.Point.Pos
	}
	return kindNone, "", lexer.Position{}
}

// findDecl is the nearest declaration of a kind and name in the
// project; a nearer file's "remove" hides the base's.
func (p *project) findDecl(k kind, name string) (*syntax.Decl, fileOf) {
	for _, fo := range p.files() {
		for _, d := range fo.f.Decls {
			if d.Remove != nil && d.Remove.Name == name && kindOfWord[d.Remove.Kind] == k && d.Remove.Kind != "on" && d.Remove.Kind != "react" {
				return nil, fileOf{}
			}
			if dk, dn, _ := declName(d); dk == k && dn == name {
				return d, fo
			}
		}
	}
	return nil, fileOf{}
}

// findAttr is the nearest declaration of an attribute of owner.
func (p *project) findAttr(owner, name string) (*syntax.AttrDecl, fileOf) {
	for _, fo := range p.files() {
		for _, d := range fo.f.Decls {
			if s := d.Schema; s != nil && s.Kind == owner {
				for _, a := range s.Attrs {
					if a.Name == name {
						return a, fo
					}
				}
			}
		}
	}
	return nil, fileOf{}
}

func builtinAttr(owner, name string) (string, string, bool) {
	for _, a := range builtinAttrs[owner] {
		if a.name == name {
			return a.typ, a.doc, true
		}
	}
	return "", "", false
}

// attribute resolves name as an attribute of owner, or of a combatant
// then a side when the owner is not known.
func (p *project) attribute(owner, name string) *resolved {
	owners := []string{owner}
	if owner != "combatant" && owner != "side" {
		owners = []string{"combatant", "side"}
	}
	for _, o := range owners {
		if a, fo := p.findAttr(o, name); a != nil {
			return &resolved{kind: kindAttr, name: name, owner: o, attr: a, in: fo, typ: typeText(a.Type)}
		}
		if typ, doc, ok := builtinAttr(o, name); ok {
			return &resolved{kind: kindBuiltinAttr, name: name, owner: o, typ: typ, doc: doc}
		}
	}
	return nil
}

// resolveAt resolves the word at byte off of units[0].
func (p *project) resolveAt(off int) *resolved {
	u := p.units[0]
	toks := u.toks
	i := tokenAt(toks, off)
	if i < 0 {
		return nil
	}
	t := toks[i]
	from, to := t.Pos.Offset, t.Pos.Offset+len(t.Value)
	var r *resolved
	switch t.Type {
	case syntax.TokDice:
		r = p.diceAt(i)
	case syntax.TokString:
		r = p.importAt(t)
	case syntax.TokIdent:
		r = p.identAt(i)
	}
	if r != nil && r.from == r.to {
		r.from, r.to = from, to
	}
	return r
}

// identAt resolves the identifier token i of units[0].
func (p *project) identAt(i int) *resolved {
	u := p.units[0]
	toks := u.toks
	t := toks[i]
	name := t.Value
	prev, prev2 := "", ""
	pi := prevToken(toks, i)
	if pi >= 0 {
		prev = toks[pi].Value
		if pj := prevToken(toks, pi); pj >= 0 {
			prev2 = toks[pj].Value
		}
	}
	// An attribute: "c.hp", or ".hp" inside a predicate.
	if pj := prevToken(toks, pi); prev == "." && (pj < 0 || toks[pj].Type != syntax.TokNumber) {
		return p.attribute(p.receiverType(pi, t.Pos.Offset), name)
	}
	if p.decls == nil {
		return p.global(name, t.Pos.Offset)
	}
	f := p.decls
	di := declAt(f, t.Pos.Offset, len(u.text))
	var d *syntax.Decl
	if di >= 0 {
		d = f.Decls[di]
	}
	// The name a declaration declares.
	if d != nil {
		if k, n, at := declName(d); k != kindNone && n == name {
			if pos, ok := nameAfter(toks, at.Offset, n); ok && pos.Offset == t.Pos.Offset {
				return &resolved{kind: k, name: n, decl: d, in: fileOf{u, f}}
			}
		}
		if s := d.Schema; s != nil {
			for _, a := range s.Attrs {
				if a.Pos.Offset == t.Pos.Offset {
					return &resolved{kind: kindAttr, name: name, owner: s.Kind, attr: a, in: fileOf{u, f}, typ: typeText(a.Type)}
				}
			}
		}
		if p.isEncounter() {
			if r := p.encounterRole(d, t); r != nil {
				return r
			}
		}
	}
	// Words whose kind the keyword before them gives.
	switch {
	case prev2 == "remove" && kindOfWord[prev] != kindNone:
		return p.named(kindOfWord[prev], name)
	case prev == "emit" || prev == "on":
		return p.named(kindEvent, name)
	case prev == "apply":
		return p.named(kindTable, name)
	case prev == "interrupt" || prev == "react":
		return p.named(kindPoint, name) // v2 item 3
	case prev == "condition" && (prev2 == "apply" || prev2 == "remove"):
		return p.named(kindCondition, name)
	case prev == "by":
		// for c in LIST by NAME: a pairwise order, if one has the name
		// (else the start of a key expression, resolved below).
		if r := p.named(kindOrder, name); r != nil {
			return r
		}
	case (prev == "before" || prev == "after") && d != nil && d.Phase != nil && d.Phase.Body != nil && t.Pos.Offset < d.Phase.Body.Pos.Offset:
		return p.named(kindPhase, name)
	case prev == "default" && d != nil && d.Ruleset != nil:
		return p.named(kindAction, name)
	}
	if b := visible(p.binders(t.Pos.Offset), name, t.Pos.Offset); b != nil {
		return &resolved{kind: kindLocal, name: name, binder: b, typ: b.typ}
	}
	return p.global(name, t.Pos.Offset)
}

// named resolves a declaration of a known kind, or nothing.
func (p *project) named(k kind, name string) *resolved {
	if d, fo := p.findDecl(k, name); d != nil {
		return &resolved{kind: k, name: name, decl: d, in: fo}
	}
	return nil
}

// global resolves a name an expression sees outside any local scope.
func (p *project) global(name string, off int) *resolved {
	for _, k := range []kind{kindConst, kindFn, kindTable, kindModifiers} {
		if r := p.named(k, name); r != nil {
			return r
		}
	}
	if f := stdlib.Lookup(name); f != nil && !strings.HasPrefix(name, "__") {
		return &resolved{kind: kindStdlib, name: name, fn: f}
	}
	if doc, ok := exprBuiltins[name]; ok {
		return &resolved{kind: kindBuiltin, name: name, doc: doc}
	}
	if g, ok := globals[name]; ok {
		return &resolved{kind: kindGlobal, name: name, typ: g.typ, doc: g.doc}
	}
	if doc, ok := keywordDocs[name]; ok {
		return &resolved{kind: kindKeyword, name: name, doc: doc}
	}
	// In an encounter, a bare name may be a side or combatant.
	if p.isEncounter() {
		return p.entity(name)
	}
	return nil
}

// importAt resolves the path of an extends or rules header field.
func (p *project) importAt(t lexer.Token) *resolved {
	if len(p.units) < 2 || p.decls == nil {
		return nil
	}
	for _, d := range p.decls.Decls {
		var fields []*syntax.HeaderField
		if d.Ruleset != nil {
			fields = d.Ruleset.Fields
		} else if d.Encounter != nil {
			fields = d.Encounter.Fields
		}
		for _, fld := range fields {
			if (fld.Key == "extends" || fld.Key == "rules") && len(fld.Values) == 1 && fld.Values[0].Pos.Offset == t.Pos.Offset {
				return &resolved{kind: kindFile, name: p.units[1].path, path: p.units[1].path}
			}
		}
	}
	return nil
}
