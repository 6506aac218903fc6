package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
)

// Lists of combatants or sides a rule file joins: concat([t], within(t,
// ...)), flatten(map(enemy_sides(s), living(members(#)))). expr-lang
// types concat's list a list of any and flatten's value any, whatever
// their items, so a local or a loop variable made of them was read by
// name in expr-lang's VM and a misspelt attribute of its items passed
// the lint. Their items' type is known when every list joined is one of
// the same combatants or sides: the local is typed a list of them
// (sharpen), and the interpreter joins them natively
// (interp/fast_joins.go).

// concatList is the list type of concat(args...) when every argument
// is a list of the same combatants or sides: typed so, seen through
// filter, sortBy and the like, a literal of them ([t]), or the empty
// literal [] beside at least one of the others; nil otherwise.
func (c *checker) concatList(args []ast.Node) *Type {
	var elem *Type
	for _, a := range args {
		var e *Type
		if arr, ok := a.(*ast.ArrayNode); ok {
			if len(arr.Nodes) == 0 {
				continue
			}
			for _, item := range arr.Nodes {
				it := c.entityOf(item)
				if it == nil || e != nil && it != e {
					return nil
				}
				e = it
			}
		} else if l := c.entityListOf(a); l != nil {
			e = l.Elem
		} else {
			return nil
		}
		if elem != nil && e != elem {
			return nil
		}
		elem = e
	}
	if elem == nil {
		return nil // [] alone, or nothing: a list of anything
	}
	return ListOf(elem)
}

// flattenedList is the list type of flatten(map(L, BODY)) when BODY
// gives a list of combatants or sides (members(#), living(...), a fn
// declared to give one): the items of each such list in turn; nil
// otherwise.
func (c *checker) flattenedList(n ast.Node) *Type {
	call, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value != "flatten" {
		return nil
	}
	args := call.Arguments
	if len(args) == 2 {
		// The library's flatten takes the fight first (the context
		// argument expr-lang adds), then the list.
		if id, ok := args[0].(*ast.IdentifierNode); ok && id.Value == "ctx" {
			args = args[1:]
		}
	}
	if len(args) != 1 {
		return nil
	}
	m, ok := args[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 || m.Map != nil {
		return nil
	}
	p, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	return c.entityListOf(p.Node)
}

// The functions that type a joined list where a builtin with a predicate
// reads it: filter(concat([t], within(t, ...)), .side != c.side) became
// filter($joined_c(concat(...)), ...). expr-lang gives # the type of the
// items of the list it is given, any for concat's and flatten's, so a
// misspelt attribute in the predicate passed the lint and the predicate
// ran in its VM; given the call's list type, # is a combatant (or a
// side). The call gives its argument as it is: the VM's []any (nil for a
// concat of empty lists), which expr-lang's builtins read item by item
// whatever the list's type, so nobody in a joined list ([t] with t none)
// is read through as before; the interpreter builds the list natively
// (interp/fast_joins.go).
const (
	JoinedCombatants = "$joined_c"
	JoinedSides      = "$joined_s"
)

// declareJoinFuncs registers $joined_c and $joined_s, typed with this
// ruleset's structs.
func (c *checker) declareJoinFuncs() {
	for _, f := range []struct {
		name string
		t    reflect.Type
	}{{JoinedCombatants, reflect.SliceOf(c.u.Combatant.R)}, {JoinedSides, reflect.SliceOf(c.u.Side.R)},
		{KeysStrings, reflect.TypeFor[[]string]()}, {KeysInts, reflect.TypeFor[[]int]()}, // group_maps.go
		{ValuesCombatants, reflect.SliceOf(reflect.SliceOf(c.u.Combatant.R))}, {ValuesSides, reflect.SliceOf(reflect.SliceOf(c.u.Side.R))}} {
		c.defineFunc(f.name, diag.Range{}, sameValue, reflect.FuncOf([]reflect.Type{anyType}, []reflect.Type{f.t}, false))
		delete(c.funcs, f.name) // no rule names it: never suggested
	}
}

func sameValue(args ...any) (any, error) { return args[0], nil }

// joinPatch wraps a joined list of combatants or sides that a builtin
// with a predicate reads (filter, map, any, all, count, sortBy, find,
// ...) in $joined_c or $joined_s. It runs after a check, when the nodes
// have their types, and again while it finds more (one per check).
type joinPatch struct {
	c       *checker
	env     *view // the names the expression reads, and their types
	patched bool
}

func (p *joinPatch) Reset()             { p.patched = false }
func (p *joinPatch) ShouldRepeat() bool { return p.patched }

func (p *joinPatch) Visit(node *ast.Node) {
	b, ok := (*node).(*ast.BuiltinNode)
	if !ok || len(b.Arguments) < 2 {
		return
	}
	if _, ok := b.Arguments[1].(*ast.PredicateNode); !ok {
		return
	}
	if fn := groupKeysFunc(p.env, b.Arguments[0]); fn != "" {
		// keys(M) of a map groupBy made: group_maps.go
		ast.Patch(&b.Arguments[0], &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: []ast.Node{b.Arguments[0]}})
		p.patched = true
		return
	}
	if fn := p.c.groupValuesFunc(p.env, b.Arguments[0]); fn != "" {
		// values(M) of a map groupBy made: group_maps.go
		ast.Patch(&b.Arguments[0], &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: []ast.Node{b.Arguments[0]}})
		p.patched = true
		return
	}
	l := p.joinedList(b.Arguments[0])
	if l == nil {
		return
	}
	fn := JoinedCombatants
	if l.Elem.Kind == KSide {
		fn = JoinedSides
	}
	ast.Patch(&b.Arguments[0], &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: []ast.Node{b.Arguments[0]}})
	p.patched = true
}

// joinedList is the list type of n when n is concat or flatten(map(...))
// of lists of the same combatants or sides; nil otherwise (and for a
// list expr-lang already types).
func (p *joinPatch) joinedList(n ast.Node) *Type {
	if l := p.c.flattenedList(n); l != nil {
		return l
	}
	if g := groupIndex(p.env, n); g != nil {
		return g.List // m[k] of a map groupBy made: group_maps.go
	}
	if x, ok := n.(*ast.BuiltinNode); ok && x.Name == "concat" {
		return p.c.concatList(x.Arguments)
	}
	return nil
}
