package check

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Optional attributes (language v2, item 2: "an explicit none for any
// type"): a number, text, truth or dice attribute whose default is none
// may hold no value,
//
//	combatant {
//	  damaged_in: int = none     # the round it was last damaged, if ever
//	}
//
// so a rule says "never" without a sentinel that a real value can equal
// (round 0, a surprise segment). Such a field is held untyped (any), as
// a reference is (refs.go), and tagged with the function that reads it:
// refPatch turns c.damaged_in into $opt_int(c.damaged_in, "damaged_in"),
// typed int for expr-lang, which stops the run with an error at the
// expression when the attribute is none. Two forms read it without
// that error: `c.damaged_in == none` (and !=) compares the held value
// itself, and `c.damaged_in ?? 0` becomes $opt_or_int(c.damaged_in, 0),
// the value or the fallback, typed int. Rules and encounters assign a
// value or none; none given to an attribute declared with a value (or
// any other place that needs one) is error F606.

// optPrefix starts the names of the functions reading optional fields.
const (
	optPrefix   = "$opt_"
	optOrPrefix = "$opt_or_"
)

// optFunc is the function reading an optional attribute of type t, or
// "" for a type that is not a plain value.
func optFunc(t *Type) string {
	switch t.Kind {
	case KInt, KFloat, KBool, KString, KDice:
		return optPrefix + t.String()
	}
	return ""
}

// IsOptionalValue reports whether a is a plain value (number, text,
// truth, dice) that may be none.
func (a *Attr) IsOptionalValue() bool {
	return strings.HasPrefix(a.Ref, optPrefix)
}

// defaultIsNone reports whether an attribute's declared default is the
// word none.
func defaultIsNone(a *syntax.AttrDecl) bool {
	if a.Default == nil || a.Derived {
		return false
	}
	return isNoneLiteral(a.Default)
}

// declareOptFuncs registers the readers of the optional attributes this
// ruleset declares: $opt_T(v, name) and $opt_or_T(v, fallback).
func (c *checker) declareOptFuncs() {
	seen := map[string]bool{}
	for _, a := range append(append([]*Attr{}, c.u.SideAttrs...), c.u.CombatantAttrs...) {
		if !a.IsOptionalValue() || seen[a.Ref] {
			continue
		}
		seen[a.Ref] = true
		t := a.Type.R
		read := func(args ...any) (any, error) {
			if args[0] == nil {
				return nil, errors.New(NoneRead(args[1].(string)))
			}
			return optValue(args[0], t), nil
		}
		c.defineFunc(a.Ref, diag.Range{}, read, reflect.FuncOf([]reflect.Type{anyType, strType}, []reflect.Type{t}, false))
		delete(c.funcs, a.Ref) // no rule names it: never suggested
		or := func(args ...any) (any, error) {
			if args[0] == nil {
				return optValue(args[1], t), nil
			}
			return optValue(args[0], t), nil
		}
		name := optOrPrefix + a.Type.String()
		c.defineFunc(name, diag.Range{}, or, reflect.FuncOf([]reflect.Type{anyType, t}, []reflect.Type{t}, false))
		delete(c.funcs, name)
	}
}

// NoneRead is the error of reading the optional attribute name as a
// value while it is none (the VM's and the native plan's).
func NoneRead(name string) string {
	return fmt.Sprintf("%s is none here: test it first (!= none), or read it with a fallback (%s ?? VALUE)", name, name)
}

// OptPrefix and OptOrPrefix start the names of the functions reading
// optional values (for the interpreter's native plan).
const (
	OptPrefix   = optPrefix
	OptOrPrefix = optOrPrefix
)

// optValue is v as type t: a whole number stored in a number attribute
// is read as a number.
func optValue(v any, t reflect.Type) any {
	if t == floatType {
		switch x := v.(type) {
		case int:
			return float64(x)
		case int64:
			return float64(x)
		}
	}
	if t == diceType {
		if d, ok := v.(stdlib.Dice); ok {
			return d
		}
	}
	return v
}

// optPatchBinary rewrites the two forms that read an optional attribute
// without requiring a value, once refPatch has wrapped the read: `x ==
// none` / `x != none` compare the held value, and `x ?? y` gives y when
// x is none. It reports whether it changed the node.
func optPatchBinary(node *ast.Node, done map[*ast.MemberNode]bool) bool {
	b, ok := (*node).(*ast.BinaryNode)
	if !ok {
		return false
	}
	switch b.Operator {
	case "==", "!=":
		if _, ok := b.Right.(*ast.NilNode); ok {
			if m := optRead(b.Left); m != nil {
				b.Left = m
				return true
			}
		}
		if _, ok := b.Left.(*ast.NilNode); ok {
			if m := optRead(b.Right); m != nil {
				b.Right = m
				return true
			}
		}
	case "??":
		call, ok := b.Left.(*ast.CallNode)
		if m := optRead(b.Left); ok && m != nil {
			name := optOrPrefix + strings.TrimPrefix(call.Callee.(*ast.IdentifierNode).Value, optPrefix)
			ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: []ast.Node{m, b.Right}})
			return true
		}
	}
	return false
}

