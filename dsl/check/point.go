package check

import (
	"fmt"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Reactions at named points (language v2, item 3; syntax/point_ast.go).
//
// A point is declared like an event, with typed parameters and an
// optional log template. Each reaction to it is checked like a handler
// of an event: its body runs in a frame of its own holding the point's
// parameters, which it may assign (the next reactions and the pending
// block see the change), and the built-in bool "cancelled", true once an
// earlier reaction (or this one) said "cancel". The statement
//
//	interrupt POINT(ARGS) { PENDING } else { CANCELLED }
//
// gives the pending and else blocks the point's parameters as locals of
// the raising body, under the point's names, holding what the reactions
// left. Such a local may be one of the body's own only when it is passed
// as that very argument (interrupt hit(self, foe, amount) with a local
// amount): then the reactions' change is written back to it. Any other
// clash would silently hide a local, and is F683.

// cancelledName is the built-in bool of a reaction's body.
const cancelledName = "cancelled"

// Point is a declared point where reactions may run.
type Point struct {
	Name      string
	Params    []*ParamInfo
	Template  *Template
	Frame     *Frame
	Reactions []*Reaction // in declaration order: the order they run in
	Decl      *syntax.PointDecl
}

// Reaction is one "react POINT ..." declaration.
type Reaction struct {
	Point *Point
	Label string // "" for none
	// By is the parameter naming who reacts (nil: the point's first
	// combatant, as an event's handlers act for theirs).
	By    *ParamInfo
	When  *CExpr // nil: always
	Body  *syntax.Block
	Frame *Frame // the point's fields, then cancelled, then the body's locals
	// Cancelled is the built-in bool, a parameter of Frame.
	Cancelled *FrameField
	Decl      *syntax.ReactDecl
}

// Interrupt is a checked interrupt statement: its point, and the fields
// of the raising body's frame that hold the point's parameters in its
// pending and else blocks, one per parameter (without blocks, nil but
// for an argument passed under the parameter's own name: passedBack).
type Interrupt struct {
	Point  *Point
	Locals []*FrameField
}

// declarePoints declares every point before any body is checked, so that
// any body may raise any point.
func (c *checker) declarePoints() {
	for _, d := range c.f.Decls {
		pd := d.Point
		if pd == nil {
			continue
		}
		if prev, ok := c.m.Points[pd.Name]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(pd.Pos, "point"), "rename one of them", "point %s declared twice", pd.Name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Decl.Pos, "point")}
			continue
		}
		pt := &Point{Name: pd.Name, Decl: pd, Frame: c.newFrame("point " + pd.Name)}
		pt.Params = c.params(pt.Frame, pd.Params)
		for _, p := range pd.Params {
			if p.Default != nil {
				c.errorf(diag.CodeArgs, syntax.RangeOf(p.Default.Pos, p.Default.EndPos), "every interrupt passes every argument", "point parameters take no defaults")
			}
			if p.Name == cancelledName {
				c.errorf(diag.CodeCancelled, syntax.RangeAt(p.Pos, p.Name), "rename the parameter: every reaction's body has a built-in cancelled", "a point parameter cannot be named cancelled")
			}
		}
		c.m.Points[pd.Name] = pt
		c.m.PointList = append(c.m.PointList, pt)
	}
}

// checkPointTemplates checks the points' log templates.
func (c *checker) checkPointTemplates() {
	for _, pt := range c.m.PointList {
		if pt.Decl.Template != nil {
			pt.Template = c.template(string(*pt.Decl.Template), pt.Decl.Pos, pt.Decl.EndPos, true, pt.Frame, func(string) bool { return true })
		}
	}
}

