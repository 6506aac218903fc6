package explain

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
)

// Step is one line of a checklist, with the steps it governs (the body
// of a loop, of an if, of a segment) and the file's note on it.
type Step struct {
	Text  string  `json:"text"`
	Note  string  `json:"note,omitempty"`
	Steps []*Step `json:"steps,omitempty"`
}

// Order is a loop that puts items in order: the keys that sort it and
// what happens to the items its keys leave tied.
type Order struct {
	Where string `json:"where"` // the phase, action or handler
	Items string `json:"items"` // "c in fighting(combatants)"
	Keys  []Key  `json:"keys"`
	Ties  string `json:"ties"`
}

// Key is one sort key of an order.
type Key struct {
	Label     string `json:"label"`
	Expr      string `json:"expr"`
	Direction string `json:"direction"`
}

// Uses is what a body rolls and consults.
type Uses struct {
	Rolls     []Roll   `json:"rolls,omitempty"`
	Tables    []string `json:"tables,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	Funcs     []string `json:"functions,omitempty"`
	// Changed are the declarations the body names that a variant changed
	// or added ("const use_tie_breaks"): the body is the same, but what it
	// does is not.
	Changed []string `json:"variant_changed,omitempty"`
}

// walker turns bodies into steps, gathering what they use.
type walker struct {
	b     *builder
	where string
	file  string
	notes map[int]string // the comments of the body, by the line they describe
	uses  Uses
	seen  map[string]bool
	names map[string]bool // every name the body's expressions use
}

func (b *builder) walk(where string, blk *syntax.Block) ([]*Step, Uses) {
	if blk == nil {
		return nil, Uses{}
	}
	w := &walker{b: b, where: where, file: blk.Pos.Filename, seen: map[string]bool{}, names: map[string]bool{},
		notes: b.comments.within(blk.Pos.Filename, blk.Pos.Line+1, blk.EndPos.Line-1)}
	steps := w.block(blk)
	w.uses.Changed = b.touched(w.names)
	return steps, w.uses
}

func (w *walker) block(blk *syntax.Block) []*Step {
	if blk == nil {
		return nil
	}
	var out []*Step
	for _, s := range blk.Stmts {
		steps := w.stmt(s)
		if len(steps) == 0 {
			continue
		}
		steps[0].Note = w.notes[s.Pos.Line]
		if steps[0].Note == "" {
			steps[0].Note = w.b.comments.at(s.Pos)
		}
		out = append(out, steps...)
	}
	return out
}

func (w *walker) stmt(s *syntax.Stmt) []*Step {
	one := func(st *Step) []*Step { return []*Step{st} }
	switch {
	case s.Let != nil:
		return one(&Step{Text: fmt.Sprintf("let %s = %s", s.Let.Name.Text, w.expr(s.Let.Value))})
	case s.If != nil:
		return w.ifSteps(s.If, "")
	case s.For != nil:
		return one(w.forStep(s.For))
	case s.Group != nil:
		return one(w.groupStep(s.Group)) // steps_group.go
	case s.Emit != nil:
		return one(w.emitStep(s.Emit))
	case s.Act != nil:
		if s.Act.Held { // slots: the held declaration, out of turn
			with := ""
			for i, a := range s.Act.With {
				sep := ", "
				if i == 0 {
					sep = ", with "
				}
				with += sep + a.Name.Text + " = " + w.expr(a.Value)
			}
			return one(&Step{Text: fmt.Sprintf("%s acts now: perform its held declaration, if it holds one%s", w.expr(&s.Act.Who.Expr), with)})
		}
		return one(&Step{Text: fmt.Sprintf("%s acts: resolve its declared action", w.expr(&s.Act.Who.Expr))})
	case s.Declare != nil:
		if s.Declare.Who != nil {
			return one(&Step{Text: fmt.Sprintf("%s declares its action", w.expr(s.Declare.Who))})
		}
		return one(&Step{Text: "every combatant able to declares its action for the round"})
	case s.Schedule != nil:
		return one(w.scheduleStep(s.Schedule)) // steps_timed.go
	case s.Cancel != nil:
		return one(&Step{Text: fmt.Sprintf("cancel what is scheduled as %q for %s", string(s.Cancel.Label), w.expr(s.Cancel.Who))})
	case s.Engage != nil:
		return one(&Step{Text: fmt.Sprintf("%s and %s are engaged in melee", w.expr(s.Engage.Who), w.expr(s.Engage.With))})
	case s.Disengage != nil:
		if s.Disengage.From != nil {
			return one(&Step{Text: fmt.Sprintf("%s is no longer engaged with %s", w.expr(s.Disengage.Who), w.expr(s.Disengage.From))})
		}
		return one(&Step{Text: fmt.Sprintf("%s is no longer engaged with anyone", w.expr(s.Disengage.Who))})
	case s.Segment != nil:
		st := &Step{Text: fmt.Sprintf("in segment %s:", w.expr(s.Segment.N))}
		st.Steps = w.block(s.Segment.Body)
		return one(st)
	case s.Log != nil:
		return one(&Step{Text: "say: " + w.b.quoted(string(s.Log.Text), s.Pos, s.EndPos, false)})
	case s.Apply != nil:
		return one(w.applyStep(s.Apply))
	case s.ApplyCondition != nil:
		a := s.ApplyCondition
		text := fmt.Sprintf("%s is %s", w.expr(&a.Target.Expr), a.Name.Text)
		if a.For != nil {
			text += fmt.Sprintf(" for %s rounds", w.expr(&a.For.Expr))
		}
		return one(&Step{Text: text + " (condition)"})
	case s.RemoveCondition != nil:
		rm := s.RemoveCondition
		return one(&Step{Text: fmt.Sprintf("%s is no longer %s (condition)", w.expr(rm.Target), rm.Name.Text)})
	case s.Return != nil && s.Return.Value != nil: // v2: a procedure's value
		return one(&Step{Text: fmt.Sprintf("the result is %s; stop here", w.expr(s.Return.Value))})
	case s.Return != nil:
		return one(&Step{Text: "stop here"})
	case s.Call != nil: // v2: run a procedure
		var args []string
		for _, a := range s.Call.Args {
			args = append(args, w.expr(a))
		}
		w.names[s.Call.Fn.Text] = true
		w.useName(s.Call.Fn.Text)
		return one(&Step{Text: fmt.Sprintf("do %s(%s)", s.Call.Fn.Text, strings.Join(args, ", "))})
	case s.While != nil:
		return one(&Step{Text: fmt.Sprintf("while %s, repeat:", w.expr(s.While.Cond)), Steps: w.block(s.While.Body)})
	case s.Referee != nil:
		return one(&Step{Text: "the referee rolls:", Steps: w.block(s.Referee.Body)})
	case s.Interrupt != nil: // v2 item 3: points.go
		return w.interruptSteps(s.Interrupt)
	case s.CancelPending != nil:
		return one(&Step{Text: "cancel what the point holds pending"})
	case s.Assign != nil:
		return one(&Step{Text: fmt.Sprintf("%s %s %s", pathText(s.Assign.Target), s.Assign.Op, w.expr(s.Assign.Value))})
	}
	return nil
}

// ifSteps reads an if and its else-ifs and else as sibling steps: "if
// ...", "otherwise, if ...", "otherwise". The chain is walked in a loop:
// read by recursion, each else-if copied the steps of those after it,
// and a chain of 50 000 took 16 s.
func (w *walker) ifSteps(n *syntax.IfStmt, prefix string) []*Step {
	var out []*Step
	for {
		out = append(out, &Step{Text: fmt.Sprintf("%sif %s:", prefix, w.expr(n.Cond)), Steps: w.block(n.Then)})
		switch {
		case n.Else == nil:
			return out
		case n.Else.If != nil:
			n, prefix = n.Else.If, "otherwise, "
		default:
			return append(out, &Step{Text: "otherwise:", Steps: w.block(n.Else.Block)})
		}
	}
}

func (w *walker) forStep(n *syntax.ForStmt) *Step {
	if n.Clock != nil {
		return w.timedStep(n) // steps_timed.go
	}
	if o := w.b.m.OrderUses[n]; o != nil && o.A != nil {
		return w.pairStep(n, o) // steps_group.go
	}
	items := fmt.Sprintf("%s in %s", n.Var.Text, w.expr(&n.List.Expr))
	if len(n.Keys) == 0 {
		text := "for each " + items + ":"
		if n.Simultaneous {
			text = "for each " + items + ", all at once (their effects land together):"
		}
		return &Step{Text: text, Steps: w.block(n.Body)}
	}
	o := &Order{Where: w.where, Items: items}
	parts := w.orderKeys(o, n.Keys)
	o.Ties = "items still tied on every key keep the list's order"
	if n.Simultaneous {
		o.Ties = "items tied on every key act simultaneously: their effects land together"
	}
	w.b.doc.Orders = append(w.b.doc.Orders, o)
	text := fmt.Sprintf("for each %s, in order of %s; %s:", items, strings.Join(parts, ", then "), o.Ties)
	return &Step{Text: text, Steps: w.block(n.Body)}
}

func (w *walker) emitStep(n *syntax.EmitStmt) *Step {
	var args []string
	for _, a := range n.Args {
		args = append(args, w.expr(a))
	}
	text := fmt.Sprintf("%s(%s)", n.Event.Text, strings.Join(args, ", "))
	if ev := w.b.m.Events[n.Event.Text]; ev != nil && ev.Decl != nil && ev.Decl.Template != nil && *ev.Decl.Template != "" {
		text += ": " + w.b.quoted(string(*ev.Decl.Template), ev.Decl.Pos, ev.Decl.EndPos, true)
	}
	return &Step{Text: "event " + text}
}

func (w *walker) applyStep(n *syntax.ApplyStmt) *Step {
	w.names[n.Table.Text] = true
	w.useName(n.Table.Text)
	var keys []string
	for _, k := range n.Keys {
		keys = append(keys, w.expr(k))
	}
	how := "roll on table " + n.Table.Text
	if len(keys) > 0 {
		how = fmt.Sprintf("look up table %s(%s)", n.Table.Text, strings.Join(keys, ", "))
	}
	return &Step{Text: fmt.Sprintf("%s and apply the row's effect to %s", how, w.expr(n.Target))}
}

// expr is an expression's text, noting the dice it rolls and the
// tables, modifiers and dice constants it names.
func (w *walker) expr(e *syntax.Expr) string {
	if e == nil {
		return ""
	}
	for _, t := range e.Tokens {
		if t.Type == syntax.TokDice && !w.seen["dice "+t.Value] {
			w.seen["dice "+t.Value] = true
			if r, ok := rollOf(t.Value, ""); ok {
				w.uses.Rolls = append(w.uses.Rolls, r)
			}
		}
	}
	for _, name := range e.Names() {
		w.names[name] = true
		w.useName(name)
	}
	return e.Raw()
}

func (w *walker) useName(name string) {
	if w.seen[name] {
		return
	}
	switch {
	case w.b.m.Tables[name] != nil:
		w.seen[name] = true
		w.uses.Tables = append(w.uses.Tables, name)
	case w.b.m.Modifiers[name] != nil:
		w.seen[name] = true
		w.uses.Modifiers = append(w.uses.Modifiers, name)
	case w.b.m.Funcs[name] != nil:
		w.seen[name] = true
		w.uses.Funcs = append(w.uses.Funcs, name)
	default:
		if r, ok := w.b.constRolls[name]; ok {
			w.seen[name] = true
			w.uses.Rolls = append(w.uses.Rolls, r)
		}
	}
}

func pathText(p *syntax.Path) string {
	var parts []string
	for _, n := range p.Parts {
		parts = append(parts, n.Text)
	}
	return strings.Join(parts, ".")
}
