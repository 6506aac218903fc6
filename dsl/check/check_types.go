package check

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// buildTypes makes the side and combatant struct types from the schemas.
func (c *checker) buildTypes() {
	u := &Universe{
		Int: scalar(KInt, intType), Float: scalar(KFloat, floatType), Bool: scalar(KBool, boolType),
		String: scalar(KString, strType), Dice: scalar(KDice, diceType), Any: scalar(KAny, anyType),
	}
	c.u = u
	c.m.U = u
	// The entity types exist (without Go types yet) while the schemas are
	// read, so that an attribute naming them is reported, not dropped.
	u.Combatant = &Type{Kind: KCombatant}
	u.Side = &Type{Kind: KSide}
	var schemas = map[string]*syntax.SchemaDecl{}
	for _, d := range c.f.Decls {
		if s := d.Schema; s != nil {
			if prev, ok := schemas[s.Kind]; ok {
				e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(s.Pos, s.Kind), "declare all "+s.Kind+" attributes in one block", "second %s attribute block", s.Kind)
				e.Related = &diag.Related{Message: "first block here", Range: syntax.RangeAt(prev.Pos, prev.Kind)}
				// Its attributes are still declared, after the first
				// block's: each use of one is not an error too ("combatant
				// has no attribute last_attacker" at every use, the fifth
				// round's newcomer found).
				merged := *prev
				merged.Attrs = append(append([]*syntax.AttrDecl(nil), prev.Attrs...), s.Attrs...)
				schemas[s.Kind] = &merged
				continue
			}
			schemas[s.Kind] = s
		}
	}
	// Sides first: combatants point at their side. Struct types cannot
	// refer to themselves, so an attribute holding a combatant or side
	// is held untyped and read through a typed function (refs.go).
	sideAttrs := []*Attr{{Name: "name", Type: u.String, Builtin: true}}
	sideAttrs = append(sideAttrs, c.schemaAttrs(schemas["side"], sideBuiltins)...)
	u.SideAttrs = sideAttrs
	u.sideByName = attrsByName(sideAttrs)
	u.Side.R = ptrTo(structOf(sideAttrs))

	cAttrs := []*Attr{
		{Name: "name", Type: u.String, Builtin: true},
		{Name: "side", Type: u.Side, Builtin: true},
		{Name: "alive", Type: u.Bool, Builtin: true},
		{Name: "action", Type: u.String, Builtin: true},
		{Name: "present", Type: u.Bool, Builtin: true, Settable: true},
		{Name: "x", Type: u.Int, Builtin: true, Settable: true},
		{Name: "y", Type: u.Int, Builtin: true, Settable: true},
		{Name: StateAttr, Type: u.String, Builtin: true, Settable: true},
	}
	cAttrs = append(cAttrs, c.schemaAttrs(schemas["combatant"], combatantBuiltins)...)
	u.CombatantAttrs = cAttrs
	u.combatantByName = attrsByName(cAttrs)
	u.Combatant.R = ptrTo(structOf(cAttrs))
	c.typeRefs() // v2: refs.go
	u.buildFriendly()
}