// optRead is the attribute read that n wraps, if n is the reading of an
// optional attribute ($opt_T(read, name)).
func optRead(n ast.Node) ast.Node {
	call, ok := n.(*ast.CallNode)
	if !ok || len(call.Arguments) != 2 {
		return nil
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok || !strings.HasPrefix(id.Value, optPrefix) || strings.HasPrefix(id.Value, optOrPrefix) {
		return nil
	}
	return call.Arguments[0]
}

// noneForValue reports none given where a plain value is needed (an
// attribute that cannot be none, F606), at r; it reports whether it did.
func (c *checker) noneForValue(e *syntax.Expr, t *Type, what string, r diag.Range) bool {
	if optFunc(t) == "" || !isNoneLiteral(e) {
		return false
	}
	if what == "" {
		c.errorf(diag.CodeNoneValue, r, "only references and attributes declared with `= none` may be none; give a value",
			"expected %s, found none", t.Article())
		return true
	}
	c.errorf(diag.CodeNoneValue, r, fmt.Sprintf("declare it with `= none` as its default to let it hold none (%s: %s = none)", what, t),
		"%s is %s and cannot be none", what, t.Article())
	return true
}

// isNoneLiteral reports whether an expression is the word none alone.
func isNoneLiteral(e *syntax.Expr) bool {
	return e != nil && len(e.Tokens) == 1 && e.Tokens[0].Value == syntax.None
}

// The functions `a ?? b` becomes when a and b are combatants or sides.
// expr-lang's ?? dereferences a pointer on either side, so the value it
// gave was a copy of the combatant: reading it worked, but an
// assignment through it, a condition applied to it, or a list it was put
// in changed (or held) the copy, not the fight's combatant. These give
// the reference itself.
const (
	orCombatant = "$or_c"
	orSide      = "$or_s"
	orAny       = "$or_any"
)

// declareOrFuncs registers the ?? of references, typed with this
// ruleset's structs.
func (c *checker) declareOrFuncs() {
	first := func(args ...any) (any, error) {
		if v := args[0]; v != nil && !(reflect.ValueOf(v).Kind() == reflect.Pointer && reflect.ValueOf(v).IsNil()) {
			return v, nil
		}
		return args[1], nil
	}
	for _, f := range []struct {
		name string
		t    reflect.Type
	}{{orCombatant, c.u.Combatant.R}, {orSide, c.u.Side.R}, {orAny, anyType}} {
		c.defineFunc(f.name, diag.Range{}, first, reflect.FuncOf([]reflect.Type{f.t, f.t}, []reflect.Type{f.t}, false))
		delete(c.funcs, f.name) // no rule names it: never suggested
	}
}

// orPatch rewrites a ?? b into the call that keeps references (above)
// when either side is a combatant or a side, or is untyped (a fn's call,
// which expr-lang types any, may give one). It reports whether it did.
func orPatch(node *ast.Node, u *Universe) bool {
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || b.Operator != "??" || b.Left.Type() == nil || b.Right.Type() == nil {
		return false
	}
	name := ""
	for _, t := range []reflect.Type{b.Left.Type(), b.Right.Type()} {
		switch {
		case t == u.Combatant.R:
			name = orCombatant
		case t == u.Side.R:
			name = orSide
		}
		if name != "" {
			break
		}
	}
	if name == "" {
		if b.Left.Type().Kind() != reflect.Interface {
			return false // numbers, text, lists: nothing is dereferenced
		}
		name = orAny
	}
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: []ast.Node{b.Left, b.Right}})
	return true
}
