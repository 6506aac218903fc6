package interp

import (
	"github.com/expr-lang/expr/ast"
)

// Lists of combatants or sides, natively: list is the one dispatch
// (names, filter, sortBy, take, joins, fns, references, nearby, the
// library's lists) and compiles the world's own lists here: living,
// standing, members, enemies, allies, enemy_sides, with living(enemies(c))
// and pick(living(enemies(c))) fused into one pass, the commonest way a
// rule file finds a target. A list lives in the run's scratch space
// until the outermost native evaluation returns.

func (c *fastCompiler) list(n ast.Node) listFn {
	if j := joinedArg(n); j != nil { // $joined_c(concat(...)): fast_joins.go
		return c.joined(j)
	}
	if b := c.filterOf(n); b != nil {
		return c.filter(b)
	}
	if b := c.sortedFilter(n); b != nil {
		return c.sortBy(b) // fast_lists.go
	}
	if isChoice(n) {
		l, _ := c.choiceList(n) // fast_lists.go
		return l
	}
	if b := c.sortedJoin(n); b != nil {
		return c.sortBy(b) // fast_lists.go
	}
	if l := c.joined(n); l != nil { // concat, flatten, [t]: fast_joins.go
		return l
	}
	if !c.isEntityList(n.Type()) {
		return nil
	}
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if x.Name == "sortBy" {
			return c.sortBy(x) // fast_lists.go
		}
		if x.Name == "take" {
			return c.take(x) // fast_lists.go
		}
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			// A name of the frame (sides, combatants, a local list):
			// read in place, without field.at's call.
			off := loc.off
			return func(_ *Run, f addr) ([]addr, error) { return load[[]addr](f, off), nil }
		}
		return func(r *Run, f addr) ([]addr, error) {
			a, err := loc.at(r, f)
			if err != nil {
				return nil, err
			}
			return load[[]addr](a, 0), nil
		}
	case *ast.CallNode:
		if l := c.fnList(x); l != nil { // fast_lists.go
			return l
		}
		if l := c.refsRead(x); l != nil { // fast_refs.go
			return l
		}
		id, ok := x.Callee.(*ast.IdentifierNode)
		args := callArgs(x)
		if ok && id.Value == "nearby" && len(args) == 2 {
			return c.nearby(args) // fast_space.go
		}
		if !ok || len(args) != 1 || !nativeWorldList[id.Value] {
			// Any other library function that gives a list (within):
			// called as the VM calls it (fast_stdlib.go).
			return c.libList(x)
		}
		switch id.Value {
		case "living", "standing":
			if id.Value == "living" {
				if fused := c.livingRelated(args[0]); fused != nil {
					return fused
				}
				if c.isAllCombatants(args[0]) {
					return func(r *Run, _ addr) ([]addr, error) { return r.livingAllP(), nil }
				}
			}
			// living takes combatants and standing sides: a joined list
			// of the other kind (concat and flatten type theirs as lists
			// of anything, so the checker lets it through) is the VM's
			// error, where the native walk gave [].
			want := c.p.M.U.Combatant.R
			if id.Value == "standing" {
				want = c.p.M.U.Side.R
			}
			if c.listElem(args[0]) != want {
				return nil
			}
			l := c.list(args[0])
			if l == nil {
				l = c.flattenMembers(args[0]) // fast_lists.go
			}
			if l == nil {
				return nil
			}
			fn := (*Run).livingP
			if id.Value == "standing" {
				fn = (*Run).standingP
			}
			return func(r *Run, f addr) ([]addr, error) {
				v, err := l(r, f)
				if err != nil {
					return nil, err
				}
				return fn(r, v), nil
			}
		case "members", "enemies", "allies", "enemy_sides":
			p := c.ptr(args[0])
			if p == nil {
				return nil
			}
			var fn func(*Run, addr) []addr
			switch id.Value {
			case "members":
				fn = (*Run).membersP
			case "enemies":
				fn = (*Run).enemiesP
			case "allies":
				fn = (*Run).alliesP
			default:
				fn = (*Run).enemySidesP
			}
			return listOfSomebody(p, fn)
		}
	}
	return nil
}

// nativeWorldList names the library functions giving lists that c.list
// compiles itself, from the run's rosters and lists (not libList).
var nativeWorldList = map[string]bool{
	"living": true, "standing": true, "members": true, "enemies": true, "allies": true, "enemy_sides": true,
}

// livingRelated compiles living(members(s)), living(enemies(c)) and
// living(allies(c)) as one pass over the combatants; n is the inner call.
func (c *fastCompiler) livingRelated(n ast.Node) listFn {
	p, rel, ok := c.related(n)
	if !ok {
		return nil
	}
	switch rel {
	case relEnemies:
		return listOfSomebody(p, (*Run).livingEnemiesP) // kept (roster.go)
	case relMembers:
		return listOfSomebody(p, (*Run).livingMembersP)
	}
	return listOfSomebody(p, func(r *Run, v addr) []addr { return r.relatedP(v, rel, true) })
}

// pickLivingRelated compiles pick(living(enemies(c))) and the like (of
// members and allies) in one closure when c is a name of the frame: the
// commonest way a rule file chooses a target.
func (c *fastCompiler) pickLivingRelated(n ast.Node) ptrFn {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || id.Value != "living" || len(args) != 1 {
		return nil
	}
	inner, ok := args[0].(*ast.CallNode)
	if !ok || len(callArgs(inner)) != 1 {
		return nil
	}
	_, rel, ok := c.related(inner)
	off, local := c.frameSlot(callArgs(inner)[0])
	if !ok || !local {
		return nil
	}
	return func(r *Run, f addr) (addr, error) {
		v := load[addr](f, off)
		if v.isNil() {
			return addr{}, errNobody
		}
		switch rel {
		case relEnemies:
			return r.pickP(r.livingEnemiesP(v)) // kept (roster.go)
		case relMembers:
			return r.pickP(r.livingMembersP(v))
		}
		return r.pickP(r.relatedP(v, rel, true))
	}
}

// listOfSomebody compiles a world function of one combatant or side p,
// which must be somebody.
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func listOfSomebody(p ptrFn, fn func(*Run, addr) []addr) listFn {
	return func(r *Run, f addr) ([]addr, error) {
		v, err := p(r, f)
		if err != nil {
			return nil, err
		}
		if v.isNil() {
			return nil, errNobody
		}
		return fn(r, v), nil
	}
}

// related recognises members(s), enemies(c) and allies(c), natively.
func (c *fastCompiler) related(n ast.Node) (ptrFn, int, bool) {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil, 0, false
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || len(args) != 1 || !c.isEntityList(x.Type()) {
		return nil, 0, false
	}
	rel := 0
	switch id.Value {
	case "members":
		rel = relMembers
	case "enemies":
		rel = relEnemies
	case "allies":
		rel = relAllies
	default:
		return nil, 0, false
	}
	p := c.ptr(args[0])
	return p, rel, p != nil
}
