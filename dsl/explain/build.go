package explain

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// Doc is a ruleset explained: plain data, rendered by Text and Markdown
// or written as JSON.
type Doc struct {
	Name      string   `json:"name"`
	File      string   `json:"file"`
	Source    string   `json:"source,omitempty"`
	Covers    []string `json:"covers,omitempty"`
	Segments  int      `json:"segments"`
	Default   string   `json:"default_action,omitempty"`
	Slots     string   `json:"slots,omitempty"` // "main 1, move 1": the action slots a round (slots.go)
	About     string   `json:"about,omitempty"`
	Variant   *Variant `json:"variant,omitempty"`
	Setup     []*Phase `json:"before_the_first_round"`
	Round     []*Phase `json:"each_round"`
	AtEnd     []*Phase `json:"at_the_end"`
	End       *End     `json:"end,omitempty"`
	Orders    []*Order `json:"orders"`
	Tables    []*Table `json:"tables"`
	Modifiers []*Mods  `json:"modifiers"`
	Actions   []*Proc  `json:"actions"`
	Events    []*Proc  `json:"events"`
	// Points (language v2, item 3): each with its reactions, in order.
	Points []*Proc `json:"points,omitempty"`
	Funcs  []*Item `json:"functions"`
	// Conditions (language v2): each with what it does, in order.
	Conditions []*Item `json:"conditions,omitempty"`
	Constants  []*Item `json:"constants"`
	SideAttrs  []*Item `json:"side_attributes"`
	CombAttrs  []*Item `json:"combatant_attributes"`
}

