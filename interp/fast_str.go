package interp

import (
	"github.com/expr-lang/expr/ast"
)

// Strings, natively: literals, names and fields, ?:, ??, + and the
// calls giving a string. str only chooses among the forms; each lives
// in the file its comment names.

func (c *fastCompiler) str(n ast.Node) strFn {
	if c.typeOf(n) != strT {
		return nil
	}
	if m, ok := n.(*ast.MemberNode); ok {
		if fn := c.strIndex(m); fn != nil { // L[i]: fast_plainlists.go
			return fn
		}
	}
	if x, ok := n.(*ast.PointerNode); ok {
		return c.strElem(x) // fast_strlists.go
	}
	if x, ok := n.(*ast.SliceNode); ok {
		return c.strSlice(x) // fast_strslice.go
	}
	if fn, ok := leafFn[string](c, n); ok {
		return fn
	}
	switch x := n.(type) {
	case *ast.StringNode:
		return constFn(x.Value)
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.str(x.Exp1), c.str(x.Exp2))
	case *ast.BinaryNode:
		if x.Operator == "??" {
			return orElse(c, x, strT, c.str(x.Right)) // X?.attr ?? b, find(...) ?? b: fast_chain.go
		}
		return c.concat(x)
	case *ast.CallNode:
		if fn := c.orStr(x); fn != nil { // first(filter(...)) ?? "": fast_chain.go
			return fn
		}
		if pc := c.procCallOf(x, strT); pc != nil { // fast_proc.go
			return procFn[string](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.s == nil {
				return nil
			}
			return callFn(k, k.body.s)
		}
		if fn := c.optStr(x); fn != nil { // fast_optional.go
			return fn
		}
		if call := c.choiceCall(x); call != nil { // fast_choice.go
			return libResult[string](call)
		}
		if fn := c.scanStr(x); fn != nil { // fast_strings.go
			return fn
		}
		if fn := c.libTypedStr(x); fn != nil {
			return fn
		}
		if fn := c.joinMap(x); fn != nil {
			return fn
		}
		if fn := c.joinMapInts(x); fn != nil { // fast_join_ints.go
			return fn
		}
		if fn := c.joinMapStrs(x); fn != nil { // fast_join_strs.go
			return fn
		}
		if fn := c.joinPlain(x); fn != nil { // fast_plainlists.go
			return fn
		}
		if fn := c.stringOfInt(x); fn != nil {
			return fn
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[string](c, x, t)
		}
		return libResult[string](c.libCall(x))
	}
	return nil
}
