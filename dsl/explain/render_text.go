package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
)

// width is where the text form wraps prose.
const width = 78

// Text writes the checklist as plain text: numbered phases, their steps
// as "[ ]" lines to tick, then the reference (ties, tables, modifiers,
// actions, events, constants, attributes).
func Text(w io.Writer, d *Doc) error {
	t := &textOut{w: w}
	// The title escaped here, not by the caller's line escaper, so that
	// its rule of = is as long as the title shown.
	title := diag.Escape(strings.ToUpper(d.Name), false)
	t.line(0, title)
	t.line(0, strings.Repeat("=", len([]rune(title))))
	t.line(0, "file: "+oneLine(d.File))
	if d.Source != "" {
		t.line(0, "source: "+oneLine(d.Source))
	}
	if len(d.Covers) > 0 {
		t.wrap(0, "covers: "+oneLine(strings.Join(d.Covers, ", ")))
	}
	t.line(0, roundLine(d))
	t.para(0, d.About)
	if v := d.Variant; v != nil {
		t.heading("WHAT THIS VARIANT CHANGES")
		t.wrap(0, "It extends "+oneLine(v.Extends)+"; the rest of this checklist is the merged procedure, with what the variant changed marked.")
		t.list(2, "changes", v.Changed)
		t.list(2, "adds", v.Added)
		t.list(2, "removes", v.Removed)
	}
	n := 0
	for _, sec := range []struct {
		title  string
		phases []*Phase
	}{{"BEFORE THE FIRST ROUND", d.Setup}, {"EACH ROUND", d.Round}, {"WHEN THE FIGHT IS OVER", d.AtEnd}} {
		if len(sec.phases) == 0 {
			continue
		}
		t.heading(sec.title)
		for _, p := range sec.phases {
			n++
			t.phase(n, p)
		}
	}
	t.heading("WHAT ENDS THE FIGHT")
	if d.End != nil {
		t.wrap(2, "The fight ends as soon as this holds (checked after every phase): "+d.End.When+markText(d.End.Mark))
		t.para(2, d.End.About)
	} else {
		t.wrap(2, "The rule file gives no end condition: the fight ends at the round limit.")
	}
	if len(d.Orders) > 0 {
		t.heading("ORDERS AND TIE RULES")
		for _, o := range d.Orders {
			t.wrap(2, fmt.Sprintf("%s: %s", o.Where, o.Items))
			for i, k := range o.Keys {
				lead := "by"
				if i > 0 {
					lead = "ties broken by"
				}
				t.wrap(6, fmt.Sprintf("%s %s, %s (%s)", lead, k.Label, k.Direction, k.Expr))
			}
			t.wrap(6, o.Ties)
		}
	}
	if len(d.Tables) > 0 {
		t.heading("TABLES")
		for _, tb := range d.Tables {
			t.table(tb)
		}
	}
	if len(d.Modifiers) > 0 {
		t.heading("MODIFIERS")
		for _, m := range d.Modifiers {
			t.mods(m)
		}
	}
	t.procs("ACTIONS", d.Actions)
	t.procs("EVENTS", d.Events)
	t.procs("POINTS AND REACTIONS", d.Points)
	t.items("CONDITIONS", d.Conditions)
	t.items("FUNCTIONS", d.Funcs)
	t.items("CONSTANTS", d.Constants)
	t.items("SIDE ATTRIBUTES", d.SideAttrs)
	t.items("COMBATANT ATTRIBUTES", d.CombAttrs)
	return t.err
}

func roundLine(d *Doc) string {
	s := "a round is one turn of the phases below"
	if d.Segments > 1 {
		s = fmt.Sprintf("a round has %d segments", d.Segments)
	}
	if d.Default != "" {
		s += "; whoever declares nothing: " + d.Default
	}
	if d.Slots != "" {
		s += "; action slots a round: " + d.Slots
	}
	return s
}

func markText(mark string) string {
	if mark == "" {
		return ""
	}
	return " [" + mark + "]"
}

type textOut struct {
	w   io.Writer
	err error
}

func (t *textOut) line(indent int, s string) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, "%s%s\n", strings.Repeat(" ", indent), s)
	}
}

func (t *textOut) heading(s string) {
	t.line(0, "")
	t.line(0, s)
}

// wrap writes s wrapped at width, every line at indent.
func (t *textOut) wrap(indent int, s string) { t.wrapHang(indent, indent, s) }

// wrapHang writes s wrapped, its first line at first and the rest at rest.
func (t *textOut) wrapHang(first, rest int, s string) {
	at := first
	var cur []string
	n := 0
	// Split on single spaces, not Fields: the runs of spaces inside a
	// rule's strings and expressions are kept.
	for _, word := range strings.Split(strings.TrimSpace(s), " ") {
		if len(cur) > 0 && word != "" && at+n+1+len([]rune(word)) > width {
			t.line(at, strings.Join(cur, " "))
			at, cur, n = rest, nil, 0
		}
		if len(cur) > 0 {
			n++
		}
		cur = append(cur, word)
		n += len([]rune(word))
	}
	if len(cur) > 0 {
		t.line(at, strings.Join(cur, " "))
	}
}

// para writes prose: paragraphs wrapped, a blank line before each.
func (t *textOut) para(indent int, s string) {
	if s == "" {
		return
	}
	for _, p := range strings.Split(s, "\n\n") {
		t.line(0, "")
		t.wrap(indent, p)
	}
}

