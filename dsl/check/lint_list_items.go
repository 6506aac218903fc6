package check

import (
	"fmt"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A list of strings, whole numbers, floats or truths keeps only items of
// its kind: `tags = concat(tags, [1])`, or `marks = ["a"]` into a list of
// whole numbers, is typed a list of any by expr-lang (concat's result
// always is, and so is a literal once its items are checked), so the
// check of the whole passed and the run stopped at the assignment with
// "cannot store 1 in a string". listItemsFit judges the items it can see
// when linting: a literal's, and those of concat's arguments (literals,
// or lists of a known kind).

// listItemsFit reports, as errors, each item of a list literal or of a
// concat(...) argument whose plain kind cannot be stored in the list
// wanted. It tells whether every item it could judge fits.
func (c *checker) listItemsFit(e *syntax.Expr, root ast.Node, want *Type) bool {
	if want.Kind != KList || want.Elem == nil || !plainKind(want.Elem.Kind) {
		return true
	}
	fits := true
	text, _ := e.Text()
	misfit := func(n ast.Node, found *Type, where string) {
		from, to := span(n)
		if _, folded := n.(*ast.ConstantNode); folded {
			to = closingBracket(text, from) // expr-lang places a constant at its start
		}
		c.errorf(diag.CodeType, c.exprRange(e, from, to), fmt.Sprintf("%s holds %s items only: convert the item (string(x), int(x)) or keep it in a list of its own", want, want.Elem),
			"expected %s, found %s %s", want, found.Article(), where)
		fits = false
	}
	var items func(n ast.Node)
	items = func(n ast.Node) {
		switch x := n.(type) {
		case *ast.ArrayNode:
			for _, it := range x.Nodes {
				if r := branchType(it); r != nil {
					if t := c.u.TypeOfR(r); !Assignable(t, want.Elem) {
						misfit(it, t, "among its items")
					}
				}
			}
		case *ast.ConstantNode:
			if l, ok := x.Value.([]any); ok {
				for _, v := range l {
					if t := c.constantType(v); t != nil && !Assignable(t, want.Elem) {
						misfit(x, t, "among its items") // a folded literal has no node per item
						return
					}
				}
			}
		case *ast.BuiltinNode:
			if x.Name != "concat" {
				return
			}
			for _, a := range x.Arguments {
				t := c.u.TypeOfR(a.Type())
				if t.Kind == KList && t.Elem != nil && plainKind(t.Elem.Kind) && !Assignable(t.Elem, want.Elem) {
					misfit(a, t, "joined by concat")
					continue
				}
				items(a)
			}
		}
	}
	items(root)
	return fits
}

// constantType is the plain type of an item of a list expr-lang folded
// into a constant; nil for any other value.
func (c *checker) constantType(v any) *Type {
	switch v.(type) {
	case int:
		return c.u.Int
	case float64:
		return c.u.Float
	case bool:
		return c.u.Bool
	case string:
		return c.u.String
	}
	return nil
}

// closingBracket is the offset just past the ] that closes the list
// literal opening at from in text (quotes skipped); from+1 when there is
// none.
func closingBracket(text string, from int) int {
	depth := 0
	var quote byte
	for i := from; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0:
			if ch == '\\' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '[':
			depth++
		case ch == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return from + 1
}
