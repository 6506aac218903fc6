package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// The length of a string expression without making the string, for a
// quiet run. A run nobody logs still evaluates a log line's parts
// (evalDiscard), because a part may fail: a string over --max-string, a
// read through nobody, the budget (a string made with + counts its bytes
// toward --max-steps). Those depend on the lengths of the strings made,
// never on their bytes, so a part built from literals, fields, string(n)
// of a number, +, ternaries and join(map(list, ...), sep) is measured
// instead: the same steps in the same order, the same work counted and
// the same errors, and no string made. TestStrLenAgreesWithStr holds the
// measure to the length of the string the part makes, error for error.

// strLen is the byte length of a string expression's value (strLenFn).
type strLenFn func(r *Run, f addr) (int, error)

// strLenRoot compiles the measure of a string expression when it makes a
// string on the way (+, join, string(n)); nil when measuring would save
// nothing or the expression is not one of the forms above.
func (c *fastCompiler) strLenRoot(n ast.Node) strLenFn {
	switch x := n.(type) {
	case *ast.BinaryNode, *ast.ConditionalNode:
		return c.strLen(n)
	case *ast.CallNode:
		if c.optStr(x) == nil && (c.countCall(x) != nil || c.joinMapLen(x) != nil) {
			return c.strLen(n)
		}
	}
	return nil
}

// strLen compiles the measure of any string expression c.str compiles:
// the forms above measured, anything else made and measured.
func (c *fastCompiler) strLen(n ast.Node) strLenFn {
	if c.typeOf(n) != strT {
		return nil
	}
	switch x := n.(type) {
	case *ast.StringNode:
		k := len(x.Value)
		return func(*Run, addr) (int, error) { return k, nil }
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.strLen(x.Exp1), c.strLen(x.Exp2))
	case *ast.BinaryNode:
		if x.Operator != "+" || c.concat(x) == nil {
			return nil
		}
		a, b := c.strLen(x.Left), c.strLen(x.Right)
		if a == nil || b == nil {
			return nil
		}
		return func(r *Run, f addr) (int, error) {
			p, err := a(r, f)
			if err != nil {
				return 0, err
			}
			q, err := b(r, f)
			return p + q, err
		}
	case *ast.CallNode:
		if c.optStr(x) != nil {
			break // an optional value's read, as c.str takes it first
		}
		if fn := c.countCall(x); fn != nil {
			return fn
		}
		if fn := c.joinMapLen(x); fn != nil {
			return fn
		}
		if fn := c.stringOfIntLen(x); fn != nil {
			return fn
		}
	}
	s := c.str(n)
	if s == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		v, err := s(r, f)
		return len(v), err
	}
}

// countCall measures what libTypedStr makes for the library's string
// counter (a string made with +): its argument's length, refused and
// counted by stdlib.CountLen as CountString refuses and counts it.
func (c *fastCompiler) countCall(x *ast.CallNode) strLenFn {
	f, args := c.libFunc(x)
	if f == nil || f.Name != stdlib.StrFunc || c.libTypedStr(x) == nil {
		return nil
	}
	inner := c.strLen(args[0])
	if inner == nil {
		return nil
	}
	return func(r *Run, fr addr) (int, error) {
		n, err := inner(r, fr)
		if err != nil {
			return 0, err
		}
		if err := stdlib.CountLen(r, n); err != nil {
			return 0, err
		}
		return n, nil
	}
}

// stringOfIntLen measures stringOfInt: the digits (and sign) of the
// number; under a --max-string below printedIntSize, the library's call
// as stringOfInt makes it.
func (c *fastCompiler) stringOfIntLen(x *ast.CallNode) strLenFn {
	made := c.stringOfInt(x)
	if made == nil {
		return nil
	}
	_, args := c.libFunc(x)
	n := c.int(args[0])
	return func(r *Run, fr addr) (int, error) {
		if r.MaxString() < printedIntSize {
			v, err := made(r, fr)
			return len(v), err
		}
		v, err := n(r, fr)
		if err != nil {
			return 0, err
		}
		return digits(v), nil
	}
}

// digits is len(strconv.Itoa(v)).
func digits(v int) int {
	n := 1
	if v < 0 {
		n++ // the sign; -v may overflow, so count on v itself
	}
	for v >= 10 || v <= -10 {
		v /= 10
		n++
	}
	return n
}

// joinMapLen measures joinMap: the same visits counted, each element
// measured with it as # (its failures in the same order), then the
// separator, then stdlib.JoinedLen's refusal where JoinStrings refuses.
func (c *fastCompiler) joinMapLen(x *ast.CallNode) strLenFn {
	if c.joinMap(x) == nil {
		return nil
	}
	_, args := c.libFunc(x)
	m := args[0].(*ast.BuiltinNode)
	p := m.Arguments[1].(*ast.PredicateNode)
	src, sep := c.list(m.Arguments[0]), c.strLen(args[1])
	c.preds++
	each := c.strLen(p.Node)
	c.preds--
	if src == nil || sep == nil || each == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		list, err := src(r, f)
		if err != nil {
			return 0, err
		}
		if err := r.Work(len(list)); err != nil { // a map's visits count
			return 0, err
		}
		start := len(r.lens)
		defer func() { r.lens = r.lens[:start] }()
		for _, e := range list {
			n, err := ofElem(r, f, e, each)
			if err != nil {
				return 0, err
			}
			r.lens = append(r.lens, n)
		}
		sv, err := sep(r, f)
		if err != nil {
			return 0, err
		}
		return stdlib.JoinedLen(r, r.lens[start:], sv)
	}
}
