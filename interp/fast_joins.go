package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Lists of combatants or sides a rule file joins, natively:
//
//	let caught = concat([t], within(t, living(combatants), 10))
//	let foes = flatten(map(enemy_sides(s), living(members(#))))
//
// expr-lang types concat's list a list of any and flatten's value any,
// so these (and every expression reading them) ran in its VM: half of
// the hunt and sorcery homebrew fights. dsl/check types them lists of
// their items when every list joined is one of the same combatants or
// sides (entity_lists.go); so does this file, by the same shapes.
//
// The VM gives a joined list as []any (concat's nil when every list is
// empty), so boxing one is left to it (fexpr.noBox); stores, loops and
// the native callers take the list as it is. A literal and concat count
// the items they make as the VM counts them (madeList: the memory budget
// and the run's work); flatten counts the map's visits and each list it
// reads, as the library's flatten does.

// joinedElem is the type of the items of n when n is a literal of
// combatants or sides ([t]), concat of lists of the same ones, or
// flatten(map(L, BODY)) with BODY such a list; nil for anything else.
func (c *fastCompiler) joinedElem(n ast.Node) reflect.Type {
	if e := c.groupIndexElem(n); e != nil {
		return e // M[K] of a map groupBy made: fast_groups.go
	}
	if e := c.groupValuesElem(n); e != nil {
		return e // flatten(values(M)) of one: fast_groups.go
	}
	switch x := n.(type) {
	case *ast.ArrayNode:
		return c.literalElem(x)
	case *ast.BuiltinNode:
		if x.Name != "concat" || len(x.Arguments) == 0 {
			return nil
		}
		var elem reflect.Type
		for _, a := range x.Arguments {
			if arr, ok := a.(*ast.ArrayNode); ok && len(arr.Nodes) == 0 {
				continue // [] beside the others
			}
			e := c.listElem(a)
			if e == nil || elem != nil && e != elem {
				return nil
			}
			elem = e
		}
		return elem
	case *ast.CallNode:
		if m := flattenedMap(x); m != nil {
			return c.listElem(m.Arguments[1].(*ast.PredicateNode).Node)
		}
	}
	return nil
}

// literalElem is the type of the items of [a, b, ...] when each is the
// same combatant or side type; nil otherwise (and for []).
func (c *fastCompiler) literalElem(x *ast.ArrayNode) reflect.Type {
	var elem reflect.Type
	for _, item := range x.Nodes {
		e := c.entityType(item)
		if e == nil || elem != nil && e != elem {
			return nil
		}
		elem = e
	}
	return elem
}

// listElem is the type of the items of n, a list of combatants or
// sides typed so or seen to be one (a filter, a joined list); nil
// otherwise.
func (c *fastCompiler) listElem(n ast.Node) reflect.Type {
	if t := c.typeOf(n); c.isEntityList(t) {
		return t.Elem()
	}
	return c.anyEntityList(n)
}

// flattenedMap is the map(L, BODY) of flatten(map(L, BODY)), nil when x
// is not that.
func flattenedMap(x *ast.CallNode) *ast.BuiltinNode {
	args := callArgs(x)
	if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != "flatten" || len(args) != 1 {
		return nil
	}
	m, ok := args[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 || m.Map != nil {
		return nil
	}
	if _, ok := m.Arguments[1].(*ast.PredicateNode); !ok {
		return nil
	}
	return m
}

// joined compiles a list joinedElem recognises; nil when a part of it
// is not native.
func (c *fastCompiler) joined(n ast.Node) listFn {
	if c.joinedElem(n) == nil {
		return nil
	}
	if l := c.groupIndex(n); l != nil {
		return l
	}
	if l := c.groupValues(n); l != nil {
		return l
	}
	switch x := n.(type) {
	case *ast.ArrayNode:
		return c.entityLiteral(x)
	case *ast.BuiltinNode:
		return c.concatLists(x.Arguments)
	case *ast.CallNode:
		if l := c.flattenMembers(x); l != nil { // fast_lists.go
			return l
		}
		return c.flattenLists(flattenedMap(x))
	}
	return nil
}

// entityLiteral compiles [a, b, ...] of combatants or sides: a new
// list of its items, evaluated in order.
func (c *fastCompiler) entityLiteral(x *ast.ArrayNode) listFn {
	items := make([]ptrFn, len(x.Nodes))
	for i, e := range x.Nodes {
		if items[i] = c.ptr(e); items[i] == nil {
			return nil
		}
	}
	return itemsInOrder(items)
}

// concatLists compiles concat(l1, l2, ...) of lists of combatants or
// sides ([] among them): a new list of their items, every list read
// before any is copied, as the VM evaluates every argument before the
// call.
func (c *fastCompiler) concatLists(args []ast.Node) listFn {
	lists := make([]listFn, len(args))
	for i, a := range args {
		if arr, ok := a.(*ast.ArrayNode); ok && len(arr.Nodes) == 0 {
			lists[i] = func(*Run, addr) ([]addr, error) { return nil, nil }
			continue
		}
		if lists[i] = c.list(a); lists[i] == nil {
			return nil
		}
	}
	return concatInOrder(lists)
}

// flattenLists compiles flatten(map(L, BODY)), BODY a list of combatants
// or sides for each item # of L: the items of each list in turn.
func (c *fastCompiler) flattenLists(m *ast.BuiltinNode) listFn {
	src := c.list(m.Arguments[0])
	c.preds++
	body := c.list(m.Arguments[1].(*ast.PredicateNode).Node)
	c.preds--
	if src == nil || body == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		g, err := src(r, f)
		if err != nil {
			return nil, err
		}
		// The map's visits, then the library's flatten: the list of
		// lists, and each list inside it.
		if err := r.Work(2 * len(g)); err != nil {
			return nil, err
		}
		var out []addr
		for _, e := range g {
			v, err := ofElem(r, f, e, body)
			if err != nil {
				return nil, err
			}
			if err := r.Work(len(v)); err != nil {
				return nil, err
			}
			out = append(out, v...)
		}
		return out, nil
	}
}

// joinedArg is the joined list x types for a builtin with a predicate,
// $joined_c(L) or $joined_s(L) (dsl/check/entity_lists.go); nil when n
// is not that call. The call gives L as the VM made it, so the native
// list is L's.
func joinedArg(n ast.Node) ast.Node {
	x, ok := n.(*ast.CallNode)
	if !ok || len(x.Arguments) != 1 {
		return nil
	}
	if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != check.JoinedCombatants && id.Value != check.JoinedSides {
		return nil
	}
	return x.Arguments[0]
}
