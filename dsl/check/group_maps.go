package check

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/syntax"
)

// Maps groupBy makes of a list of combatants or sides, by a string or a
// whole number:
//
//	let hordes = groupBy(living(combatants), .kind)
//	for k in sort(keys(hordes)) {
//	  log "{k}: {join(map(hordes[k], .name), ', ')}"
//	}
//	let cars = groupBy(living(combatants), .side.name)
//	log "{len(cars[s.name] ?? [])} aboard"
//
// expr-lang types groupBy's map map[any][]any whatever it groups, so
// keys(m) was a list of any, m[k] a list of any, the predicate of
// map(m[k], .name) was not typed (a misspelt attribute passed the lint),
// and all of it ran in its VM (a quarter of the bonetide and chariot
// homebrew fights). The local keeps the VM's map (the frame's field is
// map[any][]any, which every reader, the VM among them, reads as
// before); its Type says what it holds (Groups): keys(m) and sort(keys(m))
// are lists of the key's type, a builtin with a predicate over m[k] (or
// m[k] ?? []) reads it through $joined_c or $joined_s (entity_lists.go),
// and the interpreter plans these natively (interp/fast_groups.go).

// Grouping is what a map groupBy made of combatants or sides holds: for
// each key (a string or a whole number, never none) the list of those
// the predicate gave it, in their order.
type Grouping struct {
	Key  *Type // KString or KInt
	List *Type // list[combatant] or list[side]
}

// groupedMap is the type of n when n is groupBy(L, PREDICATE) of a list
// L of combatants or sides by a predicate expr-lang types a string or
// an int; nil otherwise.
func (c *checker) groupedMap(n ast.Node) *Type {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "groupBy" || len(b.Arguments) != 2 || b.Map != nil {
		return nil
	}
	p, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	var key *Type
	switch p.Node.Type() {
	case strType:
		key = c.u.String
	case intType:
		key = c.u.Int
	default:
		return nil // any, a float, a truth: the VM's
	}
	l := c.entityListOf(b.Arguments[0])
	if l == nil || l.R == nil {
		return nil
	}
	return &Type{Kind: KAny, R: n.Type(), Groups: &Grouping{Key: key, List: l}}
}

// groupedName is what the name n holds when it is a local of fr that
// holds a map groupBy made of combatants or sides; nil otherwise.
func groupedName(fr *Frame, n ast.Node) *Grouping {
	id, ok := n.(*ast.IdentifierNode)
	if !ok || fr == nil {
		return nil
	}
	if ff := fr.Lookup(id.Value); ff != nil && !ff.Global {
		return ff.Type.Groups
	}
	return nil
}

// groupKeys is the list type of n when n is keys(M) or sort(keys(M)) (in
// ascending order) of such a local M of fr: a list of M's key type; nil
// otherwise.
func (c *checker) groupKeys(fr *Frame, n ast.Node) *Type {
	m := KeysOf(n)
	if m == nil {
		return nil
	}
	if g := groupedName(fr, m); g != nil {
		return ListOf(g.Key)
	}
	return nil
}

// KeysOf is M when n is keys(M) or sort(keys(M)), nil otherwise: the
// shape the checker types for a grouping M and the planner compiles, so
// that both read it alike.
func KeysOf(n ast.Node) ast.Node {
	if s, ok := n.(*ast.BuiltinNode); ok && s.Name == "sort" && len(s.Arguments) == 1 {
		n = s.Arguments[0]
	}
	x, ok := n.(*ast.CallNode)
	if !ok || len(x.Arguments) != 1 {
		return nil
	}
	if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != "keys" {
		return nil
	}
	return x.Arguments[0]
}

// The functions that type keys(M) (or sort(keys(M))) of a map groupBy
// made where a builtin with a predicate reads it: filter(keys(m), ...)
// became filter($keys_s(keys(m)), ...). expr-lang's keys gives a list of
// any, so # was typed any in the predicate (a field read of a key passed
// the lint) and the predicate ran in its VM; given the call's type, # is
// a string (or a whole number). The call gives its argument as it is,
// the VM's []any, which expr-lang's builtins read item by item whatever
// the list's type; the interpreter reads the keys natively
// (interp/fast_strlists.go).
const (
	KeysStrings = "$keys_s"
	KeysInts    = "$keys_i"
)

// groupKeysFunc is the function that types n when n is keys(M) or
// sort(keys(M)) of a name M the view env shows holding a map groupBy
// made; "" otherwise.
func groupKeysFunc(env *view, n ast.Node) string {
	m, ok := KeysOf(n).(*ast.IdentifierNode)
	if !ok || env == nil {
		return ""
	}
	for i, name := range env.names {
		if name != m.Value || env.groups[i] == nil {
			continue
		}
		if env.groups[i].Key.Kind == KInt {
			return KeysInts
		}
		return KeysStrings
	}
	return ""
}