func (t *textOut) list(indent int, label string, items []string) {
	if len(items) > 0 {
		t.wrap(indent, label+": "+strings.Join(items, ", "))
	}
}

func (t *textOut) phase(n int, p *Phase) {
	t.line(0, "")
	t.wrap(0, fmt.Sprintf("%d. %s (%s)%s", n, p.Name, p.When, markText(p.Mark)))
	if p.About != "" {
		for _, para := range strings.Split(p.About, "\n\n") {
			t.wrap(3, para)
		}
	}
	t.uses(3, p.Uses)
	t.steps(3, p.Steps)
}

func (t *textOut) uses(indent int, u Uses) {
	var rolls []string
	for _, r := range u.Rolls {
		rolls = append(rolls, r.String())
	}
	if len(rolls) > 0 {
		t.wrap(indent, "rolls: "+strings.Join(rolls, "; "))
	}
	t.list(indent, "tables", u.Tables)
	t.list(indent, "modifiers", u.Modifiers)
	t.list(indent, "functions", u.Funcs)
	if len(u.Changed) > 0 {
		t.wrap(indent, "[uses what the variant changed: "+strings.Join(u.Changed, ", ")+"]")
	}
}

func (t *textOut) steps(indent int, steps []*Step) {
	for _, s := range steps {
		if s.Note != "" {
			for _, para := range strings.Split(s.Note, "\n\n") {
				t.wrapHang(indent, indent+2, "# "+para)
			}
		}
		t.wrapHang(indent, indent+4, "[ ] "+s.Text)
		t.steps(indent+4, s.Steps)
	}
}

func (t *textOut) table(tb *Table) {
	t.line(0, "")
	head := fmt.Sprintf("table %s(%s)", tb.Name, strings.Join(tb.Keys, ", "))
	if tb.Dice != nil {
		head += ", rolled on " + tb.Dice.String()
	}
	t.wrap(2, head+markText(tb.Mark))
	t.para(4, tb.About)
	if tb.TBA {
		t.wrap(4, "to be announced: the source gives no rows")
		return
	}
	rows := [][]string{{strings.Join(tb.Keys, ", "), "result"}}
	for _, r := range tb.Rows {
		res := r.Label
		if r.Value != "" {
			if res != "" {
				res += ": "
			}
			res += r.Value
		}
		if r.Chance != "" {
			res += " (" + r.Chance + ")"
		}
		if len(r.Effect) > 0 {
			res += " (and an effect, below)"
		}
		rows = append(rows, []string{strings.Join(r.Keys, ", "), res})
	}
	keyW := 0
	for _, r := range rows {
		keyW = max(keyW, len([]rune(r[0])))
	}
	for i, r := range rows {
		// Not wrapped: the columns keep their alignment.
		t.line(4, r[0]+strings.Repeat(" ", keyW-len([]rune(r[0])))+" | "+r[1])
		if i == 0 {
			t.line(4, strings.Repeat("-", keyW)+"-+-"+strings.Repeat("-", 6))
		}
	}
	for _, r := range tb.Rows {
		if len(r.Effect) > 0 {
			t.wrap(4, "effect of "+strings.Join(r.Keys, ", ")+":")
			t.steps(6, r.Effect)
		}
	}
}

func (t *textOut) mods(m *Mods) {
	t.line(0, "")
	head := fmt.Sprintf("modifiers %s(%s)", m.Name, m.Params)
	if m.Over != "" {
		head += " over " + m.Over
	}
	t.wrap(2, head+", taking the "+aggregateText(m.Aggregate)+markText(m.Mark))
	t.para(4, m.About)
	for _, r := range m.Rows {
		s := fmt.Sprintf("%q %s", r.Label, r.Value)
		if r.When != "" {
			s += " when " + r.When
		}
		if r.About != "" {
			s += "  # " + r.About
		}
		t.wrapHang(4, 8, s)
	}
}

func aggregateText(a string) string {
	switch a {
	case "sum":
		return "sum of those that apply"
	case "max", "best":
		return "highest of those that apply (" + a + ")"
	case "min", "worst":
		return "lowest of those that apply (" + a + ")"
	}
	return a
}

func (t *textOut) procs(title string, ps []*Proc) {
	if len(ps) == 0 {
		return
	}
	t.heading(title)
	for _, p := range ps {
		t.line(0, "")
		head := p.Form
		if p.Template != "" {
			head += ": " + p.shown
		}
		t.wrapHang(2, 6, head+markText(p.Mark))
		if p.About != "" {
			for _, para := range strings.Split(p.About, "\n\n") {
				t.wrap(4, para)
			}
		}
		t.uses(4, p.Uses)
		t.steps(4, p.Steps)
	}
}

func (t *textOut) items(title string, items []*Item) {
	if len(items) == 0 {
		return
	}
	t.heading(title)
	for _, it := range items {
		s := it.Name
		if it.Type != "" {
			s += ": " + it.Type
		}
		if it.Value != "" {
			s += " = " + it.Value
		}
		if it.Roll != nil {
			s += " (" + rangeText(it.Roll.Min, it.Roll.Max) + ", average " + avgText(it.Roll.Average) + ")"
		}
		s += markText(it.Mark)
		if it.About != "" {
			s += " — " + strings.ReplaceAll(it.About, "\n\n", " ")
		}
		t.wrapHang(2, 6, s)
	}
}
