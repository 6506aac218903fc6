package check

import (
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// WrittenFloat is a float literal of an expectation's written tree that
// prints as the user wrote it: expr-lang prints a FloatNode with %v, so
// `x.r == 2.0` failed as "want: == 2" and its parts lost their ".0".
type WrittenFloat struct {
	ast.FloatNode
	Text string // the literal as written, e.g. "2.0" or "2.50"
}

func (n *WrittenFloat) String() string { return n.Text }

// floatsAsWritten gives each float literal of the tree parsed from text
// its text (the parser's location of a number is its token, in runes).
// A literal whose text does not read back as its value is left as it is.
func floatsAsWritten(node *ast.Node, text string) {
	ast.Walk(node, &writtenFloats{runes: []rune(text)})
}

type writtenFloats struct{ runes []rune }

func (w *writtenFloats) Visit(node *ast.Node) {
	f, ok := (*node).(*ast.FloatNode)
	if !ok {
		return
	}
	loc := f.Location()
	if loc.From < 0 || loc.To > len(w.runes) || loc.From >= loc.To {
		return
	}
	lit := string(w.runes[loc.From:loc.To])
	if v, err := strconv.ParseFloat(strings.ReplaceAll(lit, "_", ""), 64); err != nil || v != f.Value {
		return
	}
	wf := &WrittenFloat{FloatNode: ast.FloatNode{Value: f.Value}, Text: lit}
	wf.SetLocation(loc)
	*node = wf
}
