package interp

import (
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// Strings made in expressions, natively: a + b (which the checker wraps
// in stdlib.StrFunc, so that its length is bounded and counted), and
// join over a map of combatants or sides, without the list of strings
// map would box. Both end in the library's own implementations
// (stdlib.CountString, stdlib.JoinStrings).

// concat compiles a + b of two strings.
func (c *fastCompiler) concat(x *ast.BinaryNode) strFn {
	if x.Operator != "+" {
		return nil
	}
	a, b := c.str(x.Left), c.str(x.Right)
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		p, err := a(r, f)
		if err != nil {
			return "", err
		}
		q, err := b(r, f)
		return p + q, err
	}
}

// libTypedStr compiles a call of a library function whose Typed form is
// stdlib.TypedStr (what a string made with + passes through).
func (c *fastCompiler) libTypedStr(x *ast.CallNode) strFn {
	f, args := c.libFunc(x)
	if f == nil {
		return nil
	}
	impl, ok := f.Typed.(stdlib.TypedStr)
	if !ok {
		return nil
	}
	return strArgCall(c, args[0], func(r *Run, s string) (string, error) { return impl(r, s) })
}

// libTypedStrBool compiles a call of a library function whose Typed form
// is stdlib.TypedStrBool (plural(name): the rulesets' templates ask it
// for every side's line, in quiet runs too), with nothing boxed.
func (c *fastCompiler) libTypedStrBool(x *ast.CallNode) boolFn {
	f, args := c.libFunc(x)
	if f == nil {
		return nil
	}
	impl, ok := f.Typed.(stdlib.TypedStrBool)
	if !ok {
		return nil
	}
	return strArgCall(c, args[0], func(_ *Run, s string) (bool, error) { return impl(s), nil })
}

// scanStr compiles __scan(s) (stdlib.ScanFunc), which the checker wraps
// round a string an operator reads whole (.unit == c.unit): the string,
// with its bytes counted by stdlib.CountScan, called straight rather
// than through the library table's typed form (libTypedStr), since a
// filter may ask it for every element.
func (c *fastCompiler) scanStr(x *ast.CallNode) strFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || id.Value != stdlib.ScanFunc || len(args) != 1 {
		return nil
	}
	s := c.str(args[0])
	if s == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		v, err := s(r, f)
		if err != nil {
			return "", err
		}
		return stdlib.CountScan(r, v)
	}
}

// strArgCall is a call of one string argument, arg compiled natively and
// its value handed to do; nil when arg has no native form.
func strArgCall[T any](c *fastCompiler, arg ast.Node, do func(r *Run, s string) (T, error)) func(*Run, addr) (T, error) {
	s := c.str(arg)
	if s == nil {
		return nil
	}
	return func(r *Run, fr addr) (T, error) {
		v, err := s(r, fr)
		if err != nil {
			var zero T
			return zero, err
		}
		return do(r, v)
	}
}

// joinMap compiles join(map(list, string), separator) over combatants or
// sides: the strings are made into the run's string scratch and joined
// by join's implementation.
func (c *fastCompiler) joinMap(x *ast.CallNode) strFn {
	list, item, sepNode, ok := c.joinOfMap(x)
	if !ok || !c.isEntityList(list.Type()) {
		return nil
	}
	src, sep := c.list(list), c.str(sepNode)
	if src == nil || sep == nil {
		return nil
	}
	c.preds++
	each := c.str(item)
	c.preds--
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		list, err := src(r, f)
		if err != nil {
			return "", err
		}
		if err := r.Work(len(list)); err != nil { // a map's visits count
			return "", err
		}
		start := len(r.strs)
		defer r.dropStrs(start)
		for _, e := range list {
			s, err := ofElem(r, f, e, each)
			if err != nil {
				return "", err
			}
			r.strs = append(r.strs, s)
		}
		return r.joinStrs(f, start, sep)
	}
}

// joinOfMap splits join(map(L, item), separator) into L, the item's
// expression and the separator; ok is false for any other call. Each
// kind of L (combatants or sides, whole numbers, strings) has its own
// compiler, which makes the strings into the run's string scratch and
// ends with joinStrs.
func (c *fastCompiler) joinOfMap(x *ast.CallNode) (list, item, sep ast.Node, ok bool) {
	f, args := c.libFunc(x)
	if f == nil || f != joinFunc || len(args) != 2 {
		return nil, nil, nil, false
	}
	m, ok := args[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return nil, nil, nil, false
	}
	p, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil, nil, nil, false
	}
	return m.Arguments[0], p.Node, args[1], true
}

// joinStrs joins the strings made into the scratch since start with the
// separator, by join's implementation (its --max-string check).
func (r *Run) joinStrs(f addr, start int, sep strFn) (string, error) {
	sv, err := sep(r, f)
	if err != nil {
		return "", err
	}
	return stdlib.JoinStrings(r, r.strs[start:], sv)
}

// dropStrs forgets the strings made into the scratch since start.
func (r *Run) dropStrs(start int) {
	clear(r.strs[start:])
	r.strs = r.strs[:start]
}

var joinFunc = stdlib.Lookup("join")

// stringTest compiles expr-lang's string operators startsWith, endsWith
// and contains between two strings (a template's "{side.name endsWith
// 's' ? 'are' : 'is'}", which quiet runs still evaluate); nil for
// anything else.
func (c *fastCompiler) stringTest(x *ast.BinaryNode) boolFn {
	if c.typeOf(x.Left) != strT || c.typeOf(x.Right) != strT {
		return nil
	}
	a, b := c.str(x.Left), c.str(x.Right)
	if a == nil || b == nil {
		return nil
	}
	var test func(s, t string) bool
	switch x.Operator {
	case "startsWith":
		test = strings.HasPrefix
	case "endsWith":
		test = strings.HasSuffix
	default:
		test = strings.Contains
	}
	return func(r *Run, f addr) (bool, error) {
		s, err := a(r, f)
		if err != nil {
			return false, err
		}
		t, err := b(r, f)
		return err == nil && test(s, t), err
	}
}
