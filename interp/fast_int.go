package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Whole numbers, natively: literals, names and fields, - + * %, ?:,
// len, count, sum, max and min, and calls giving a whole number (dice
// rolls, fns, procedures, modifiers, the world's and the library's);
// and dice values. The commonest expressions of a rule file are whole
// numbers, so most of a fight's evaluation goes through int.

func (c *fastCompiler) int(n ast.Node) intFn {
	if c.typeOf(n) != intT {
		return nil
	}
	switch x := n.(type) {
	case *ast.IntegerNode:
		v := x.Value
		return constFn(v)
	case *ast.ConstantNode:
		v, ok := x.Value.(int)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		if m, ok := x.(*ast.MemberNode); ok && c.typeOf(m.Property) == intT {
			return c.intIndex(m) // LIST[I] of whole numbers, fast_lists.go
		}
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			off := loc.off
			return func(_ *Run, f addr) (int, error) { return load[int](f, off), nil }
		}
		return readFn[int](loc)
	case *ast.PointerNode:
		return c.intElem(x) // fast_join_ints.go
	case *ast.UnaryNode:
		if x.Operator != "-" {
			return nil
		}
		return checkedFn(c.int(x.Node), stdlib.Neg)
	case *ast.BinaryNode:
		if x.Operator == "??" {
			return orElse(c, x, intT, c.int(x.Right)) // X?.attr ?? b: fast_chain.go
		}
		a, b := c.int(x.Left), c.int(x.Right)
		if a == nil || b == nil {
			return nil
		}
		switch x.Operator {
		case "+", "-", "*":
			return arith(x.Operator, a, b, x.Right, c.link(x.Right))
		case "%":
			return pairFn(a, b, func(p, q int) (int, error) {
				if q == 0 {
					return 0, &exprErr{divideByZeroMsg}
				}
				return p % q, nil
			})
		}
		return nil
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.int(x.Exp1), c.int(x.Exp2))
	case *ast.BuiltinNode:
		if x.Name == "count" {
			return c.count(x)
		}
		if x.Name == "sum" {
			return c.sumOf(x) // fast_mapped.go
		}
		if x.Name == "int" && len(x.Arguments) == 1 {
			return c.toInt(x.Arguments[0])
		}
		if x.Name == "max" || x.Name == "min" {
			return c.minMax(x)
		}
		if x.Name == "abs" && len(x.Arguments) == 1 {
			// The least whole number has no size: an error, as in the
			// VM (dsl/check/wholes_vm.go).
			return checkedFn(c.int(x.Arguments[0]), stdlib.Abs)
		}
		if x.Name != "len" || len(x.Arguments) != 1 {
			return nil
		}
		if n := c.countStanding(x.Arguments[0]); n != nil {
			return n
		}
		if n := c.groupIndexLen(x.Arguments[0]); n != nil {
			return n // len(m[k]) of a map groupBy made: fast_groups.go
		}
		l := c.list(x.Arguments[0])
		if l == nil {
			return c.plainLen(x.Arguments[0]) // fast_plainlists.go
		}
		return func(r *Run, f addr) (int, error) {
			v, err := l(r, f)
			return len(v), err
		}
	case *ast.CallNode:
		return c.intCall(x)
	}
	return nil
}

// countStanding compiles the length of standing(list), the commonest end
// condition's count, without making the list; nil for anything else.
func (c *fastCompiler) countStanding(n ast.Node) intFn {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || id.Value != "standing" || len(args) != 1 {
		return nil
	}
	l := c.list(args[0])
	if l == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		v, err := l(r, f)
		if err != nil {
			return 0, err
		}
		return r.standingCount(v), nil
	}
}

func (c *fastCompiler) intCall(x *ast.CallNode) intFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	if fn := c.optInt(x); fn != nil { // fast_optional.go
		return fn
	}
	if call := c.choiceCall(x); call != nil { // fast_choice.go
		return libResult[int](call)
	}
	if pc := c.procCallOf(x, intT); pc != nil { // fast_proc.go
		return procFn[int](pc)
	}
	if k := c.fnCall(x); k != nil {
		if k.body.i == nil {
			return nil
		}
		return callFn(k, k.body.i)
	}
	args := callArgs(x)
	switch id.Value {
	case stdlib.DiceFunc:
		c.impure = true
		if len(args) != 2 {
			return nil
		}
		a, b := c.int(args[0]), c.int(args[1])
		if a == nil || b == nil {
			return nil
		}
		if n, ok := args[0].(*ast.IntegerNode); ok {
			if faces, ok := args[1].(*ast.IntegerNode); ok {
				// A die of the rule file (d20, 2d6): its numbers are known.
				n, faces := n.Value, faces.Value
				if n == 1 && faces >= 2 && faces <= stdlib.MaxFaces {
					return func(r *Run, _ addr) (int, error) { return r.die(faces) }
				}
				return func(r *Run, _ addr) (int, error) { return r.Roll(n, faces) }
			}
		}
		return func(r *Run, f addr) (int, error) {
			n, err := a(r, f)
			if err != nil {
				return 0, err
			}
			faces, err := b(r, f)
			if err != nil {
				return 0, err
			}
			return r.Roll(n, faces)
		}
	default:
		if m := c.p.modifiers[id.Value]; m != nil && len(args) == len(m.Params) {
			return c.modifierCall(x, id.Value, args)
		}
		if fn, ok := worldCall(c, worldIntCalls, x); ok {
			return fn
		}
		if typed := c.libTyped(x); typed != nil {
			return typed
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[int](c, x, t)
		}
		return libResult[int](c.libCall(x))
	}
}

func (c *fastCompiler) dice(n ast.Node) diceFn {
	if n.Type() != diceT {
		return nil
	}
	switch x := n.(type) {
	case *ast.ConstantNode:
		v, ok := x.Value.(stdlib.Dice)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		return readFn[stdlib.Dice](loc)
	}
	return nil
}

// minMax compiles expr-lang's max and min of whole numbers.
func (c *fastCompiler) minMax(b *ast.BuiltinNode) intFn {
	if len(b.Arguments) < 1 {
		return nil
	}
	args := make([]intFn, len(b.Arguments))
	for i, a := range b.Arguments {
		if args[i] = c.int(a); args[i] == nil {
			return nil
		}
	}
	isMax := b.Name == "max"
	return func(r *Run, f addr) (int, error) {
		best := 0
		for i, a := range args {
			v, err := a(r, f)
			if err != nil {
				return 0, err
			}
			if i == 0 || isMax && v > best || !isMax && v < best {
				best = v
			}
		}
		return best, nil
	}
}
