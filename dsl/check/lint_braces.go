package check

import (
	"regexp"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A string in an expression that looks like a template:
// `emit cheer(s, "{a.name} lands a blow")`. Only the texts of log
// lines, events and points fill in {...}; inside an expression the
// braces are printed as they are, and the log shows "{a.name} lands a
// blow" in the middle of a fight. Lint warns (F409) when what is between
// the braces starts with a name the expression could read, and says how
// to build the text.

// braceName is {name} or {name.attribute...} at the start of a piece of
// text between braces.
var braceName = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}`)

// lintBraces warns of each string literal of the checked tree holding
// {NAME ...} where NAME is a name of the expression's frame.
func (c *checker) lintBraces(e *syntax.Expr, root ast.Node, fr *Frame) {
	if fr == nil {
		return
	}
	ast.Find(root, func(n ast.Node) bool {
		s, ok := n.(*ast.StringNode)
		if !ok || !strings.Contains(s.Value, "{") {
			return false
		}
		for _, m := range braceName.FindAllStringSubmatch(s.Value, -1) {
			if fr.Lookup(m[1]) == nil {
				continue
			}
			from, to := span(s)
			inner := strings.TrimSpace(m[0][1 : len(m[0])-1])
			c.warnf(diag.CodeNotTemplate, c.exprRange(e, from, to),
				`build the text with + ("... " + `+inner+` + " ..."); only log lines and the texts of events and points fill in {...}`,
				"this string is not a template: %s is printed as it is, braces and all", m[0])
			break
		}
		return false
	})
}