// checkReactions checks every reaction: its point, its label (unique
// among the point's), its condition and its body.
func (c *checker) checkReactions() {
	labels := map[*Point]map[string]*syntax.ReactDecl{}
	for _, d := range c.f.Decls {
		rd := d.React
		if rd == nil {
			continue
		}
		pt := c.m.Points[rd.Point.Text]
		if pt == nil {
			c.errorf(diag.CodeUnknownPoint, syntax.RangeOf(rd.Point.Pos, rd.Point.EndPos),
				c.didYouMean(rd.Point.Text, keys(c.m.Points), "declare it with `point "+rd.Point.Text+"(...)`"), "unknown point %s", rd.Point.Text)
			continue
		}
		rc := &Reaction{Point: pt, Body: rd.Body, Decl: rd}
		if rd.Label != nil {
			rc.Label = string(*rd.Label)
			if labels[pt] == nil {
				labels[pt] = map[string]*syntax.ReactDecl{}
			}
			if prev := labels[pt][rc.Label]; prev != nil {
				e := c.errorf(diag.CodeReactLabel, syntax.RangeAt(rd.Pos, "react"), "give each reaction of a point its own label: variants override and remove reactions by it",
					"point %s has two reactions labelled %q", pt.Name, rc.Label)
				e.Related = &diag.Related{Message: "first here", Range: syntax.RangeAt(prev.Pos, "react")}
				continue
			}
			labels[pt][rc.Label] = rd
		}
		if rd.By != nil {
			rc.By = c.reactBy(pt, rd.By)
		}
		fr := &Frame{Name: "react " + pt.Name}
		for _, f := range pt.Frame.Fields {
			cp := *f
			fr.Fields = append(fr.Fields, &cp)
		}
		rc.Cancelled = &FrameField{Name: cancelledName, Type: c.u.Bool, param: true}
		fr.Fields = append(fr.Fields, rc.Cancelled)
		fr.buildLater()
		c.m.frames = append(c.m.frames, fr)
		rc.Frame = fr
		if rd.When != nil {
			rc.When = c.compile(rd.When, fr, func(string) bool { return true }, c.u.Bool)
		}
		c.quiet++
		(&bodyCheck{c: c, fr: fr, kind: bodyHandler, reaction: rc}).run(rd.Body)
		c.quiet--
		(&bodyCheck{c: c, fr: fr, kind: bodyHandler, reaction: rc, final: true}).run(rd.Body)
		pt.Reactions = append(pt.Reactions, rc)
	}
}

// reactBy finds the combatant parameter a reaction names with by.
func (c *checker) reactBy(pt *Point, n *syntax.Name) *ParamInfo {
	var names []string
	for _, p := range pt.Params {
		if p.Type.Kind == KCombatant {
			if p.Name == n.Text {
				return p
			}
			names = append(names, p.Name)
		}
	}
	c.errorf(diag.CodeReactBy, syntax.RangeOf(n.Pos, n.EndPos), c.didYouMean(n.Text, names, "by names a combatant parameter of the point: the one who reacts"),
		"point %s has no combatant parameter %s", pt.Name, n.Text)
	return nil
}

// checkUnusedPoints warns about a point no rule raises.
func (c *checker) checkUnusedPoints() {
	raised := map[*Point]bool{}
	for _, in := range c.m.Interrupts {
		raised[in.Point] = true
	}
	for _, pt := range c.m.PointList {
		if !raised[pt] {
			at := pt.Decl.Pos
			at.Advance("point ")
			c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(at, pt.Name), "raise it from a rule with `interrupt "+pt.Name+"(...) { ... }`, or remove it", "point %s is never raised", pt.Name)
		}
	}
}

// interrupt checks "interrupt POINT(ARGS) { PENDING } else { CANCELLED }".
func (bc *bodyCheck) interrupt(s *syntax.InterruptStmt) {
	c := bc.c
	pt := c.m.Points[s.Point.Text]
	if pt == nil {
		c.errorf(diag.CodeUnknownPoint, syntax.RangeOf(s.Point.Pos, s.Point.EndPos),
			c.didYouMean(s.Point.Text, keys(c.m.Points), "declare it with `point "+s.Point.Text+"(...)`"), "unknown point %s", s.Point.Text)
		for _, a := range s.Args {
			bc.compile(a, nil)
		}
		// Without the point its parameters are unknown: the blocks are
		// checked quietly rather than report each use of one.
		c.quiet++
		bc.optBlock(s.Pending)
		bc.optBlock(s.Else)
		c.quiet--
		return
	}
	bc.args("interrupt", "the point", pt.Name, syntax.RangeOf(s.Pos, s.Point.EndPos), s.Args, pt.Params)
	in := &Interrupt{Point: pt}
	bc.scopes = append(bc.scopes, map[string]bool{})
	if s.Pending != nil || s.Else != nil {
		for i, prm := range pt.Params {
			in.Locals = append(in.Locals, bc.pointLocal(s, i, prm))
		}
	} else {
		in.Locals = bc.passedBack(s, pt)
	}
	bc.optBlock(s.Pending)
	bc.optBlock(s.Else)
	bc.scopes = bc.scopes[:len(bc.scopes)-1]
	if bc.final {
		c.m.Interrupts[s] = in
	}
}

func (bc *bodyCheck) optBlock(b *syntax.Block) {
	if b != nil {
		bc.block(b)
	}
}

