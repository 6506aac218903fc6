package check

import "github.com/expr-lang/expr/ast"

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