// The functions that type values(M) of a map groupBy made where a
// builtin with a predicate reads it: sum(values(m), sum(#, .doses))
// became sum($values_c(values(m)), ...). expr-lang's values gives a
// list of any, so # was typed any, the attribute read of its items was
// not typed (a misspelt one passed the lint) and it all ran in the VM
// (the venom homebrew's reckoning). Given the call's type, # is a list
// of combatants (or sides). The call gives its argument as it is, the
// VM's []any of []any, which expr-lang's builtins read item by item
// whatever the list's type; the interpreter sums it natively
// (interp/fast_group_sums.go).
const (
	ValuesCombatants = "$values_c"
	ValuesSides      = "$values_s"
)

// groupValuesFunc is the function that types n when n is values(M) of a
// name M the view env shows holding a map groupBy made, or of
// groupBy(...) itself; "" otherwise.
func (c *checker) groupValuesFunc(env *view, n ast.Node) string {
	m := ValuesOf(n)
	if m == nil {
		return ""
	}
	var g *Grouping
	if t := c.groupedMap(m); t != nil {
		g = t.Groups
	} else if id, ok := m.(*ast.IdentifierNode); ok && env != nil {
		for i, name := range env.names {
			if name == id.Value {
				g = env.groups[i]
			}
		}
	}
	switch {
	case g == nil || g.List.Elem == nil:
		return ""
	case g.List.Elem.Kind == KSide:
		return ValuesSides
	}
	return ValuesCombatants
}

// ValuesOf is M when n is values(M), nil otherwise.
func ValuesOf(n ast.Node) ast.Node {
	x, ok := n.(*ast.CallNode)
	if !ok || len(x.Arguments) != 1 {
		return nil
	}
	if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != "values" {
		return nil
	}
	return x.Arguments[0]
}

// groupIndex is the grouping of M when n is M[K] or M[K] ?? [] of a
// name M the view env shows holding one; nil otherwise.
func groupIndex(env *view, n ast.Node) *Grouping {
	if b, ok := n.(*ast.BinaryNode); ok && b.Operator == "??" {
		if arr, ok := b.Right.(*ast.ArrayNode); !ok || len(arr.Nodes) != 0 {
			return nil
		}
		n = b.Left
	}
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || m.Method || env == nil {
		return nil
	}
	id, ok := m.Node.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	for i, name := range env.names {
		if name == id.Value {
			return env.groups[i]
		}
	}
	return nil
}

// soleLets are the names a body binds once, by a let, and never assigns
// (nor declares as a loop's variable or a group's): only such a local
// may keep a grouped type, which a second binding (another groupBy, or
// any other value) would belie after its uses were typed.
func soleLets(b *syntax.Block) map[string]bool {
	binds := map[string]int{}
	lets := map[string]bool{}
	walkStmts(b, func(s *syntax.Stmt) {
		switch {
		case s.Let != nil:
			binds[s.Let.Name.Text]++
			lets[s.Let.Name.Text] = true
		case s.Assign != nil && len(s.Assign.Target.Parts) > 0:
			binds[s.Assign.Target.Parts[0].Text] += 2
		case s.For != nil:
			binds[s.For.Var.Text] += 2
		case s.Group != nil:
			binds[s.Group.Group.Text] += 2
			binds[s.Group.Var.Text] += 2
		}
	})
	out := map[string]bool{}
	for name := range lets {
		if binds[name] == 1 {
			out[name] = true
		}
	}
	return out
}

// walkStmts visits every statement of b and of the blocks inside it.
func walkStmts(b *syntax.Block, visit func(*syntax.Stmt)) {
	if b == nil {
		return
	}
	for _, s := range b.Stmts {
		visit(s)
		switch {
		case s.For != nil:
			walkStmts(s.For.Body, visit)
		case s.If != nil:
			for is := s.If; is != nil; {
				walkStmts(is.Then, visit)
				if is.Else == nil {
					break
				}
				walkStmts(is.Else.Block, visit)
				is = is.Else.If
			}
		case s.Group != nil:
			walkStmts(s.Group.Body, visit)
		case s.Schedule != nil:
			walkStmts(s.Schedule.Body, visit)
		case s.Segment != nil:
			walkStmts(s.Segment.Body, visit)
		case s.While != nil:
			walkStmts(s.While.Body, visit)
		case s.Referee != nil:
			walkStmts(s.Referee.Body, visit)
		case s.Interrupt != nil:
			walkStmts(s.Interrupt.Pending, visit)
			walkStmts(s.Interrupt.Else, visit)
		}
	}
}