func (c *checker) schemaAttrs(s *syntax.SchemaDecl, builtins []string) []*Attr {
	if s == nil {
		return nil
	}
	var out []*Attr
	seen := map[string]*syntax.AttrDecl{}
	for _, a := range s.Attrs {
		r := syntax.RangeAt(a.Pos, a.Name)
		if s.Kind == "combatant" && a.Name == StateAttr {
			c.errorf(diag.CodeDuplicate, r, "fray keeps why a combatant is out of the fight in state (\"\" while it fights); pick another name", "%s is a built-in %s attribute", a.Name, s.Kind)
			continue
		}
		if contains(builtins, a.Name) {
			c.errorf(diag.CodeDuplicate, r, "fray provides "+strings.Join(builtins, ", ")+"; pick another name", "%s is a built-in %s attribute", a.Name, s.Kind)
			continue
		}
		if prev, ok := seen[a.Name]; ok {
			d := c.errorf(diag.CodeDuplicate, r, "remove one of the two", "attribute %s declared twice", a.Name)
			d.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Pos, prev.Name)}
			continue
		}
		seen[a.Name] = a
		t := c.resolveType(a.Type)
		if t == nil {
			// Reported; keep the attribute, untyped, so that its uses
			// are not reported again as unknown.
			out = append(out, &Attr{Name: a.Name, Type: c.u.Any, Decl: a})
			continue
		}
		if opt := optFunc(t); opt != "" && defaultIsNone(a) { // v2: optional.go
			out = append(out, &Attr{Name: a.Name, Type: t, Decl: a, Ref: opt})
			continue
		}
		if ref := refFunc(t); ref != "" { // v2: refs.go
			out = append(out, &Attr{Name: a.Name, Type: t, Decl: a, Ref: ref})
			continue
		}
		if holdsEntity(t) {
			c.errorf(diag.CodeUnknownType, syntax.RangeOf(a.Type.Pos, a.Type.EndPos), "an attribute may hold a combatant, a side or a list of them; keep anything deeper in a local",
				"an attribute cannot hold %s (only a combatant, a side or a list of them)", t.Article())
			out = append(out, &Attr{Name: a.Name, Type: c.u.Any, Decl: a})
			continue
		}
		out = append(out, &Attr{Name: a.Name, Type: t, Decl: a})
	}
	return out
}

func holdsEntity(t *Type) bool {
	switch t.Kind {
	case KCombatant, KSide:
		return true
	case KList:
		return holdsEntity(t.Elem)
	}
	return false
}

// resolveType maps a type reference to a type, reporting unknown names.
func (c *checker) resolveType(t *syntax.TypeRef) *Type {
	if t.List != nil {
		e := c.resolveType(t.List)
		if e == nil {
			return nil
		}
		return ListOf(e)
	}
	u := c.u
	switch t.Name {
	case "int":
		return u.Int
	case "float":
		return u.Float
	case "bool":
		return u.Bool
	case "string":
		return u.String
	case "dice":
		return u.Dice
	case "combatant":
		return u.Combatant
	case "side":
		return u.Side
	}
	names := []string{"int", "float", "bool", "string", "dice", "combatant", "side"}
	c.errorf(diag.CodeUnknownType, syntax.RangeOf(t.Pos, t.EndPos), c.didYouMean(t.Name, names, "types are int, float, bool, string, dice, combatant, side and list[T]"), "unknown type %q", t.Name)
	return nil
}

// buildGlobals makes the frame every body starts from.
func (c *checker) buildGlobals() {
	u := c.u
	g := &Frame{Name: "globals"}
	g.Fields = []*FrameField{
		{Name: "ctx", Type: &Type{Kind: KAny, R: ctxType}, Global: true},
		{Name: "round", Type: u.Int, Global: true},
		{Name: "segment", Type: u.Int, Global: true},
		{Name: "sides", Type: ListOf(u.Side), Global: true},
		{Name: "combatants", Type: ListOf(u.Combatant), Global: true},
	}
	g.buildLater()
	c.m.Globals = g
	c.m.frames = append(c.m.frames, g)
}

// newFrame starts a body's frame: the globals, then the given locals.
func (c *checker) newFrame(name string) *Frame {
	f := &Frame{Name: name}
	// Every frame starts with its own copy of the globals (a field's
	// index is its place in the frame), made in one piece, with room
	// for a few parameters and locals.
	globals := c.m.Globals.Fields
	copies := make([]FrameField, len(globals))
	f.Fields = make([]*FrameField, len(globals), len(globals)+8)
	for i, g := range globals {
		if g.tag == "" {
			g.tag = exprTag(g.Name) // made once, copied into every frame
		}
		copies[i] = *g
		f.Fields[i] = &copies[i]
	}
	f.buildLater()
	c.m.frames = append(c.m.frames, f)
	return f
}

