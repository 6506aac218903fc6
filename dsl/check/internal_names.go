package check

import (
	"strings"

	exprparser "github.com/expr-lang/expr/parser"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// internalNames are names every frame holds for the runtime's own use,
// not the rule's: ctx carries the run to the library's functions that
// take a context (withContext), so it must be in every expression's
// environment. A rule that names one gets the ordinary unknown-name
// diagnostic: printed, ctx would dump the run's internals (and its size
// is unbounded); called or indexed, it would reach them.
var internalNames = map[string]bool{"ctx": true, resultName: true}

// internalFuncs are the library's functions that notation becomes (a + b
// is __add, d6 is __dice, int(x) is __int): the checker writes calls of
// them, a rule may not. Named in a rule, one skipped the checks its
// notation has.
var internalFuncs = func() map[string]bool {
	m := map[string]bool{}
	for _, fn := range stdlib.Funcs {
		if strings.HasPrefix(fn.Name, "__") {
			m[fn.Name] = true
		}
	}
	return m
}()

// isInternal says whether a rule may not name n.
func isInternal(n string) bool { return internalNames[n] || internalFuncs[n] }

// refersToInternal reports, and says whether there is, a reference to an
// internal name in e, whose text is e.Text.
func (c *checker) refersToInternal(e *syntax.Expr, fr *Frame, text string) bool {
	named := false
	for _, n := range e.Names() {
		named = named || isInternal(n)
	}
	if !named {
		return false // the common case: no token spells one
	}
	// A token is not yet a reference: a member (x.ctx) or a map key
	// ({ctx: 1}) is not. expr-lang's parser tells: only references are
	// identifiers. The tree is parsed before any patch, so the ctx that
	// withContext inserts is not in it.
	tree, err := exprparser.Parse(text)
	if err != nil {
		return false // the check that follows reports the syntax
	}
	for _, id := range identsOf(tree.Node) {
		if !isInternal(id.Value) {
			continue
		}
		from := id.Location().From
		c.errorf(diag.CodeUnknownName, c.exprRange(e, from, from+len([]rune(id.Value))),
			c.suggestVisible(id.Value, fr, "declare it with let, as a constant, or as a parameter"),
			"unknown name %s", id.Value)
		return true
	}
	return false
}