// pointLocal is the local of the raising body that holds the point's
// parameter i in the interrupt's blocks.
func (bc *bodyCheck) pointLocal(s *syntax.InterruptStmt, i int, prm *ParamInfo) *FrameField {
	c, name := bc.c, prm.Name
	ff := bc.fr.Lookup(name)
	if !bc.final {
		if ff == nil {
			ff = &FrameField{Name: name, Type: prm.Type, Decl: s.Point}
			bc.fr.Fields = append(bc.fr.Fields, ff)
			bc.fr.buildLater()
		}
		bc.scopes[len(bc.scopes)-1][name] = true
		return ff
	}
	passed := i < len(s.Args) && isBareName(s.Args[i], name)
	r := syntax.RangeOf(s.Point.Pos, s.Point.EndPos)
	switch {
	case ff == nil:
		c.errorf(diag.CodeScope, r, "", "internal: local %s missing from frame", name)
		return nil
	case (ff.param || ff.Global || bc.inScope(name)) && !passed:
		d := c.errorf(diag.CodeInterruptLocal, r,
			fmt.Sprintf("pass %s itself as the argument for %s, or rename this body's %s", name, name, name),
			"inside the blocks of interrupt %s, %s is the point's parameter: it would hide this body's %s", s.Point.Text, name, name)
		if ff.Decl != nil && ff.Decl != s.Point {
			d.Related = &diag.Related{Message: "declared here", Range: syntax.RangeOf(ff.Decl.Pos, ff.Decl.EndPos)}
		}
	case !Assignable(prm.Type, ff.Type) || !Assignable(ff.Type, prm.Type):
		c.errorf(diag.CodeInterruptLocal, r, "use another name for a local of another type",
			"the point's parameter %s is %s, but this body's %s is %s", name, prm.Type.Article(), name, ff.Type.Article())
	}
	bc.scopes[len(bc.scopes)-1][name] = true
	return ff
}

// passedBack is, for an interrupt without blocks, the body's local (or
// parameter) that takes each parameter back: one passed as that very
// argument, under the parameter's name and of its type (interrupt
// parry(self, foe, damage) with a local damage), as with blocks; nil
// for the others, which nothing reads back. So a reaction's change to
// such an argument holds whether or not the interrupt has blocks.
func (bc *bodyCheck) passedBack(s *syntax.InterruptStmt, pt *Point) []*FrameField {
	var back []*FrameField
	for i, prm := range pt.Params {
		var ff *FrameField
		if i < len(s.Args) && isBareName(s.Args[i], prm.Name) {
			if l := bc.fr.Lookup(prm.Name); l != nil && !l.Global && Assignable(prm.Type, l.Type) && Assignable(l.Type, prm.Type) {
				ff = l
			}
		}
		back = append(back, ff)
	}
	return back
}

// isBareName reports whether the expression is just the name.
func isBareName(e *syntax.Expr, name string) bool {
	return e != nil && len(e.Tokens) == 1 && e.Tokens[0].Type == syntax.TokIdent && e.Tokens[0].Value == name
}

// cancelPending checks a bare "cancel": only in a reaction's body, and
// not in a block scheduled for later (the pending block has long run).
func (bc *bodyCheck) cancelPending(s *syntax.Stmt) {
	at := syntax.RangeAt(s.Pos, "cancel")
	switch {
	case bc.reaction == nil:
		bc.c.errorf(diag.CodeCancelOutside, at, "a bare cancel stops what an interrupt holds pending, so it goes in a `react POINT { ... }` body; to drop a scheduled block, name it: cancel \"label\" for WHO",
			"cancel outside a reaction")
	case bc.scheduled > 0:
		bc.c.errorf(diag.CodeCancelOutside, at, "a scheduled block runs later, when the interrupt is over; cancel in the reaction's own body",
			"cancel inside a scheduled block")
	case bc.final:
		bc.c.m.CancelsPending[s.CancelPending] = bc.reaction
	}
}

// assignsCancelled reports, for an assignment whose target's root is
// root, that a reaction's cancelled is fray's to keep.
func (bc *bodyCheck) assignsCancelled(root *FrameField, r diag.Range) {
	if bc.reaction != nil && root == bc.reaction.Cancelled {
		bc.c.errorf(diag.CodeCancelled, r, "say `cancel` to stop what is pending; cancelled only reads whether a reaction did", "cannot assign to cancelled")
	}
}

// reactKey is a reaction's key for variants: "react POINT label", or
// "react POINT" for the point's reactions without a label (an override
// of that replaces all of them, as an override of "on EVENT" does).
func reactKey(point string, label *syntax.Str) string {
	if label == nil {
		return "react " + point
	}
	return "react " + point + " " + string(*label)
}
