package interp

import (
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Optional values natively (language v2: a number, text or truth
// attribute declared `= none`, dsl/check/optional.go). The checker holds
// such a field untyped (any) and turns its reads into calls the VM ran:
// $opt_T(holder.attr, "attr") gives the value or fails when it is none,
// $opt_or_T(holder.attr, fallback) gives the fallback for none, and
// `holder.attr == none` compares the field itself. Here each reads the
// field's interface in place.

// optCall is the field an optional-value call reads, its kind ("int",
// "string", "bool"), whether it is the ?? form, and its name or
// fallback argument; ok is false for any other call.
func (c *fastCompiler) optCall(x *ast.CallNode) (loc field, kind string, or bool, arg ast.Node, ok bool) {
	id, isID := x.Callee.(*ast.IdentifierNode)
	if !isID || len(x.Arguments) != 2 || c.p.funcs[id.Value] != nil {
		return field{}, "", false, nil, false
	}
	switch {
	case strings.HasPrefix(id.Value, check.OptOrPrefix):
		kind, or = strings.TrimPrefix(id.Value, check.OptOrPrefix), true
	case strings.HasPrefix(id.Value, check.OptPrefix):
		kind = strings.TrimPrefix(id.Value, check.OptPrefix)
	default:
		return field{}, "", false, nil, false
	}
	loc, ok = c.location(x.Arguments[0])
	return loc, kind, or, x.Arguments[1], ok
}

// optHeld reads the interface an optional field holds.
func optHeld(loc field) func(r *Run, f addr) (any, error) {
	return func(r *Run, f addr) (any, error) {
		at, err := loc.at(r, f)
		if err != nil {
			return nil, err
		}
		return load[any](at, 0), nil
	}
}

// optValue compiles an optional-value call of kind want into a function
// of type T, given the native form of its fallback.
func optValue[T any](c *fastCompiler, x *ast.CallNode, want string, fallback func(ast.Node) func(*Run, addr) (T, error)) func(*Run, addr) (T, error) {
	loc, kind, or, arg, ok := c.optCall(x)
	if !ok || kind != want {
		return nil
	}
	held := optHeld(loc)
	if !or {
		name, isStr := arg.(*ast.StringNode)
		if !isStr {
			return nil
		}
		msg := check.NoneRead(name.Value)
		return func(r *Run, f addr) (T, error) {
			v, err := held(r, f)
			if err != nil || v == nil {
				var zero T
				if err == nil {
					err = &exprErr{msg}
				}
				return zero, err
			}
			return v.(T), nil
		}
	}
	other := fallback(arg)
	if other == nil {
		return nil
	}
	return func(r *Run, f addr) (T, error) {
		v, err := held(r, f)
		if err != nil {
			var zero T
			return zero, err
		}
		if v == nil {
			return other(r, f)
		}
		return v.(T), nil
	}
}

func (c *fastCompiler) optInt(x *ast.CallNode) intFn {
	return optValue[int](c, x, "int", func(n ast.Node) func(*Run, addr) (int, error) { return c.int(n) })
}

func (c *fastCompiler) optStr(x *ast.CallNode) strFn {
	return optValue[string](c, x, "string", func(n ast.Node) func(*Run, addr) (string, error) { return c.str(n) })
}

func (c *fastCompiler) optBool(x *ast.CallNode) boolFn {
	return optValue[bool](c, x, "bool", func(n ast.Node) func(*Run, addr) (bool, error) { return c.bool(n) })
}

// optIsNone compiles `holder.attr == none` (or !=) of an optional value:
// the field's interface is nil. nil for anything else.
func (c *fastCompiler) optIsNone(x *ast.BinaryNode, neg bool) boolFn {
	var side ast.Node
	switch {
	case isNilNode(x.Right):
		side = x.Left
	case isNilNode(x.Left):
		side = x.Right
	default:
		return nil
	}
	m, ok := side.(*ast.MemberNode)
	if !ok || m.Type() == nil || m.Type().Kind().String() != "interface" {
		return nil
	}
	loc, ok := c.location(m)
	if !ok {
		return nil
	}
	held := optHeld(loc)
	return func(r *Run, f addr) (bool, error) {
		v, err := held(r, f)
		return (v == nil) != neg, err
	}
}

func isNilNode(n ast.Node) bool {
	_, ok := n.(*ast.NilNode)
	return ok
}