// Variant says what a variant changes in the ruleset it extends.
type Variant struct {
	Extends string   `json:"extends"`
	Changed []string `json:"changed,omitempty"`
	Added   []string `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
}

// The marks of what a variant changed.
const (
	MarkChanged = "changed by the variant"
	MarkAdded   = "added by the variant"
)

// Phase is a step of the procedure.
type Phase struct {
	Name  string  `json:"name"`
	When  string  `json:"when"`
	About string  `json:"about,omitempty"`
	Mark  string  `json:"mark,omitempty"`
	Uses  Uses    `json:"uses"`
	Steps []*Step `json:"steps"`
}

// End is what ends a fight.
type End struct {
	When  string `json:"when"`
	About string `json:"about,omitempty"`
	Mark  string `json:"mark,omitempty"`
}

// Table is a table with its rows.
type Table struct {
	Name  string   `json:"name"`
	About string   `json:"about,omitempty"`
	Mark  string   `json:"mark,omitempty"`
	Keys  []string `json:"keys"`
	Dice  *Roll    `json:"dice,omitempty"`
	TBA   bool     `json:"tba,omitempty"`
	Rows  []*Row   `json:"rows"`
}

// Row is one row of a table.
type Row struct {
	Keys   []string `json:"keys"`
	Label  string   `json:"label,omitempty"`
	Value  string   `json:"value,omitempty"`
	Effect []*Step  `json:"effect,omitempty"`
	Chance string   `json:"chance,omitempty"` // for a dice-fed table: how many of the totals select it
}

// Mods is a set of modifiers.
type Mods struct {
	Name      string    `json:"name"`
	Params    string    `json:"params"`
	Over      string    `json:"over,omitempty"`
	Aggregate string    `json:"aggregate"`
	About     string    `json:"about,omitempty"`
	Mark      string    `json:"mark,omitempty"`
	Rows      []*ModRow `json:"rows"`
}

// ModRow is one modifier.
type ModRow struct {
	Label string `json:"label"`
	Value string `json:"value"`
	When  string `json:"when,omitempty"`
	About string `json:"about,omitempty"`
}

// Proc is an action or an event: its form, its prose and its steps.
type Proc struct {
	Name     string  `json:"name"`
	Form     string  `json:"form"`
	Template string  `json:"template,omitempty"`
	About    string  `json:"about,omitempty"`
	Mark     string  `json:"mark,omitempty"`
	Uses     Uses    `json:"uses"`
	Steps    []*Step `json:"steps,omitempty"`
	shown    string  // Template as the checklist shows it (templates.go)
}

// Item is a constant, a function or an attribute: a name, its type and
// value, and its prose.
type Item struct {
	Name  string `json:"name"`
	Type  string `json:"type,omitempty"`
	Value string `json:"value,omitempty"`
	Roll  *Roll  `json:"roll,omitempty"`
	About string `json:"about,omitempty"`
	Mark  string `json:"mark,omitempty"`
}

type builder struct {
	m          *check.Model
	doc        *Doc
	comments   *comments
	constRolls map[string]Roll
	variant    string          // the variant's own file, "" for a base ruleset
	overrides  map[string]bool // what the variant overrides, by "kind name"
}

// Build explains a checked ruleset. own is the rule file itself as
// parsed, before any base was merged in: for a variant it says what the
// variant overrides and removes; nil when the ruleset extends nothing.
func Build(m *check.Model, own *syntax.File) *Doc {
	b := &builder{m: m, comments: indexComments(m.File), constRolls: map[string]Roll{}, overrides: map[string]bool{}}
	d := &Doc{Name: m.Name, File: m.File.Name, Source: m.Source, Covers: m.Covers, Segments: max(m.Segments, 1)}
	b.doc = d
	if m.Default != nil {
		d.Default = m.Default.Name
	}
	d.Slots = slotsText(m.Slots)
	if own != nil && len(m.File.Sources) > 1 {
		b.variant = own.Name
		d.Variant = b.variantOf(own)
	}
	// Constants first: the steps name their dice.
	for _, decl := range m.File.Decls {
		if c := decl.Const; c != nil {
			it := &Item{Name: c.Name, Value: c.Value.Raw(), About: b.about(c.Pos), Mark: b.mark(c.Pos, "const "+c.Name)}
			if c.Type != nil {
				it.Type = typeText(c.Type)
			}
			if r, ok := rollOf(it.Value, c.Name); ok {
				it.Roll = &r
				b.constRolls[c.Name] = r
			}
			d.Constants = append(d.Constants, it)
		}
	}
	for _, decl := range m.File.Decls {
		switch {
		case decl.Ruleset != nil:
			d.About = b.comments.above(decl.Pos)
		case decl.Schema != nil:
			b.schema(decl.Schema)
		case decl.Table != nil:
			d.Tables = append(d.Tables, b.table(decl.Table))
		case decl.Modifiers != nil:
			d.Modifiers = append(d.Modifiers, b.mods(decl.Modifiers))
		case decl.Action != nil:
			d.Actions = append(d.Actions, b.action(decl.Action))
		case decl.Event != nil:
			d.Events = append(d.Events, b.event(decl.Event))
		case decl.Point != nil:
			d.Points = append(d.Points, b.point(decl.Point)) // v2 item 3: points.go
		case decl.Func != nil:
			f := decl.Func
			var value string
			if f.Choice { // slots: a choice point's default policy
				value = fmt.Sprintf("%s(%s) = %s, unless the encounter answers (a choice)", f.Name, paramsText(f.Params), f.Body.Raw())
			} else if f.Block != nil { // v2: a procedure has statements, not one expression
				value = fmt.Sprintf("%s(%s), a procedure of %d statement(s)", f.Name, paramsText(f.Params), len(f.Block.Stmts))
			} else {
				value = fmt.Sprintf("%s(%s) = %s", f.Name, paramsText(f.Params), f.Body.Raw())
			}
			d.Funcs = append(d.Funcs, &Item{Name: f.Name, Type: typeText(f.Result), Value: value,
				About: b.about(f.Pos), Mark: b.mark(f.Pos, "fn "+f.Name)})
		case decl.Condition != nil:
			d.Conditions = append(d.Conditions, b.condition(decl.Condition))
		case decl.End != nil:
			d.End = &End{When: decl.End.When.Raw(), About: b.about(decl.End.Pos), Mark: b.mark(decl.End.Pos, "end")}
		}
	}
	// The phases in the order they run (a variant's before/after placed).
	for _, ph := range m.Phases {
		p := b.phase(ph)
		switch ph.When {
		case check.Once:
			d.Setup = append(d.Setup, p)
		case check.AtEnd:
			d.AtEnd = append(d.AtEnd, p)
		default:
			d.Round = append(d.Round, p)
		}
	}
	return d
}

func (b *builder) variantOf(own *syntax.File) *Variant {
	v := &Variant{}
	for _, decl := range own.Decls {
		switch {
		case decl.Ruleset != nil:
			for _, f := range decl.Ruleset.Fields {
				if f.Key == "extends" && len(f.Values) > 0 && f.Values[0].String != nil {
					v.Extends = string(*f.Values[0].String)
				}
			}
		case decl.Remove != nil:
			v.Removed = append(v.Removed, decl.Remove.Kind+" "+decl.Remove.Name)
		case decl.Schema != nil:
			for _, a := range decl.Schema.Attrs {
				name := decl.Schema.Kind + " attribute " + a.Name
				if decl.Override {
					b.overrides[decl.Schema.Kind+"."+a.Name] = true
					v.Changed = append(v.Changed, name)
				} else {
					v.Added = append(v.Added, name)
				}
			}
		default:
			key := check.DeclKey(decl)
			if key == "" {
				continue
			}
			if decl.Override {
				b.overrides[key] = true
				v.Changed = append(v.Changed, key)
			} else {
				v.Added = append(v.Added, key)
			}
		}
	}
	return v
}

// condition is a condition as an item: its lines joined, as written.
func (b *builder) condition(c *syntax.ConditionDecl) *Item {
	var what []string
	for _, it := range c.Items {
		switch {
		case it.CannotAct:
			what = append(what, "cannot act")
		case it.Lasts != nil:
			what = append(what, "lasts "+it.Lasts.Raw()+" rounds")
		case it.Adjust != nil:
			what = append(what, it.Adjust.Op+" "+it.Adjust.Attr.Text+" by "+it.Adjust.By.Raw())
		}
	}
	if len(what) == 0 {
		what = append(what, "no effect of its own (rules ask for it with has)")
	}
	return &Item{Name: c.Name, Value: strings.Join(what, "; "), About: b.about(c.Pos), Mark: b.mark(c.Pos, "condition "+c.Name)}
}

// touched lists, in order, what a variant changed or added among the
// names a body uses: constants, tables, modifiers and functions.
func (b *builder) touched(names map[string]bool) []string {
	if b.doc.Variant == nil {
		return nil
	}
	var out []string
	for _, list := range [][]string{b.doc.Variant.Changed, b.doc.Variant.Added} {
		for _, key := range list {
			kind, name, _ := strings.Cut(key, " ")
			switch kind {
			case "const", "table", "modifiers", "fn":
				if names[name] {
					out = append(out, key)
				}
			}
		}
	}
	return out
}

// mark says whether a declaration comes from the variant, and how.
func (b *builder) mark(pos lexer.Position, key string) string {
	if b.variant == "" || pos.Filename != b.variant {
		return ""
	}
	if b.overrides[key] {
		return MarkChanged
	}
	return MarkAdded
}

// about is the prose of a declaration: the comment block above it, and
// the comment that ends its first line.
func (b *builder) about(pos lexer.Position) string {
	above, at := b.comments.above(pos), b.comments.at(pos)
	switch {
	case above == "":
		return at
	case at == "":
		return above
	}
	return above + "\n\n" + at
}

func (b *builder) schema(s *syntax.SchemaDecl) {
	for _, a := range s.Attrs {
		it := &Item{Name: a.Name, Type: typeText(a.Type), About: b.about(a.Pos), Mark: b.mark(a.Pos, s.Kind+"."+a.Name)}
		if it.Mark == MarkAdded && b.overrides[s.Kind+"."+a.Name] {
			it.Mark = MarkChanged
		}
		if a.Default != nil && a.Derived {
			it.Value = "derived " + a.Default.Raw() // recomputed, never rolled
		} else if a.Default != nil {
			it.Value = a.Default.Raw()
			if r, ok := rollOf(it.Value, ""); ok {
				it.Roll = &r
			}
		}
		if s.Kind == "side" {
			b.doc.SideAttrs = append(b.doc.SideAttrs, it)
		} else {
			b.doc.CombAttrs = append(b.doc.CombAttrs, it)
		}
	}
}

func (b *builder) phase(ph *check.Phase) *Phase {
	d := ph.Decl
	when := map[check.PhaseWhen]string{check.Once: "once, before the first round", check.EachRound: "each round",
		check.EachSegment: fmt.Sprintf("in each segment (1-%d) of every round", max(b.m.Segments, 1)), check.AtEnd: "once, when the fight is over"}[ph.When]
	p := &Phase{Name: ph.Name, When: when, About: b.about(d.Pos), Mark: b.mark(d.Pos, "phase "+ph.Name)}
	p.Steps, p.Uses = b.walk("phase "+ph.Name, ph.Body)
	return p
}

func (b *builder) table(t *syntax.TableDecl) *Table {
	out := &Table{Name: t.Name, About: b.about(t.Pos), Mark: b.mark(t.Pos, "table "+t.Name), TBA: t.TBA}
	for _, p := range t.Params {
		out.Keys = append(out.Keys, p.Name)
	}
	var ct *check.Table
	if b.m.Tables != nil {
		ct = b.m.Tables[t.Name]
	}
	if t.Dice != nil {
		if r, ok := rollOf(t.Dice.Text, ""); ok {
			out.Dice = &r
		}
		if len(out.Keys) == 0 {
			out.Keys = []string{"roll"}
		}
	} else if len(out.Keys) == 0 {
		out.Keys = []string{"key"}
	}
	var picks []int
	if ct != nil && ct.Dice != nil {
		picks = totalsPerRow(ct)
	}
	for i, row := range t.Rows {
		r := &Row{}
		for _, k := range row.Keys {
			r.Keys = append(r.Keys, keyText(k))
		}
		if row.Label != nil {
			r.Label = oneLine(string(*row.Label))
		}
		if row.Value != nil {
			r.Value = row.Value.Raw()
		}
		if row.Effect != nil {
			r.Effect, _ = b.walk("table "+t.Name, row.Effect)
		}
		if picks != nil && i < len(picks) {
			r.Chance = fmt.Sprintf("%d of %d totals", picks[i], ct.Dice.Max-ct.Dice.Min+1)
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}

func keyText(k *syntax.Key) string {
	switch {
	case k.Any:
		return "any"
	case k.String != nil:
		return fmt.Sprintf("%q", string(*k.String))
	case k.Range != nil:
		s := numText(k.Range.Lo)
		switch {
		case k.Range.Plus:
			s += "+"
		case k.Range.Hi != nil:
			s += "-" + numText(k.Range.Hi)
		}
		return s
	}
	return ""
}

func numText(n *syntax.NumberLit) string {
	if n == nil {
		return ""
	}
	if n.Neg {
		return "-" + n.Text
	}
	return n.Text
}

func (b *builder) mods(m *syntax.ModifiersDecl) *Mods {
	out := &Mods{Name: m.Name, Params: paramsText(m.Params), Aggregate: m.Aggregate, About: b.about(m.Pos), Mark: b.mark(m.Pos, "modifiers "+m.Name)}
	if out.Aggregate == "" {
		out.Aggregate = "sum"
	}
	if m.Over != nil {
		out.Over = fmt.Sprintf("%s as %s", m.Over.List.Raw(), m.Over.Var)
	}
	for _, r := range m.Rows {
		row := &ModRow{Label: string(r.Label), Value: r.Value.Raw(), About: b.comments.at(r.Pos)}
		if r.When != nil {
			row.When = r.When.Raw()
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

func (b *builder) action(a *syntax.ActionDecl) *Proc {
	p := &Proc{Name: a.Name, Form: fmt.Sprintf("%s(%s)%s", a.Name, paramsText(a.Params), costsText(a.Costs)), About: b.about(a.Pos), Mark: b.mark(a.Pos, "action "+a.Name)}
	p.Steps, p.Uses = b.walk("action "+a.Name, a.Body)
	return p
}

// event explains an event with every handler of it (merged: a variant's
// override has replaced the base's).
func (b *builder) event(e *syntax.EventDecl) *Proc {
	p := &Proc{Name: e.Name, Form: fmt.Sprintf("%s(%s)", e.Name, paramsText(e.Params)), About: b.about(e.Pos), Mark: b.mark(e.Pos, "event "+e.Name)}
	if e.Template != nil {
		p.Template = string(*e.Template)
		p.shown = b.quoted(p.Template, e.Pos, e.EndPos, true)
	}
	for _, decl := range b.m.File.Decls {
		h := decl.Handler
		if h == nil || h.Event != e.Name {
			continue
		}
		steps, uses := b.walk("on "+h.Event, h.Body)
		wrap := &Step{Text: "when it happens:", Note: b.about(h.Pos), Steps: steps}
		if mk := b.mark(h.Pos, "on "+h.Event); mk != "" {
			wrap.Text = "when it happens (" + mk + "):"
		}
		p.Steps = append(p.Steps, wrap)
		p.Uses.Rolls = append(p.Uses.Rolls, uses.Rolls...)
		p.Uses.Tables = append(p.Uses.Tables, uses.Tables...)
		p.Uses.Modifiers = append(p.Uses.Modifiers, uses.Modifiers...)
		p.Uses.Funcs = append(p.Uses.Funcs, uses.Funcs...)
		p.Uses.Changed = append(p.Uses.Changed, uses.Changed...)
	}
	return p
}

func paramsText(ps []*syntax.Param) string {
	var parts []string
	for _, p := range ps {
		s := p.Name + ": " + typeText(p.Type)
		if p.Default != nil {
			s += " = " + p.Default.Raw()
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func typeText(t *syntax.TypeRef) string {
	if t == nil {
		return ""
	}
	if t.List != nil {
		return "list[" + typeText(t.List) + "]"
	}
	return t.Name
}

// oneLine writes the line breaks of a rule's string as \n: a label shown
// on its line cannot make a line of its own.
func oneLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}
