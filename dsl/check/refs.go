package check

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Typed references (language v2, item 2): attributes of combatants and
// sides that hold a combatant, a side or a list of them,
//
//	combatant {
//	  opponent: combatant = none
//	  allies_in_reach: list[combatant]
//	}
//
// A struct type made with reflect.StructOf cannot refer to itself (nor
// the side's to the combatant's, made after it), so such a field is held
// untyped (any) and tagged with the function that reads it: refPatch
// turns every read of it, c.opponent, into a call, $ref_c(c.opponent),
// whose result expr-lang knows is a combatant, so c.opponent.hp is
// checked (and misspellings found) like any attribute. A reference
// that names nobody is none (nil); reading through it is a runtime error
// at the expression. Encounter files set them by name (opponent =
// grishak, allies = [ann, bob]).

// The functions that read references, by what they give.
const (
	refCombatant  = "$ref_c"
	refSide       = "$ref_s"
	refCombatants = "$refs_c"
	refSides      = "$refs_s"
)

// refFunc is the function reading an attribute of type t, or "" for a
// type an attribute holds directly (or cannot hold).
func refFunc(t *Type) string {
	switch {
	case t.Kind == KCombatant:
		return refCombatant
	case t.Kind == KSide:
		return refSide
	case t.Kind == KList && t.Elem.Kind == KCombatant:
		return refCombatants
	case t.Kind == KList && t.Elem.Kind == KSide:
		return refSides
	}
	return ""
}

// refTag is the struct tag of a reference field: its name for
// expr-lang, and the function reading it for refPatch.
func refTag(name, fn string) reflect.StructTag {
	return reflect.StructTag(fmt.Sprintf("%s fray:%q", exprTag(name), fn))
}

// typeRefs gives the reference attributes their Go types, once both
// structs exist (a list type made while they were built has none).
func (c *checker) typeRefs() {
	for _, list := range [][]*Attr{c.u.SideAttrs, c.u.CombatantAttrs} {
		for _, a := range list {
			if a.Ref != "" && a.Type.Kind == KList {
				a.Type = ListOf(a.Type.Elem)
			}
		}
	}
}

// declareRefFuncs registers the functions that read references, typed
// with this ruleset's structs.
func (c *checker) declareRefFuncs() {
	u := c.u
	some := false
	for _, a := range append(append([]*Attr{}, u.SideAttrs...), u.CombatantAttrs...) {
		some = some || a.Ref != ""
	}
	if !some {
		return // a ruleset without references checks as before
	}
	for _, f := range []struct {
		name string
		t    reflect.Type
	}{{refCombatant, u.Combatant.R}, {refSide, u.Side.R}, {refCombatants, reflect.SliceOf(u.Combatant.R)}, {refSides, reflect.SliceOf(u.Side.R)}} {
		t := f.t
		impl := func(args ...any) (any, error) { return readRef(args[0], t), nil }
		c.defineFunc(f.name, diag.Range{}, impl, reflect.FuncOf([]reflect.Type{anyType}, []reflect.Type{t}, false))
		delete(c.funcs, f.name) // no rule names it: never suggested
	}
}

// ReadRef is the value of a reference field v as type t: nil (none) for
// nobody, a list of t's elements for a list (empty for none; a list
// stored untyped, as filter(...) makes one, converted).
func readRef(v any, t reflect.Type) any {
	if t.Kind() != reflect.Slice {
		if v == nil || reflect.ValueOf(v).IsNil() {
			return nil
		}
		return v
	}
	rv := reflect.ValueOf(v)
	if v == nil {
		return reflect.MakeSlice(t, 0, 0).Interface()
	}
	if rv.Type() == t {
		return v
	}
	out := reflect.MakeSlice(t, 0, rv.Len())
	for i := 0; i < rv.Len(); i++ {
		e := rv.Index(i)
		if e.Kind() == reflect.Interface {
			e = e.Elem()
		}
		if !e.IsValid() || e.Type() != t.Elem() {
			continue // nobody, in a list: left out
		}
		out = reflect.Append(out, e)
	}
	return out.Interface()
}

// refPatch turns each read of a reference attribute into a call of the
// function that types it. It runs after a check, when the nodes have
// their types, and again while it finds more (one per check).
type refPatch struct {
	u       *Universe // for ?? of references (optional.go)
	patched bool
	done    map[*ast.MemberNode]bool // reads already wrapped: the call holds them
}

func (p *refPatch) Reset()             { p.patched = false }
func (p *refPatch) ShouldRepeat() bool { return p.patched }

func (p *refPatch) Visit(node *ast.Node) {
	if optPatchBinary(node, p.done) || p.u != nil && orPatch(node, p.u) { // v2: optional.go
		p.patched = true
		return
	}
	m, ok := (*node).(*ast.MemberNode)
	if !ok || m.Node.Type() == nil || p.done[m] {
		return
	}
	prop, ok := m.Property.(*ast.StringNode)
	st := m.Node.Type()
	if !ok || st.Kind() != reflect.Pointer || st.Elem().Kind() != reflect.Struct {
		return
	}
	if sf, ok := ExprField(st.Elem(), prop.Value); ok { // expr_fields.go
		if fn := sf.Tag.Get("fray"); fn != "" {
			if p.done == nil {
				p.done = map[*ast.MemberNode]bool{}
			}
			p.done[m] = true
			args := []ast.Node{m}
			if strings.HasPrefix(fn, optPrefix) { // an optional value names itself in its error (optional.go)
				args = append(args, &ast.StringNode{Value: prop.Value})
			}
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args})
			p.patched = true
		}
	}
}

// refDefault checks the default of a reference attribute: every side and
// combatant starts referring to nobody (none), or, for a list, to an
// empty list ([]); rules and the encounter set them. A default that
// names somebody would be evaluated before the fight has anybody.
func (c *checker) refDefault(a *Attr) bool {
	toks := a.Decl.Default.Tokens
	switch {
	case len(toks) == 1 && (toks[0].Value == syntax.None || toks[0].Value == "nil"):
		return true
	case len(toks) == 2 && a.Type.Kind == KList && toks[0].Value == "[" && toks[1].Value == "]":
		return true
	}
	empty := "none"
	if a.Type.Kind == KList {
		empty = "[] (or none)"
	}
	c.errorf(diag.CodeRefDefault, syntax.RangeOf(a.Decl.Default.Pos, a.Decl.Default.EndPos),
		fmt.Sprintf("start it as %s and set it in a rule (a phase once) or in the encounter (%s = NAME)", empty, a.Name),
		"attribute %s holds %s: its default can only be %s", a.Name, a.Type.Article(), empty)
	return false
}
