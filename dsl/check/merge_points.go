package check

import (
	"fmt"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// orphanPoints refuses the removal of a point that the merge still
// reacts to or interrupts (a base's react X or interrupt X(...), which
// the variant did not remove or override, with no point X of the
// variant's own): each was an error "unknown point X" (F680) in the base
// file, which a lint of the base alone finds clean and which a
// homebrewer does not edit (the twelfth homebrew round). The error is at
// the removal, the first use as a note, and the point is put back, so
// that the base is not blamed as well.
func (m *merger) orphanPoints(removed []removedPoint) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, rp := range removed {
		name := rp.at.Name
		if m.first("point "+name) != nil {
			continue // the variant declares a point of that name of its own
		}
		uses := m.pointUses(name)
		if len(uses) == 0 {
			continue
		}
		what, at, fix := uses[0].what, uses[0].at, uses[0].fix
		switch more := len(uses) - 1; {
		case more == 1:
			what += " and " + uses[1].what
			fix += " and " + uses[1].fix
		case more > 1:
			what += fmt.Sprintf(" and %d more uses (%s, ...)", more, uses[1].what)
		}
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeOverride,
			Summary: fmt.Sprintf("remove point %s leaves %s with no point", name, what),
			Detail:  fmt.Sprintf("%s as well, or keep the point", fix),
			Subject: syntax.RangeOf(rp.at.Pos, rp.at.EndPos),
			Related: &diag.Related{Message: "it uses the point here", Range: at}})
		m.insert(rp.decl, m.tail, nil)
	}
	return diags
}

// removedPoint is a point a variant removed: the removal, and the
// declaration it took out of the merge.
type removedPoint struct {
	at   *syntax.RemoveDecl
	decl *syntax.Decl
}

// pointUse is a use of a point: what it is (react X "label", interrupt
// X in action Y), where, and the change that would drop it.
type pointUse struct {
	what, fix string
	at        diag.Range
}

// pointUses are the uses of the point name the merge holds, in list
// order.
func (m *merger) pointUses(name string) []pointUse {
	var uses []pointUse
	for x := m.head; x != nil; x = x.next {
		m.walked++
		d := x.d
		if rd := d.React; rd != nil && rd.Point.Text == name {
			what := "react " + name
			if rd.Label != nil {
				what += fmt.Sprintf(" %q", string(*rd.Label))
			}
			uses = append(uses, pointUse{what: what, at: syntax.RangeOf(rd.Point.Pos, rd.Point.EndPos), fix: "write remove " + what})
		}
		owner, bodies := declBodies(d)
		for _, b := range bodies {
			walkStmts(b, func(s *syntax.Stmt) {
				if in := s.Interrupt; in != nil && in.Point.Text == name {
					uses = append(uses, pointUse{what: fmt.Sprintf("interrupt %s in %s", name, owner),
						at: syntax.RangeOf(in.Point.Pos, in.Point.EndPos), fix: "override " + owner + " without it"})
				}
			})
		}
	}
	return uses
}

// declBodies names a declaration with statements (phase X, action X, on
// X, table X, fn X, react X) and gives its blocks.
func declBodies(d *syntax.Decl) (string, []*syntax.Block) {
	switch {
	case d.Phase != nil:
		return "phase " + d.Phase.Name, []*syntax.Block{d.Phase.Body}
	case d.Action != nil:
		return "action " + d.Action.Name, []*syntax.Block{d.Action.Body}
	case d.Handler != nil:
		return "on " + d.Handler.Event, []*syntax.Block{d.Handler.Body}
	case d.Func != nil && d.Func.Block != nil:
		return "fn " + d.Func.Name, []*syntax.Block{d.Func.Block}
	case d.React != nil:
		return "react " + d.React.Point.Text, []*syntax.Block{d.React.Body}
	case d.Table != nil:
		var bs []*syntax.Block
		for _, r := range d.Table.Rows {
			bs = append(bs, r.Effect)
		}
		return "table " + d.Table.Name, bs
	}
	return "", nil
}