func (c *checker) checkConsts() {
	seen := map[string]*syntax.ConstDecl{}
	for _, d := range c.f.Decls {
		if d.Const != nil {
			c.checkConst(d.Const, seen)
		}
	}
}

// checkConst checks one constant and adds it to the globals; seen are
// the constants before it, by name.
func (c *checker) checkConst(k *syntax.ConstDecl, seen map[string]*syntax.ConstDecl) {
	c.memo.countConst()
	r := syntax.RangeAt(k.Pos, "const")
	if prev, ok := seen[k.Name]; ok {
		e := c.errorf(diag.CodeDuplicate, r, "rename one of them", "constant %s declared twice", k.Name)
		e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Pos, "const")}
		return
	}
	if c.m.Globals.Lookup(k.Name) != nil {
		c.errorf(diag.CodeDuplicate, r, "round, segment, sides and combatants are provided by fray", "%s is a built-in name", k.Name)
		return
	}
	seen[k.Name] = k
	var want *Type
	if k.Type != nil {
		if want = c.resolveType(k.Type); want == nil {
			return
		}
	}
	if _, ok := diceLiteral(k.Value); ok && want == nil {
		want = c.u.Dice // const d = d12: the dice, not a roll
	}
	if want == nil || want.Kind != KDice {
		if tok, ok := rollOrCall(k.Value); ok {
			c.errorf(diag.CodeScope, syntax.RangeAt(tok.Pos, tok.Value),
				"constants are fixed when the rules load; roll in a phase, or give the attribute a rolled default (hp: int = d8 + 2)",
				"a constant cannot roll dice or call a function")
			if want != nil {
				// Its name stays known, so its uses are not errors too.
				c.m.Globals.Fields = append(c.m.Globals.Fields, &FrameField{Name: k.Name, Type: want, Global: true})
				c.m.Globals.buildLater()
			}
			return
		}
	}
	ce := c.compile(k.Value, c.m.Globals, nil, want)
	if ce == nil {
		return
	}
	t := ce.Type
	if want != nil {
		t = want
	} else if lt := c.literalListType(ce); lt != nil { // const_list_type.go
		t = lt
	}
	ff := &FrameField{Name: k.Name, Type: t, Global: true}
	c.m.Globals.Fields = append(c.m.Globals.Fields, ff)
	c.m.Globals.buildLater()
	c.m.Consts = append(c.m.Consts, &Const{Name: k.Name, Value: ce, Field: ff, Decl: k})
}

// checkAttrDefaults compiles default values of attributes in the globals frame.
func (c *checker) checkAttrDefaults() {
	for _, list := range [][]*Attr{c.u.SideAttrs, c.u.CombatantAttrs} {
		for _, a := range list {
			if a.Decl == nil || a.Decl.Default == nil {
				continue
			}
			if a.Decl.Derived {
				c.checkDerived(a, list) // derived.go
				continue
			}
			if a.IsOptionalValue() { // v2: optional.go: it starts as none
				continue
			}
			if a.Ref != "" && !c.refDefault(a) { // v2: refs.go
				continue
			}
			a.Default = c.compile(a.Decl.Default, c.m.Globals, nil, a.Type)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rollOrCall finds the first die (d6) or call of a library function
// in an expression (expr-lang's own, such as len, stay allowed). A dice
// value on its own (a constant of type dice) is not a roll; the caller
// leaves that case out.
func rollOrCall(e *syntax.Expr) (lexer.Token, bool) {
	if e == nil {
		return lexer.Token{}, false
	}
	for i, t := range e.Tokens {
		if t.Type == syntax.TokDice || t.Type == syntax.TokIdent && i+1 < len(e.Tokens) && e.Tokens[i+1].Value == "(" && stdlib.Lookup(t.Value) != nil {
			return t, true
		}
	}
	return lexer.Token{}, false
}
