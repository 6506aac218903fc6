package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// Points and their reactions (language v2, item 3): a point reads like
// an event, its reactions like its handlers, in the order they run; an
// interrupt statement is a step whose pending and else blocks are its
// sub-steps.

// point explains a point and its reactions.
func (b *builder) point(pd *syntax.PointDecl) *Proc {
	p := &Proc{Name: pd.Name, Form: fmt.Sprintf("%s(%s)", pd.Name, paramsText(pd.Params)), About: b.about(pd.Pos), Mark: b.mark(pd.Pos, "point "+pd.Name)}
	if pd.Template != nil {
		p.Template = string(*pd.Template)
		p.shown = b.quoted(p.Template, pd.Pos, pd.EndPos, true)
	}
	for _, decl := range b.m.File.Decls {
		rd := decl.React
		if rd == nil || rd.Point.Text != pd.Name {
			continue
		}
		steps, uses := b.walk("react "+pd.Name, rd.Body)
		head := "reaction"
		if rd.Label != nil {
			head += fmt.Sprintf(" %q", string(*rd.Label))
		}
		if rd.By != nil {
			head += " by " + rd.By.Text
		}
		if rd.When != nil {
			head += ", when " + rd.When.Raw()
		}
		if mk := b.mark(rd.Pos, check.DeclKey(decl)); mk != "" {
			head += " (" + mk + ")"
		}
		p.Steps = append(p.Steps, &Step{Text: head + ":", Note: b.about(rd.Pos), Steps: steps})
		p.Uses.Rolls = append(p.Uses.Rolls, uses.Rolls...)
		p.Uses.Tables = appendNew(p.Uses.Tables, uses.Tables)
		p.Uses.Modifiers = appendNew(p.Uses.Modifiers, uses.Modifiers)
		p.Uses.Funcs = appendNew(p.Uses.Funcs, uses.Funcs)
		p.Uses.Changed = appendNew(p.Uses.Changed, uses.Changed)
	}
	return p
}

// interruptSteps reads "interrupt P(args) { pending } else { cancelled }".
func (w *walker) interruptSteps(n *syntax.InterruptStmt) []*Step {
	var args []string
	for _, a := range n.Args {
		args = append(args, w.expr(a))
	}
	st := &Step{Text: fmt.Sprintf("point %s(%s): its reactions act at once", n.Point.Text, strings.Join(args, ", "))}
	if n.Pending == nil {
		return []*Step{st}
	}
	st.Text += "; unless one cancels:"
	st.Steps = w.block(n.Pending)
	out := []*Step{st}
	if n.Else != nil {
		out = append(out, &Step{Text: "if one cancelled it:", Steps: w.block(n.Else)})
	}
	return out
}

// appendNew appends the names not yet in list (two reactions that call
// one function name it once).
func appendNew(list, names []string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}
