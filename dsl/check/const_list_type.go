package check

import (
	"github.com/expr-lang/expr/ast"
)

// An untyped constant that is a list literal was typed as expr-lang
// types the literal, a list of any: `const fen = ["..,~", ".~~,"]`, a
// row of ground for each row of the map (the thirteenth homebrew
// round's), read fen[y][x] as a byte's number (44 for ",", so
// `fen[y][x] == ","` was false, silently), and every expression that
// read it ran in expr-lang's VM. A list literal whose items are all
// whole numbers, all strings, all floats or all truths is now a list of
// them, as if declared `const fen: list[string] = [...]`: fen[y][x] is a
// lint error (a string cannot be indexed) and fen[y] a string.

// literalListType is list[T] when ce is a list literal (or the constant
// expr-lang folded it into) whose items all have the plain type T; nil
// otherwise (an empty list, mixed items, anything else).
func (c *checker) literalListType(ce *CExpr) *Type {
	if ce == nil || ce.Type == nil || ce.Type.Kind != KList || (ce.Type.Elem != nil && ce.Type.Elem.Kind != KAny) {
		return nil
	}
	var elem *Type
	same := func(t *Type) bool {
		if t == nil || !plainKind(t.Kind) || (elem != nil && elem.Kind != t.Kind) {
			return false
		}
		elem = t
		return true
	}
	switch x := ce.Node.(type) {
	case *ast.ArrayNode:
		for _, it := range x.Nodes {
			r := branchType(it)
			if r == nil || !same(c.u.TypeOfR(r)) {
				return nil
			}
		}
	case *ast.ConstantNode:
		l, ok := x.Value.([]any)
		if !ok {
			return nil
		}
		for _, v := range l {
			if !same(c.constantType(v)) {
				return nil
			}
		}
	default:
		return nil
	}
	if elem == nil {
		return nil
	}
	return ListOf(elem)
}
